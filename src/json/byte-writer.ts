import type { ByteLender } from './byte-pool.js'

const encoder = new TextEncoder()

/**
 * A constant's bytes as little-endian int32 words, the last one padded with zeros: written four
 * bytes at a time by ByteWriter.words, as the reply's punctuation between names is.
 */
export interface ConstantWords {
  readonly words: Int32Array
  /** The constant's length in bytes (the padding excluded). */
  readonly length: number
}

/** A constant as words (see ConstantWords), encoded once at module load. */
export function constantWords(text: string): ConstantWords {
  const bytes = encoder.encode(text)
  const padded = new Uint8Array((bytes.length + 3) & ~3)
  padded.set(bytes)
  const view = new DataView(padded.buffer)
  const words = new Int32Array(padded.length / 4)
  for (let k = 0; k < words.length; k++) words[k] = view.getInt32(k * 4, true)
  return { words, length: bytes.length }
}

/** Ranges longer than this are copied natively; shorter ones (a node name) word by word. */
export const NATIVE_COPY_FROM = 128
/** How far a word copy may write past the bytes it keeps (see `range` and `words`). */
const WORD_SLACK = 3

/**
 * Builds a node-cache reply as bytes. Names are never re-encoded: their literals are copied from
 * the request body as received, which is valid JSON by construction and decodes to the same name.
 *
 * Constants go four bytes at a time, the last word whole even when only part of it belongs:
 * its extra bytes land past the write position, where the next write (or the end of result())
 * covers them. So do names under eight bytes; longer ones go eight at a time (copyShortRange).
 * Measured at 5000 names, a prioritize reply was faster with everything in words than with its
 * punctuation written a byte at a time, and an encoder looping over thousands of names goes
 * further with claim() (bench/README.md, "Measurements behind the code").
 */
export class ByteWriter {
  readonly #pool: ByteLender | null
  #buf: Uint8Array
  #view: DataView
  #pos = 0
  /** Where the room made by the last claim() ends: advanceTo() may go no further. */
  #claimedEnd = 0
  /** Set by stage(): the source and range staged, and where its first byte landed in #buf. */
  #staged: DataView | null = null
  #stagedFrom = 0
  #stagedTo = 0
  #stagedAt = 0

  /** With a lender, the reply is written into a buffer it lends: give result() back when sent. */
  constructor(capacity: number, pool: ByteLender | null = null) {
    this.#pool = pool
    this.#buf = this.#allocate(Math.max(64, capacity))
    this.#view = new DataView(this.#buf.buffer, this.#buf.byteOffset, this.#buf.byteLength)
  }

