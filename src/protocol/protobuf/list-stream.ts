import type { JsonObject } from '../../json/json-fields.js'
import { NODE, POD } from './core-v1.js'
import {
  PREFIX,
  readTypeMeta,
  UNKNOWN_CONTENT_ENCODING,
  UNKNOWN_RAW,
  UNKNOWN_TYPE_META,
} from './envelope.js'
import { fieldAt, type FieldAt } from './field-at.js'
import { readMessage, type Message } from './message-schema.js'
import { LIST_META } from './meta-v1.js'
import { ProtobufError, WIRE_BYTES, WireReader } from './wire-reader.js'

/**
 * A pods or nodes list answered in protobuf, read as its bytes arrive: each item becomes, as
 * soon as its last byte is in, the plain object JSON.parse builds of its JSON (only the members
 * the decoders read). Only the item being received is held, so an unpaged list of every pod of
 * a cluster (the watch cache's answer) costs one item's bytes, never the response's. The body is
 * the `k8s\0` envelope (envelope.ts) whose runtime.Unknown holds the list in its `raw` field;
 * PodList and NodeList are {metadata=1 ListMeta, items=2} (core/v1 generated.proto).
 */

const LIST_METADATA = 1
const LIST_ITEMS = 2

/** The lists whose items are decoded, by the kind the envelope names. */
const ITEM_MESSAGES: ReadonlyMap<string, Message> = new Map([
  ['PodList', POD],
  ['NodeList', NODE],
])

/** What a list's parts go to as they are read. */
export interface ProtobufListSink {
  /** The list's metadata as JSON has it (`continue`, `remainingItemCount`, `resourceVersion`). */
  metadata(metadata: JsonObject): void
  item(object: JsonObject): void
}

/** Where the list lies in the body, and how its items are read. */
interface ListAt {
  readonly item: Message
  readonly end: number
  readonly lengthAt: number
}

export class ProtobufListStream {
  #held: Uint8Array[] = []
  #heldBytes = 0
  /** Bytes that must be held before reading can go on. */
  #need: number = PREFIX.length
  /** Where in the body the first held byte lies. */
  #base = 0
  #inPrefix = true
  #kind = ''
  /** The list while its fields are being read; null before and after it. */
  #list: ListAt | null = null
  #sawList = false
  /** Where the length of the envelope field waited for lies, -1 while its tag is incomplete. */
  #lengthAt = -1
  #metadata: JsonObject = {}

  constructor(readonly sink: ProtobufListSink) {}

