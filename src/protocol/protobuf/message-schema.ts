import type { JsonObject } from '../../json/json-fields.js'
import { asciiText, WIRE_BYTES, WIRE_VARINT, type WireReader } from './wire-reader.js'

/**
 * A message's fields by number, each with the JSON member name it takes and how its value is
 * read, and the interpreter that builds from the wire the object JSON.parse would build from the
 * API server's JSON: only the fields listed, every other field skipped unread. A field read
 * twice is read as gogo-protobuf's generated Unmarshal does: a scalar's last value wins, a
 * message or map merges into the first, a repeated field appends.
 */

export type Scalar = 'string' | 'int32' | 'int64' | 'bool'

export type Field =
  | { readonly kind: Scalar; readonly name: string; readonly repeated: boolean }
  /** metav1.Time {seconds=1, nanos=2}: JSON's RFC 3339 text in seconds, or null for zero. */
  | { readonly kind: 'time'; readonly name: string }
  | {
      readonly kind: 'message'
      readonly name: string
      readonly repeated: boolean
      message: Message
    }
  /** A message JSON writes inline, its members among its parent's (Volume's VolumeSource). */
  | { readonly kind: 'inline'; readonly message: Message }
  /** map<string,string>; `keep`: only those keys are decoded, the others skipped. */
  | {
      readonly kind: 'string-map'
      readonly name: string
      readonly keep: ReadonlySet<string> | null
    }
  /** map<string,Quantity>, each Quantity {string=1} its canonical text, as JSON writes it. */
  | { readonly kind: 'quantity-map'; readonly name: string }

export interface Message {
  /** The proto message name, for messages. */
  readonly name: string
  readonly fields: readonly (Field | undefined)[]
}

/** A message of `fields` by number. */
export function message(name: string, fields: Readonly<Record<number, Field>>): Message {
  const byNumber: (Field | undefined)[] = []
  for (const [number, field] of Object.entries(fields)) byNumber[Number(number)] = field
  return { name, fields: byNumber }
}

export const scalar = (kind: Scalar, name: string): Field => ({ kind, name, repeated: false })
export const strings = (name: string): Field => ({ kind: 'string', name, repeated: true })
export const time = (name: string): Field => ({ kind: 'time', name })
export const quantities = (name: string): Field => ({ kind: 'quantity-map', name })
export const stringMap = (name: string, keep: readonly string[] | null = null): Field => ({
  kind: 'string-map',
  name,
  keep: keep === null ? null : new Set(keep),
})
export const one = (name: string, of: Message): Field => ({
  kind: 'message',
  name,
  repeated: false,
  message: of,
})
export const many = (name: string, of: Message): Field => ({
  kind: 'message',
  name,
  repeated: true,
  message: of,
})

/** A message none of whose fields is read: present or absent is all that counts (`emptyDir`). */
export const PRESENCE_ONLY = message('', {})

/** Sets a member, `__proto__` included, as JSON.parse defines it: an own data property. */
function setMember(obj: JsonObject, name: string, value: unknown): void {
  if (name === '__proto__')
    Object.defineProperty(obj, name, {
      value,
      writable: true,
      enumerable: true,
      configurable: true,
    })
  else obj[name] = value
}

function wireOf(field: Field): number {
  if (field.kind === 'int32' || field.kind === 'int64' || field.kind === 'bool') return WIRE_VARINT
  return WIRE_BYTES
}

function readScalar(reader: WireReader, kind: Scalar): unknown {
  if (kind === 'string') return reader.string()
  if (kind === 'int32') return reader.int32()
  if (kind === 'int64') return reader.int64()
  return reader.bool()
}

/** The members of message `of` read from `reader` into `into`. */
export function readMessage(reader: WireReader, of: Message, into: JsonObject = {}): JsonObject {
  while (reader.more()) {
    const at = reader.pos
    const tag = reader.tag()
    const field = of.fields[tag >>> 3]
    if (field === undefined) {
      reader.skip(tag & 7)
      continue
    }
    if ((tag & 7) !== wireOf(field))
      reader.fail(`${of.name} field ${tag >>> 3} has wire type ${tag & 7}`, at)
    readField(reader, field, into)
  }
  return into
}

