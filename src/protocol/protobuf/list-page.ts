import type { JsonObject } from '../../json/json-fields.js'
import { NODE, POD } from './core-v1.js'
import { readEnvelope } from './envelope.js'
import { readMessage, type Message } from './message-schema.js'
import { LIST_META } from './meta-v1.js'
import { ProtobufError, WIRE_BYTES, WireReader } from './wire-reader.js'

/**
 * One page of a pods or nodes list answered as protobuf, read into what JSON.parse builds of
 * the same page in JSON: the list's kind (from the envelope), its metadata, and its items, each
 * the plain object of the members the decoders read, built when the reader asks for it.
 * PodList and NodeList are {metadata=1 ListMeta, items=2} (core/v1 generated.proto).
 */

const LIST_METADATA_TAG = (1 << 3) | WIRE_BYTES
const LIST_ITEMS_TAG = (2 << 3) | WIRE_BYTES
const RAW_TAG = (2 << 3) | WIRE_BYTES
const PREFIX_LENGTH = 4

/** The lists whose items are decoded, by the kind the envelope names. */
const ITEM_MESSAGES: ReadonlyMap<string, Message> = new Map([
  ['PodList', POD],
  ['NodeList', NODE],
])

export interface ProtobufListPage {
  readonly kind: string
  /** ListMeta as JSON has it: `continue`, `remainingItemCount`, `resourceVersion` when set. */
  readonly metadata: JsonObject
  readonly count: number
  /** The items in order, each decoded as it is reached. */
  items(): Iterable<unknown>
}

/** The whole page's body: envelope, list metadata and where each item lies. */
export function readListPage(body: Uint8Array): ProtobufListPage {
  const envelope = readEnvelope(body)
  const item = ITEM_MESSAGES.get(envelope.kind)
  const reader = new WireReader(body, envelope.start, envelope.end)
  if (item === undefined)
    return reader.fail(
      `a ${envelope.kind || 'kindless'} body, not a PodList or NodeList`,
      envelope.start
    )
  let metadata: JsonObject = {}
  const starts: number[] = []
  while (reader.more()) {
    const tag = reader.tag()
    if (tag === LIST_METADATA_TAG)
      metadata = reader.nested((r) => readMessage(r, LIST_META, metadata))
    else if (tag === LIST_ITEMS_TAG) {
      starts.push(reader.pos)
      reader.skipped()
    } else reader.skip(tag & 7)
  }
  return {
    kind: envelope.kind,
    metadata,
    count: starts.length,
    *items() {
      for (const start of starts) {
        reader.pos = start
        yield reader.nested((r) => readMessage(r, item))
      }
    },
  }
}

/**
 * The list's metadata from the first bytes of a body, when they hold it: the API server writes
 * it before the items, so the next page can be asked for before this one has all arrived. Null
 * when the bytes end before it, or the list does not start with it.
 */
export function readListMetaAhead(head: Uint8Array): JsonObject | null {
  if (head.length < PREFIX_LENGTH) return null
  const reader = new WireReader(head, PREFIX_LENGTH)
  try {
    while (reader.more()) {
      const tag = reader.tag()
      if (tag !== RAW_TAG) {
        reader.skip(tag & 7)
        continue
      }
      reader.lengthAhead()
      if (reader.tag() !== LIST_METADATA_TAG) return null
      return reader.nested((r) => readMessage(r, LIST_META))
    }
  } catch (err) {
    if (!(err instanceof ProtobufError)) throw err
  }
  return null
}
