import type { JsonObject } from '../../json/json-fields.js'
import { message, readMessage, scalar } from './message-schema.js'
import { ProtobufError, WIRE_BYTES, WireReader } from './wire-reader.js'

/**
 * The envelope around every protobuf body of the API server (apimachinery
 * pkg/runtime/serializer/protobuf `Serializer.Decode`): the four bytes `k8s\0`, then a
 * runtime.Unknown (pkg/runtime/generated.proto) whose `raw` holds the object's own message and
 * whose `typeMeta` names its kind.
 */

/** `protoEncodingPrefix`: "k8s" and a zero byte. */
export const PREFIX = [0x6b, 0x38, 0x73, 0x00] as const

/** The Content-Type the API server answers protobuf with (runtime.ContentTypeProtobuf). */
export const PROTOBUF_CONTENT_TYPE = 'application/vnd.kubernetes.protobuf'

/** runtime.Unknown's fields (typeMeta=1, raw=2, contentEncoding=3, contentType=4). */
export const UNKNOWN_TYPE_META = 1
export const UNKNOWN_RAW = 2
export const UNKNOWN_CONTENT_ENCODING = 3
/** runtime.TypeMeta's fields: apiVersion=1, kind=2 (the reverse of meta/v1's TypeMeta). */
const TYPE_META_API_VERSION = 1
const TYPE_META_KIND = 2

export interface Envelope {
  readonly apiVersion: string
  readonly kind: string
  /** Where the object's message lies in the body. */
  readonly start: number
  readonly end: number
}

export function readTypeMeta(reader: WireReader): { apiVersion: string; kind: string } {
  const typeMeta = { apiVersion: '', kind: '' }
  while (reader.more()) {
    const tag = reader.tag()
    if (tag === ((TYPE_META_API_VERSION << 3) | WIRE_BYTES)) typeMeta.apiVersion = reader.string()
    else if (tag === ((TYPE_META_KIND << 3) | WIRE_BYTES)) typeMeta.kind = reader.string()
    else reader.skip(tag & 7)
  }
  return typeMeta
}

/** The object's bytes: where they lie, passed over. */
function rawSpan(reader: WireReader): { start: number; end: number } {
  const end = reader.lengthEnd()
  const start = reader.pos
  reader.pos = end
  return { start, end }
}

/**
 * The envelope of a whole body: its kind and where its object lies. A body without the prefix,
 * an encoding other than none (the API server writes none) or no `raw` is refused.
 */
export function readEnvelope(body: Uint8Array): Envelope {
  const reader = new WireReader(body)
  for (const [i, byte] of PREFIX.entries()) {
    if (body[i] !== byte) reader.fail('the body does not start with the protobuf prefix k8s\\0', i)
  }
  reader.pos = PREFIX.length
  let typeMeta = { apiVersion: '', kind: '' }
  let raw: { start: number; end: number } | null = null
  while (reader.more()) {
    const at = reader.pos
    const tag = reader.tag()
    const field = tag >>> 3
    if (field !== UNKNOWN_TYPE_META && field !== UNKNOWN_RAW && field !== UNKNOWN_CONTENT_ENCODING)
      reader.skip(tag & 7)
    else if ((tag & 7) !== WIRE_BYTES) reader.fail(`runtime.Unknown field ${field} is no bytes`, at)
    else if (field === UNKNOWN_TYPE_META) typeMeta = reader.nested(readTypeMeta)
    else if (field === UNKNOWN_RAW) raw = rawSpan(reader)
    else if (reader.string() !== '') reader.fail('a content encoding other than none', at)
  }
  if (raw === null) return reader.fail('runtime.Unknown has no raw object', PREFIX.length)
  return { ...typeMeta, start: raw.start, end: raw.end }
}

/**
 * A refusal the API server answers in protobuf: it writes its Status in the encoding the
 * request asked for (apiserver's responsewriters `ErrorNegotiated`), so a list asked for in
 * protobuf is refused with a meta/v1 Status {status=2, message=3, reason=4, code=6}.
 */

const STATUS = message('Status', {
  2: scalar('string', 'status'),
  3: scalar('string', 'message'),
  4: scalar('string', 'reason'),
  6: scalar('int32', 'code'),
})

/** The Status as its JSON has it, or null for a body that is not one. */
export function readStatusBody(body: Uint8Array): JsonObject | null {
  try {
    const envelope = readEnvelope(body)
    if (envelope.kind !== 'Status') return null
    return readMessage(new WireReader(body, envelope.start, envelope.end), STATUS)
  } catch (err) {
    if (err instanceof ProtobufError) return null
    throw err
  }
}
