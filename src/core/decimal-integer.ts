/**
 * Numeric toleration values (KEP-5471). Mirrors apimachinery's `content.IsDecimalInteger`
 * followed by `strconv.ParseInt(s, 10, 64)`: the grammar is `0|-?[1-9][0-9]*` over ASCII bytes,
 * then the value must fit in int64. `Number()` and `parseInt` are deliberately not used: they
 * accept `+`, blanks, leading zeros and exponents, and lose precision past 2^53.
 */

const INT64_MIN = -(2n ** 63n)
const INT64_MAX = 2n ** 63n - 1n

const CHAR_0 = 48
const CHAR_1 = 49
const CHAR_9 = 57
const CHAR_MINUS = 45

/** True when `s` is `0` or `-?[1-9][0-9]*` (no sign `+`, no blanks, no leading zeros). */
export function isDecimalInteger(s: string): boolean {
  const length = s.length
  if (length === 0) return false
  let i = 0
  if (s.charCodeAt(0) === CHAR_MINUS) {
    if (length === 1) return false
    i = 1
  }
  const first = s.charCodeAt(i)
  if (first === CHAR_0) return length === 1
  if (first < CHAR_1 || first > CHAR_9) return false
  for (let j = i + 1; j < length; j++) {
    const c = s.charCodeAt(j)
    if (c < CHAR_0 || c > CHAR_9) return false
  }
  return true
}

/** The int64 value of `s`, or null when it is not a decimal integer in int64 range. */
export function parseInt64(s: string): bigint | null {
  if (!isDecimalInteger(s)) return null
  const value = BigInt(s)
  return value < INT64_MIN || value > INT64_MAX ? null : value
}