function readField(reader: WireReader, field: Field, into: JsonObject): void {
  switch (field.kind) {
    case 'message': {
      const { name, message: of } = field
      if (field.repeated)
        return append(
          into,
          name,
          reader.nested((r) => readMessage(r, of))
        )
      const existing = into[name] as JsonObject | undefined
      return setMember(
        into,
        name,
        reader.nested((r) => readMessage(r, of, existing))
      )
    }
    case 'inline':
      return void reader.nested((r) => readMessage(r, field.message, into))
    case 'time':
      return setMember(into, field.name, reader.nested(readTime))
    case 'string-map':
      return reader.nested((r) => readMapEntry(r, mapOf(into, field.name), field.keep, false))
    case 'quantity-map':
      return reader.nested((r) => readMapEntry(r, mapOf(into, field.name), null, true))
    default:
      if (field.repeated) return append(into, field.name, readScalar(reader, field.kind))
      return setMember(into, field.name, readScalar(reader, field.kind))
  }
}

function append(into: JsonObject, name: string, value: unknown): void {
  const list = into[name] as unknown[] | undefined
  if (list === undefined) setMember(into, name, [value])
  else list.push(value)
}

function mapOf(into: JsonObject, name: string): JsonObject {
  const map = into[name] as JsonObject | undefined
  if (map !== undefined) return map
  const created: JsonObject = {}
  setMember(into, name, created)
  return created
}

/**
 * One map entry {key=1, value=2}, in either order; a missing key or value is Go's zero value:
 * "" for a string, and for a Quantity the zero quantity, which JSON writes "0". With `keep`, a
 * key not kept has its value passed over unread.
 */
function readMapEntry(
  reader: WireReader,
  map: JsonObject,
  keep: ReadonlySet<string> | null,
  quantity: boolean
): void {
  let key = ''
  let value: { start: number; end: number } | null = null
  while (reader.more()) {
    const tag = reader.tag()
    if (tag === ((1 << 3) | WIRE_BYTES)) key = reader.string()
    else if (tag === ((2 << 3) | WIRE_BYTES)) value = { start: reader.pos, end: reader.skipped() }
    else reader.skip(tag & 7)
  }
  if (keep !== null && !keep.has(key)) return
  const end = reader.pos
  let text = quantity ? '0' : ''
  if (value !== null) {
    reader.pos = value.start
    text = quantity ? reader.nested(readQuantity) : reader.string()
  }
  reader.pos = end
  setMember(map, key, text)
}

/** resource.Quantity {string=1}; without it, the zero quantity "0". */
function readQuantity(reader: WireReader): string {
  let text = '0'
  while (reader.more()) {
    const tag = reader.tag()
    if (tag === ((1 << 3) | WIRE_BYTES)) text = reader.string()
    else reader.skip(tag & 7)
  }
  return text
}

/**
 * metav1.Time {seconds=1, nanos=2} as its MarshalJSON writes it: RFC 3339 in UTC to the second
 * (its Unmarshal drops the nanos), or null for the zero time: an empty message, or seconds at
 * Go's zero time (time_proto.go `Time.Unmarshal`, time.go `MarshalJSON`).
 */
function readTime(reader: WireReader): string | null {
  if (!reader.more()) return null
  let seconds = 0
  while (reader.more()) {
    const tag = reader.tag()
    if (tag === ((1 << 3) | WIRE_VARINT)) seconds = reader.int64()
    else reader.skip(tag & 7)
  }
  return timeText(seconds, reader)
}

/** Go's zero time.Time in Unix seconds. */
const GO_ZERO_TIME = -62135596800
/** The seconds a JavaScript Date can hold either side of 1970. */
const DATE_LIMIT = 8.64e12

const two = (n: number): string => String(n).padStart(2, '0')

/** Go's year: at least four digits, a sign for one before year 0. */
function yearText(year: number): string {
  const digits = String(Math.abs(year)).padStart(4, '0')
  return year < 0 ? `-${digits}` : digits
}

/**
 * The texts of times met, by their seconds: a list's pods were mostly created in bursts, and
 * each holds its times. Bounded, as a list may hold a new second for each pod.
 */
const TIME_TEXTS_MAX = 4096
const timeTexts = new Map<number, string>()

function timeText(seconds: number, reader: WireReader): string | null {
  if (seconds === GO_ZERO_TIME) return null
  if (Math.abs(seconds) > DATE_LIMIT) reader.fail(`a time of ${seconds} seconds is out of range`)
  let text = timeTexts.get(seconds)
  if (text !== undefined) return text
  const date = new Date(seconds * 1000)
  const day = `${yearText(date.getUTCFullYear())}-${two(date.getUTCMonth() + 1)}-${two(date.getUTCDate())}`
  const joined = `${day}T${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}Z`
  // One flat string rather than the rope of its parts the template builds.
  text = asciiText(Uint8Array.from(joined, (c) => c.charCodeAt(0)))
  if (timeTexts.size >= TIME_TEXTS_MAX) timeTexts.clear()
  timeTexts.set(seconds, text)
  return text
}
