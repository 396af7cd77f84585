/** The bytes of JSON's structure, shared by the scanner and the indexer. */

export const QUOTE = 0x22
export const BACKSLASH = 0x5c
export const OPEN_BRACE = 0x7b
export const CLOSE_BRACE = 0x7d
export const OPEN_BRACKET = 0x5b
export const CLOSE_BRACKET = 0x5d
export const COMMA = 0x2c
export const COLON = 0x3a

/** JSON's four whitespace bytes: space, line feed, carriage return, tab. */
export function isJsonWhitespace(c: number | undefined): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09
}

const ONES = 0x01010101
const HIGH_BITS = 0x80808080

/**
 * The special bytes of a little-endian word of string bytes, as the high bit of each: a quote,
 * a backslash, a control character or a byte from 0x80, the only bytes inside a string a JSON
 * scanner must look at. The word is tested whole: for `"` and `\`, the classic zero-byte test
 * on the word XOR-ed with the byte; for control characters, the high bit each byte gets when
 * 0x20 is subtracted from it; for bytes from 0x80, their high bit. A borrow can only set bits
 * in the bytes above a byte that truly matches, so the lowest bit set is the first special
 * byte, and the word has one exactly when the mask is not 0.
 */
function specialBytesMask(word: number): number {
  const quotes = word ^ 0x22222222
  const backslashes = word ^ 0x5c5c5c5c
  const special =
    ((quotes - ONES) & ~quotes) | ((backslashes - ONES) & ~backslashes) | (word - 0x20202020) | word
  return special & HIGH_BITS
}

/**
 * Whether a little-endian word holds a quote: specialBytesMask's first test alone, for a scan
 * that only needs to find where a string ends (see scanNodeNames) and leaves validating its
 * bytes for later.
 */
export function hasQuoteByte(word: number): boolean {
  const quotes = word ^ 0x22222222
  return ((quotes - ONES) & ~quotes & HIGH_BITS) !== 0
}

/** Whether one string byte is special, as specialBytesMask tests four. */
function isSpecialByte(c: number): boolean {
  return c === QUOTE || c === BACKSLASH || c < 0x20 || c > 0x7f
}

/** The offset of the first special byte of a word at `i` whose mask is not 0. */
function firstSpecialOf(i: number, mask: number): number {
  return i + ((31 - Math.clz32(mask & -mask)) >> 3)
}

/**
 * The first offset at or after `i` holding a special byte (see specialBytesMask), or the end of
 * `buf` when there is none. Reads four bytes at a time through `view` (a view of `buf`),
 * measured faster than a byte loop over names and pod fields, and finds the special byte in its
 * word from the mask's lowest bit rather than a byte at a time, which scanned a 500-node body
 * faster still (the same process timing both in turn, Node 20 and 24).
 *
 * Two words a turn of the loop: most of a realistic node body's bytes lie inside strings, most
 * of them in long ones (image names, annotations), and the loop's own cost was a sizeable part
 * of scanning them; a 500-node body validated faster than with one word a turn. Four words
 * tested together before looking at any was slower: the mean string is short, and a string that
 * ends early wastes the rest of the block (bench/README.md, "Measurements behind the code").
 */
export function specialByteAt(buf: Uint8Array, view: DataView, i: number): number {
  const lastPair = buf.length - 8
  for (; i <= lastPair; i += 8) {
    const first = specialBytesMask(view.getInt32(i, true))
    if (first !== 0) return firstSpecialOf(i, first)
    const second = specialBytesMask(view.getInt32(i + 4, true))
    if (second !== 0) return firstSpecialOf(i + 4, second)
  }
  const lastWord = buf.length - 4
  for (; i <= lastWord; i += 4) {
    const mask = specialBytesMask(view.getInt32(i, true))
    if (mask !== 0) return firstSpecialOf(i, mask)
  }
  for (; i < buf.length; i++) {
    if (isSpecialByte(buf[i] as number)) return i
  }
  return buf.length
}
