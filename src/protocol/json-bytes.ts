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
 * Whether a little-endian word of string bytes holds a quote, a backslash, a control character
 * or a byte from 0x80: inside a string, the only bytes a JSON scanner must look at. The word is
 * tested whole: for `"` and `\`, the classic zero-byte test on the word XOR-ed with the byte;
 * for control characters, the high bit each byte gets when 0x20 is subtracted from it; for
 * bytes from 0x80, their high bit. Each test can only err upwards of a byte that truly matches,
 * so a word is flagged exactly when one of its bytes is special.
 */
function hasSpecialByte(word: number): boolean {
  const quotes = word ^ 0x22222222
  const backslashes = word ^ 0x5c5c5c5c
  const special =
    ((quotes - ONES) & ~quotes) | ((backslashes - ONES) & ~backslashes) | (word - 0x20202020) | word
  return (special & HIGH_BITS) !== 0
}

/**
 * Whether a little-endian word holds a quote: hasSpecialByte's first test alone, for a scan that
 * only needs to find where a string ends (see scanNodeNames) and leaves validating its bytes
 * for later.
 */
export function hasQuoteByte(word: number): boolean {
  const quotes = word ^ 0x22222222
  return ((quotes - ONES) & ~quotes & HIGH_BITS) !== 0
}

/** Whether one string byte is special, as hasSpecialByte tests four. */
function isSpecialByte(c: number): boolean {
  return c === QUOTE || c === BACKSLASH || c < 0x20 || c > 0x7f
}

/**
 * The first offset at or after `i` holding a special byte (see hasSpecialByte), or the end of
 * `buf` when there is none. Reads four bytes at a time through `view` (a view of `buf`),
 * measured about twice as fast as a byte loop over names and pod fields.
 */
export function specialByteAt(buf: Uint8Array, view: DataView, i: number): number {
  const lastWord = buf.length - 4
  while (i <= lastWord && !hasSpecialByte(view.getInt32(i, true))) i += 4
  for (; i < buf.length; i++) {
    if (isSpecialByte(buf[i] as number)) return i
  }
  return buf.length
}