  /** The next bytes of the body; they are kept (not copied) until read. */
  push(bytes: Uint8Array): void {
    this.#held.push(bytes)
    this.#heldBytes += bytes.length
    if (this.#heldBytes < this.#need) return
    const buf = this.#held.length === 1 ? (this.#held[0] as Uint8Array) : Buffer.concat(this.#held)
    const used = this.#read(buf)
    const rest = buf.subarray(used)
    this.#held = rest.length > 0 ? [rest] : []
    this.#heldBytes = rest.length
    this.#base += used
  }

  /** The body has ended: the list's kind, or the fault of a body cut short or missing parts. */
  end(): string {
    if (this.#inPrefix) this.#prefix(Buffer.concat(this.#held), true)
    const cut = 'a length runs past the end of its message'
    if (this.#list !== null) this.#fail(cut, this.#list.lengthAt - this.#base)
    if (this.#heldBytes > 0 && this.#lengthAt >= 0) this.#fail(cut, this.#lengthAt - this.#base)
    if (this.#heldBytes > 0) this.#fail('the message ends inside a varint', this.#heldBytes)
    if (!this.#sawList) this.#fail('runtime.Unknown has no raw object', PREFIX.length - this.#base)
    return this.#kind
  }

  /** Reads the fields `buf` holds whole; returns how many bytes that was. */
  #read(buf: Uint8Array): number {
    let pos = this.#inPrefix ? this.#prefix(buf, false) : 0
    if (this.#inPrefix) return 0
    for (;;) {
      if (this.#list !== null && this.#base + pos === this.#list.end) this.#list = null
      const field = pos < buf.length ? fieldAt(buf, pos, this.#base) : null
      if (field === null) return this.#wait(pos, buf.length - pos + 1, -1)
      const list = this.#list
      if (list !== null && this.#base + field.valueEnd > list.end)
        this.#fail('a length runs past the end of its message', field.lengthAt)
      if (list === null && field.number === UNKNOWN_RAW) {
        this.#enterList(field)
        pos = field.valueStart
        continue
      }
      if (field.valueEnd > buf.length) return this.#wait(pos, field.valueEnd - pos, field.lengthAt)
      if (list === null) this.#envelopeField(buf, field)
      else this.#listField(buf, field, list.item)
      pos = field.valueEnd
    }
  }

  /** Past the prefix, once `buf` holds it (or, at the body's end, `whole`, it never will). */
  #prefix(buf: Uint8Array, whole: boolean): number {
    for (const [i, byte] of PREFIX.entries()) {
      if (i >= buf.length && !whole) return 0
      if (buf[i] !== byte) this.#fail('the body does not start with the protobuf prefix k8s\\0', i)
    }
    this.#inPrefix = false
    return PREFIX.length
  }

  /** Stops at `pos` until `need` bytes from there are held; returns `pos`. */
  #wait(pos: number, need: number, lengthAt: number): number {
    this.#need = need
    this.#lengthAt = lengthAt < 0 ? -1 : this.#base + lengthAt
    return pos
  }

  /** The envelope's `raw`: the list, whose fields are read as they arrive. */
  #enterList(field: FieldAt): void {
    this.#bytesOnly(field)
    const item = ITEM_MESSAGES.get(this.#kind)
    if (item === undefined)
      this.#fail(`a ${this.#kind || 'kindless'} body, not a PodList or NodeList`, field.valueStart)
    this.#list = { item, end: this.#base + field.valueEnd, lengthAt: this.#base + field.lengthAt }
    this.#sawList = true
  }

  /** runtime.Unknown's typeMeta (the kind) and contentEncoding (none); other fields skipped. */
  #envelopeField(buf: Uint8Array, field: FieldAt): void {
    const { number } = field
    if (number !== UNKNOWN_TYPE_META && number !== UNKNOWN_CONTENT_ENCODING) return
    this.#bytesOnly(field)
    const reader = new WireReader(buf, field.valueStart, field.valueEnd)
    if (number === UNKNOWN_TYPE_META) this.#kind = this.#within(() => readTypeMeta(reader).kind)
    else if (field.valueEnd > field.valueStart)
      this.#fail('a content encoding other than none', field.at)
  }

  /** The list's metadata (merged, as a field read twice merges) or one item; others skipped. */
  #listField(buf: Uint8Array, field: FieldAt, item: Message): void {
    if (field.wire !== WIRE_BYTES) return
    const reader = new WireReader(buf, field.valueStart, field.valueEnd)
    if (field.number === LIST_ITEMS) this.sink.item(this.#within(() => readMessage(reader, item)))
    else if (field.number === LIST_METADATA) {
      this.#metadata = this.#within(() => readMessage(reader, LIST_META, this.#metadata))
      this.sink.metadata(this.#metadata)
    }
  }

  #bytesOnly(field: FieldAt): void {
    if (field.wire !== WIRE_BYTES)
      this.#fail(`runtime.Unknown field ${field.number} is no bytes`, field.at)
  }

  /** A read of held bytes whose fault names the byte of the body. */
  #within<T>(read: () => T): T {
    try {
      return read()
    } catch (err) {
      if (!(err instanceof ProtobufError)) throw err
      return this.#fail(err.problem, err.at)
    }
  }

  /** Fails at `at` of the bytes held, named as the byte of the body. */
  #fail(problem: string, at: number): never {
    throw new ProtobufError(problem, this.#base + at)
  }
}
