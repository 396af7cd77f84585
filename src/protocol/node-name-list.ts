import { IntList } from '../core/index.js'
import {
  finishNameHash,
  mixNameWord,
  NAME_HASH_SEED,
  NAME_SPAN_SLOTS as SLOTS,
} from '../node-index/index.js'
import {
  BACKSLASH,
  CLOSE_BRACKET,
  COMMA,
  OPEN_BRACKET,
  QUOTE,
  hasQuoteByte,
  specialByteAt,
} from '../json/json-bytes.js'
import { skipWhitespace, stringEnd, wordView } from '../json/json-scan.js'

const utf8 = new TextDecoder()

/**
 * A node-cache request's NodeNames, left where they lie in the request body. The extender looks
 * each name up by its bytes and copies the literals it answers with into its reply, so a name
 * becomes a string only when something needs one (an unknown name, a log line, explain).
 *
 * Most literals are only searched for their closing quote while scanning, not validated: a
 * lookup that matches them to an indexed node name (which is plain, see isPlainName) proves
 * their bytes a valid literal of that very name, and `name(i)` validates any other before
 * decoding it. So whoever echoes a literal must first have matched it or read its name.
 */
export class NodeNameList {
  /** The request body, and a view of it for reading four bytes at a time. */
  readonly buf: Uint8Array
  readonly view: DataView
  readonly length: number
  /** Bytes from the array's `[` to its `]`: what a reply echoing every name needs, about. */
  readonly textLength: number
  /**
   * For literal i, the NAME_SPAN_SLOTS slots from NAME_SPAN_SLOTS × i on, as getAll reads them:
   * where it starts (after its opening quote), where it ends (its closing quote), and the
   * hashNameBytes of its bytes (0 for a literal read by the general string scanner, see
   * hashed). A list the caller may refill for a later request: this NodeNameList is valid only
   * until then.
   */
  readonly #spans: IntList
  /** Literals holding an escaped quote, read and decoded by the general scanner, by index. */
  readonly #decoded: ReadonlyMap<number, string> | null

  constructor(
    buf: Uint8Array,
    view: DataView,
    spans: IntList,
    textLength: number,
    decoded: ReadonlyMap<number, string> | null
  ) {
    this.buf = buf
    this.view = view
    this.length = spans.length / SLOTS
    this.textLength = textLength
    this.#spans = spans
    this.#decoded = decoded
  }

  /**
   * Every literal's start, end and hash, laid out as NAME_SPAN_SLOTS says, for looking them all
   * up at once (NodeCache.profilesByBytes). Valid as long as this list.
   */
  spans(): Int32Array {
    return this.#spans.view()
  }

  /** Offset of name i's first byte (just after its opening quote). */
  start(i: number): number {
    return this.#spans.at(i * SLOTS)
  }

  /** Offset of name i's closing quote. */
  end(i: number): number {
    return this.#spans.at(i * SLOTS + 1)
  }

  /** hashNameBytes of literal i's bytes, taken while scanning them (0 unless hashed(i)). */
  hash(i: number): number {
    return this.#spans.at(i * SLOTS + 2)
  }

  /**
   * Whether hash(i) is the hashNameBytes of literal i's bytes: true for every literal but one
   * holding an escaped quote, which cannot be a plain name anyway, so a lookup by bytes simply
   * misses it. A match proves a literal valid; on a miss, read name(i).
   */
  hashed(i: number): boolean {
    return this.#decoded === null || !this.#decoded.has(i)
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
    // Plain ASCII up to the closing quote: every byte is its own character.
    if (specialByteAt(this.buf, this.view, start) === end) {
      return utf8.decode(this.buf.subarray(start, end))
    }
    const after = stringEnd(this.buf, start - 1)
    return JSON.parse(utf8.decode(this.buf.subarray(start - 1, after))) as string
  }

  names(): string[] {
    return Array.from({ length: this.length }, (_, i) => this.name(i))
  }
}

/** The hash of the bytes quoteRun last passed (a second result without allocating). */
let quoteRunHash = 0

/**
 * The first offset at or after `start` holding a quote (or the end of `buf`), hashing the bytes
 * before it as hashNameBytes does. Only the quote test, a third of specialByteAt's: the bytes
 * of a name that matches an indexed one need no other check. Leaves the hash in quoteRunHash.
 */
function quoteRun(buf: Uint8Array, view: DataView, start: number): number {
  const lastWord = buf.length - 4
  let h = NAME_HASH_SEED
  let i = start
  while (i <= lastWord) {
    const word = view.getInt32(i, true)
    if (hasQuoteByte(word)) break
    h = mixNameWord(h, word)
    i += 4
  }
  // At most three bytes before the quote: the word holding it failed the test.
  let tail = 0
  for (let shift = 0; i < buf.length; i++, shift += 8) {
    const c = buf[i] as number
    if (c === QUOTE) break
    tail |= c << shift
  }
  quoteRunHash = finishNameHash(h, tail, i - start)
  return i
}

/**
 * Reads the array of strings whose `[` is at `open`, finding where each literal ends and hashing
 * its bytes (see NodeNameList on when those bytes are validated), into `spans` (emptied first).
 * Returns null for anything but an array of strings, to be validated and refused by the
 * general scanner and decoder.
 */
export function scanNodeNames(
  buf: Uint8Array,
  open: number,
  spans: IntList = new IntList()
): { list: NodeNameList; end: number } | null {
  if (buf[open] !== OPEN_BRACKET) return null
  const view = wordView(buf)
  spans.clear()
  let decoded: Map<number, string> | null = null
  let i = skipWhitespace(buf, open + 1)
  if (buf[i] !== CLOSE_BRACKET) {
    for (;;) {
      if (buf[i] !== QUOTE) return null
      let end = quoteRun(buf, view, i + 1)
      let hash = quoteRunHash
      // A quote after a backslash may be escaped (or the backslash itself may be): the general
      // scanner reads this literal, validating it whole. Any other first quote closes it.
      if (end >= buf.length || buf[end - 1] === BACKSLASH) {
        const after = stringEnd(buf, i)
        end = after - 1
        hash = 0
        decoded ??= new Map()
        decoded.set(spans.length / SLOTS, JSON.parse(utf8.decode(buf.subarray(i, after))) as string)
      }
      spans.push(i + 1)
      spans.push(end)
      spans.push(hash)
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
  const list = new NodeNameList(buf, view, spans, i + 1 - open, decoded)
  return { list, end: i + 1 }
}
