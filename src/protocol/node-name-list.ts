import { IntList } from '../core/index.js'
import type { NameBytesKeys } from '../node-index/index.js'
import { specialByteAt } from '../json/json-bytes.js'
import { ProtocolError } from '../json/protocol-error.js'
import { stringEnd } from '../json/json-scan.js'

const utf8 = new TextDecoder()

/** Slots per literal in a list's spans: its start, its end and the hash of its bytes. */
const SPAN_SLOTS = 3

/** A list to scan the spans of about `names` literals into, reused from request to request. */
export function newNameSpans(names: number): IntList {
  return new IntList(names * SPAN_SLOTS)
}

/**
 * Adds to `spans` the literal whose bytes lie from `start` to its closing quote at `end` and
 * hash to `hash` (0 for a literal read by the general scanner): how scanNodeNames fills the
 * spans a NodeNameList is then made over.
 */
export function pushNameSpan(spans: IntList, start: number, end: number, hash: number): void {
  spans.push(start)
  spans.push(end)
  spans.push(hash)
}

/**
 * A node-cache request's NodeNames, left where they lie in the request body. The extender looks
 * each name up by its bytes and copies the literals it answers with into its reply, so a name
 * becomes a string only when something needs one (an unknown name, a log line, explain).
 *
 * Most literals are only searched for their closing quote while scanning (see scanNodeNames),
 * not validated: a match with an indexed node name (which is plain, see isPlainName) proves a
 * literal's bytes a valid literal of that very name, and `name(i)` validates any other before
 * decoding it. This list keeps track of that: `match` leaves every literal proven, and the
 * encoders call `requireValid`, which validates whatever was never proven, so no literal is
 * echoed unchecked.
 */
export class NodeNameList implements NameBytesKeys {
  readonly #buf: Uint8Array
  readonly #view: DataView
  /** Each literal's SPAN_SLOTS slots (the hash is 0 for one read by the general scanner). */
  readonly #spans: IntList
  /** Literals holding an escaped quote, read and decoded by the general scanner, by index. */
  readonly #decoded: ReadonlyMap<number, string> | null
  readonly length: number
  /** Bytes from the array's `[` to its `]`: what a reply echoing every name needs, about. */
  readonly textLength: number
  #proven = false

  /** `spans` is the caller's to refill for a later request: this list is valid only until then. */
  constructor(
    buf: Uint8Array,
    view: DataView,
    spans: IntList,
    textLength: number,
    decoded: ReadonlyMap<number, string> | null
  ) {
    this.#buf = buf
    this.#view = view
    this.#spans = spans
    this.#decoded = decoded
    this.length = spans.length / SPAN_SLOTS
    this.textLength = textLength
  }

  /** The request body, for reading four bytes at a time. */
  get view(): DataView {
    return this.#view
  }

  /** Offset of name i's first byte (just after its opening quote). */
  start(i: number): number {
    return this.#spans.at(i * SPAN_SLOTS)
  }

  /** Offset of name i's closing quote. */
  end(i: number): number {
    return this.#spans.at(i * SPAN_SLOTS + 1)
  }

  /** hashNameBytes of literal i's bytes, taken while scanning them (0 unless hashed(i)). */
  hash(i: number): number {
    return this.#spans.at(i * SPAN_SLOTS + 2)
  }

  /**
   * Whether hash(i) is the hashNameBytes of literal i's bytes: true for every literal but one
   * holding an escaped quote, which cannot be a plain name anyway, so a lookup by bytes simply
   * misses it.
   */
  hashed(i: number): boolean {
    return this.#decoded === null || !this.#decoded.has(i)
  }

  /** Refuses an empty literal: no node has an empty name. */
  requireNonEmpty(): void {
    for (let i = 0; i < this.length; i++) {
      if (this.start(i) === this.end(i)) {
        throw new ProtocolError(`NodeNames[${i}]: expected a non-empty node name`)
      }
    }
  }

  /**
   * Looks every name up by its bytes (`lookUp` fills `out` as NameBytesTable.getAll does), then
   * reads each name not found, which validates its literal (throwing its ProtocolError): a found
   * name was proven valid by the match. Afterwards the whole list is proven. Returns the names
   * not found and where each sits, or null when every name was found.
   */
  match<V>(
    lookUp: (names: NameBytesKeys, out: (V | undefined)[]) => void,
    out: (V | undefined)[]
  ): NameMisses | null {
    lookUp(this, out)
    if (out.length !== this.length) out.length = this.length
    let misses: NameMisses | null = null
    for (let i = 0; i < this.length; i++) {
      if (out[i] !== undefined) continue
      misses ??= { positions: [], names: [] }
      misses.positions.push(i)
      misses.names.push(this.name(i))
    }
    this.#proven = true
    return misses
  }

  /** Validates every literal not yet proven, as the general scanner would have. */
  requireValid(): void {
    if (this.#proven) return
    for (let i = 0; i < this.length; i++) this.#validate(i)
    this.#proven = true
  }

  /**
   * Name i, decoded. A literal not yet validated is validated first, as the general scanner
   * would have: a control character or a bad escape throws its ProtocolError here.
   */
  name(i: number): string {
    const decoded = this.#decoded?.get(i)
    if (decoded !== undefined) return decoded
    const start = this.start(i)
    const end = this.end(i)
    if (this.#isPlain(start, end)) return utf8.decode(this.#buf.subarray(start, end))
    const after = stringEnd(this.#buf, start - 1, this.#view)
    return JSON.parse(utf8.decode(this.#buf.subarray(start - 1, after))) as string
  }

  names(): string[] {
    return Array.from({ length: this.length }, (_, i) => this.name(i))
  }

  /** Plain ASCII up to the closing quote: every byte is its own character. */
  #isPlain(start: number, end: number): boolean {
    return specialByteAt(this.#buf, this.#view, start) === end
  }

  #validate(i: number): void {
    if (this.#decoded?.has(i) === true) return
    const start = this.start(i)
    if (!this.#isPlain(start, this.end(i))) stringEnd(this.#buf, start - 1, this.#view)
  }
}

/** The names of a list that a lookup did not find, and where each sits in the list. */
export interface NameMisses {
  readonly positions: number[]
  readonly names: string[]
}
