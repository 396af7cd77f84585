import { finishNameHash, mixNameWord, NAME_HASH_SEED } from '../core/index.js'
import {
  CLOSE_BRACKET,
  COMMA,
  OPEN_BRACKET,
  QUOTE,
  hasSpecialByte,
  isSpecialByte,
} from './json-bytes.js'
import { skipWhitespace, stringEnd, wordView } from './json-scan.js'

const utf8 = new TextDecoder()

/** Slots per name in a list's spans: start, end, hash. */
const SLOTS = 3

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
   * For literal i, slots 3i to 3i+2: where it starts (after its opening quote), where it ends
   * (its closing quote), and the hashNameBytes of a plain name.
   *
   * A plain array grown by push, on purpose. An Int32Array copied out at its exact size (with
   * the other per-request arrays sized up front) cut the heap garbage of a 5000-name request
   * from 725 to 128 KB; but then young collections ran so much less often than the request's
   * ArrayBuffers (body, reply, socket chunks) piled up that V8 reached its global memory limit
   * and ran full collections instead: after a full GC (as the bench forces for its memory
   * figures), 48 mark-compacts against 7 over the same 2400 requests, p99 11-13 ms against 4.
   */
  readonly #spans: readonly number[]
  /** The names whose literal is not plain (an escape or a non-ASCII byte), decoded, by index. */
  readonly #decoded: ReadonlyMap<number, string> | null

  constructor(
    buf: Uint8Array,
    view: DataView,
    spans: readonly number[],
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

  /** Offset of name i's first byte (just after its opening quote). */
  start(i: number): number {
    return this.#spans[i * SLOTS] as number
  }

  /** Offset of name i's closing quote. */
  end(i: number): number {
    return this.#spans[i * SLOTS + 1] as number
  }

  /** hashNameBytes of a plain name i's bytes, taken while scanning them (0 for any other). */
  hash(i: number): number {
    return this.#spans[i * SLOTS + 2] as number
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

/** The hash of the plain literal scanPlainRun last read (a second result without allocating). */
let plainRunHash = 0

/**
 * The first offset at or after `start` holding a byte a JSON string must look at (as
 * specialByteAt), hashing the bytes before it as hashNameBytes does: for a plain name, one pass
 * both validates the literal and hashes it for the lookup. Leaves the hash in plainRunHash.
 */
function scanPlainRun(buf: Uint8Array, view: DataView, start: number): number {
  const lastWord = buf.length - 4
  let h = NAME_HASH_SEED
  let i = start
  while (i <= lastWord) {
    const word = view.getInt32(i, true)
    if (hasSpecialByte(word)) break
    h = mixNameWord(h, word)
    i += 4
  }
  // At most three clean bytes before the special one: the word holding it failed the test.
  let tail = 0
  for (let shift = 0; i < buf.length; i++, shift += 8) {
    const c = buf[i] as number
    if (isSpecialByte(c)) break
    tail |= c << shift
  }
  plainRunHash = finishNameHash(h, tail, i - start)
  return i
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
  const spans: number[] = []
  let decoded: Map<number, string> | null = null
  let i = skipWhitespace(buf, open + 1)
  if (buf[i] !== CLOSE_BRACKET) {
    for (;;) {
      if (buf[i] !== QUOTE) return null
      // Plain when the first byte needing a look is the closing quote.
      let end = scanPlainRun(buf, view, i + 1)
      let hash = plainRunHash
      if (buf[end] !== QUOTE) {
        const after = stringEnd(buf, i)
        end = after - 1
        hash = 0
        decoded ??= new Map()
        decoded.set(spans.length / SLOTS, JSON.parse(utf8.decode(buf.subarray(i, after))) as string)
      }
      spans.push(i + 1, end, hash)
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