  #allocate(size: number): Uint8Array {
    return this.#pool === null ? new Uint8Array(size) : this.#pool.take(size)
  }

  /** Room for `extra` more bytes (plus a word's slack) at the write position. */
  #ensure(extra: number): void {
    const needed = this.#pos + extra + WORD_SLACK
    if (needed > this.#buf.length) {
      const grown = this.#allocate(Math.max(needed, this.#buf.length * 2))
      grown.set(this.#buf.subarray(0, this.#pos))
      this.#pool?.give(this.#buf)
      this.#buf = grown
      this.#view = new DataView(grown.buffer, grown.byteOffset, grown.byteLength)
    }
  }

  /**
   * For an encoder with a loop of its own over many short pieces (see copyShortRange, putWords):
   * makes room for `extra` more bytes and returns the view to write into; the loop starts at
   * `position` and hands its end to `advanceTo`. One capacity check for a whole reply instead
   * of one per piece. Each claim replaces the last: `extra` is all the loop after it may write.
   */
  claim(extra: number): DataView {
    this.#ensure(extra)
    this.#claimedEnd = this.#pos + extra
    return this.#view
  }

  get position(): number {
    return this.#pos
  }

  /**
   * Moves the write position to `pos`, within what the last claim() made room for. Checked,
   * because a loop that writes past its claim is wrong whether or not the buffer happens to be
   * long enough: the buffer's first size is a guess, so the overrun would throw a RangeError
   * only for some requests. Checked here it fails every time, in tests first.
   */
  advanceTo(pos: number): void {
    if (pos > this.#claimedEnd) {
      throw new RangeError(`reply written to byte ${pos}, past the ${this.#claimedEnd} claimed`)
    }
    this.#pos = pos
  }

  /** Writes a constant, a word at a time (see the class comment). */
  words(constant: ConstantWords): void {
    this.#ensure(constant.words.length * 4)
    this.#pos = putWords(this.#view, this.#pos, constant)
  }

  /**
   * Copies bytes [start, end) of `src`. A name (tens of bytes) goes through copyShortRange,
   * measured about twice as fast as a native copy, whose call costs more than the copy. A long
   * range (a run of passing names) goes natively.
   */
  range(src: DataView, start: number, end: number): void {
    const length = end - start
    this.#ensure(length)
    const pos = this.#pos
    this.#pos = pos + length
    if (length >= NATIVE_COPY_FROM) {
      const from = this.#stagedOffset(src, start, end, pos)
      if (from < 0) this.#buf.set(new Uint8Array(src.buffer, src.byteOffset + start, length), pos)
      else if (from !== pos) this.#buf.copyWithin(pos, from, from + length)
      return
    }
    copyShortRange(this.#view, pos, src, start, end)
  }

  /**
   * Copies bytes [start, end) of `src` natively to the write position, without advancing it,
   * so that the long ranges later taken from them by `range` are moved within the reply
   * (copyWithin) instead of each needing a view of the source. A view is a ~100-byte heap
   * object: a 5000-name filter reply copies a few hundred runs of passing names, and those
   * views were most of its garbage per call. Later writes must stay behind what is
   * still to be taken, as a reply made of the staged bytes in order, less some, does.
   */
  stage(src: DataView, start: number, end: number): void {
    const length = end - start
    this.#ensure(length)
    this.#buf.set(new Uint8Array(src.buffer, src.byteOffset + start, length), this.#pos)
    this.#staged = src
    this.#stagedFrom = start
    this.#stagedTo = end
    this.#stagedAt = this.#pos
  }

  /**
   * Where staged bytes [start, end) of `src` lie in #buf, or -1 when they are not staged or
   * may have been written over: every write may leave up to WORD_SLACK bytes past the write
   * position, so only bytes that far ahead are sure to be intact, or bytes right at it when
   * nothing has been written since stage(). Growing keeps only the bytes before the write
   * position, but it happens only for a write reaching past the staged bytes' end, after which
   * every long staged range lies behind the write position and is refused here.
   */
  #stagedOffset(src: DataView, start: number, end: number, pos: number): number {
    if (src !== this.#staged || start < this.#stagedFrom || end > this.#stagedTo) return -1
    const from = this.#stagedAt + (start - this.#stagedFrom)
    if (from >= pos + WORD_SLACK || (from === pos && pos === this.#stagedAt)) return from
    return -1
  }

  /** The bytes written so far (a view, not a copy). */
  result(): Uint8Array {
    return this.#buf.subarray(0, this.#pos)
  }
}

/**
 * Writes `constant` at `at` a word at a time, its padding past its end (see ByteWriter): for
 * ByteWriter.words, and for an encoder's own loop into room made by claim(). Returns where the
 * next byte goes.
 */
export function putWords(to: DataView, at: number, constant: ConstantWords): number {
  const words = constant.words
  for (let k = 0, pos = at; k < words.length; k++, pos += 4) {
    to.setInt32(pos, words[k] as number, true)
  }
  return at + constant.length
}

/**
 * Copies bytes [start, end) of `src` to `at`: for a short ByteWriter.range, and for an
 * encoder's own loop into room made by claim(). Returns where the next byte goes. From eight
 * bytes on, eight a step through a double, the last step the eight bytes that end the range
 * (overlapping the one before), so nothing past it is read or written: half the loads and
 * stores of copying words, and measured faster for names with a constant after each, as a
 * prioritize reply has (bench/README.md). A shorter range goes a word at a time,
 * reading up to three bytes past `end` (never past `src`) and writing them past the copy (see
 * ByteWriter).
 */
export function copyShortRange(
  to: DataView,
  at: number,
  src: DataView,
  start: number,
  end: number
): number {
  const length = end - start
  if (length >= 8) {
    const last = end - 8
    let pos = at
    for (let i = start; i < last; i += 8, pos += 8) copyEight(to, pos, src, i)
    copyEight(to, at + length - 8, src, last)
    return at + length
  }
  let pos = at
  let i = start
  if (end + WORD_SLACK <= src.byteLength) {
    for (; i < end; i += 4, pos += 4) to.setInt32(pos, src.getInt32(i, true), true)
  } else {
    for (; i < end; i++, pos++) to.setUint8(pos, src.getUint8(i))
  }
  return at + length
}

/**
 * Eight bytes through a double, which keeps the bits of every value but NaN: the language lets
 * a NaN be written back as any NaN (V8 keeps them too, but need not). Bytes that read as NaN,
 * which no plain node name holds, go as two words instead, for one compare a step.
 */
function copyEight(to: DataView, at: number, src: DataView, from: number): void {
  const value = src.getFloat64(from, true)
  if (value === value) {
    to.setFloat64(at, value, true)
    return
  }
  to.setInt32(at, src.getInt32(from, true), true)
  to.setInt32(at + 4, src.getInt32(from + 4, true), true)
}
