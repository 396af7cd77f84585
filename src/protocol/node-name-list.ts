import { CLOSE_BRACKET, COMMA, OPEN_BRACKET, QUOTE, specialByteAt } from './json-bytes.js'
import { skipWhitespace, stringEnd, wordView } from './json-scan.js'

const utf8 = new TextDecoder()

/**
 * A node-cache request's NodeNames, left where they lie in the request body. The extender looks
 * each plain name up by its bytes and copies the literals it answers with into its reply, so a
 * name becomes a string only when something needs one (an unknown name, a log line, explain).
 */
export class NodeNameList {
  /** The request body, and a view of it for reading four bytes at a time. */
  readonly buf: Uint8Array
  readonly view: DataView
  readonly length: number
  /** Bytes from the array's `[` to its `]`: what a reply echoing every name needs, about. */
  readonly textLength: number
  /**
   * Literal i is buf[starts[i], ends[i]): between its quotes, escapes as written. Plain arrays
   * of small integers, not Int32Arrays: those are ArrayBuffers, costly to make and to collect.
   */
  readonly #starts: readonly number[]
  readonly #ends: readonly number[]
  /** The names whose literal is not plain (an escape or a non-ASCII byte), decoded, by index. */
  readonly #decoded: ReadonlyMap<number, string> | null

  constructor(
    buf: Uint8Array,
    view: DataView,
    literals: { starts: number[]; ends: number[]; textLength: number },
    decoded: ReadonlyMap<number, string> | null
  ) {
    this.buf = buf
    this.view = view
    this.length = literals.starts.length
    this.textLength = literals.textLength
    this.#starts = literals.starts
    this.#ends = literals.ends
    this.#decoded = decoded
  }

  /** Offset of name i's first byte (just after its opening quote). */
  start(i: number): number {
    return this.#starts[i] as number
  }

  /** Offset of name i's closing quote. */
  end(i: number): number {
    return this.#ends[i] as number
  }

  /** Whether name i arrived with no escape and only ASCII from 0x20 up: its bytes are the name. */
  isPlain(i: number): boolean {
    return this.#decoded === null || !this.#decoded.has(i)
  }

  name(i: number): string {
    const decoded = this.#decoded?.get(i)
    if (decoded !== undefined) return decoded
    // Plain ASCII: every byte is its own character.
    return utf8.decode(this.buf.subarray(this.start(i), this.end(i)))
  }

  names(): string[] {
    return Array.from({ length: this.length }, (_, i) => this.name(i))
  }
}

/**
 * Reads the array of strings whose `[` is at `open`, validating it as the general scanner would
 * (an invalid string throws its ProtocolError). Returns null for anything but an array of
 * strings, to be validated and refused by the general scanner and decoder.
 */
export function scanNodeNames(
  buf: Uint8Array,
  open: number
): { list: NodeNameList; end: number } | null {
  if (buf[open] !== OPEN_BRACKET) return null
  const view = wordView(buf)
  const starts: number[] = []
  const ends: number[] = []
  let decoded: Map<number, string> | null = null
  let i = skipWhitespace(buf, open + 1)
  if (buf[i] !== CLOSE_BRACKET) {
    for (;;) {
      if (buf[i] !== QUOTE) return null
      // Plain when the first byte needing a look is the closing quote.
      let end = specialByteAt(buf, view, i + 1)
      if (buf[end] !== QUOTE) {
        const after = stringEnd(buf, i)
        end = after - 1
        decoded ??= new Map()
        decoded.set(starts.length, JSON.parse(utf8.decode(buf.subarray(i, after))) as string)
      }
      starts.push(i + 1)
      ends.push(end)
      i = end + 1
      // kube-scheduler writes `","` between names: whitespace is looked for only when absent.
      if (buf[i] !== COMMA) i = skipWhitespace(buf, i)
      if (buf[i] === COMMA) {
        i++
        if (buf[i] !== QUOTE) i = skipWhitespace(buf, i)
        continue
      }
      if (buf[i] === CLOSE_BRACKET) break
      return null
    }
  }
  const literals = { starts, ends, textLength: i + 1 - open }
  return { list: new NodeNameList(buf, view, literals, decoded), end: i + 1 }
}
