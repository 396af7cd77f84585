/**
 * resource.Quantity as apimachinery parses it (pkg/api/resource quantity.go `ParseQuantity`,
 * `parseQuantityString` and suffix.go `interpret`), held exactly as a count of nano-units: a
 * parse rounds up to 10^-9 (`3.001n` is 4n), so every parsed quantity is a whole number of
 * nanos, sums and maxima stay exact, and `MilliValue`/`Value` are ceilings of it.
 */

const NANOS_PER_UNIT = 1_000_000_000n
const NANOS_PER_MILLI = 1_000_000n
const INT64_MAX = 2n ** 63n - 1n
/** `maxAllowed`: a binary-suffixed value past int64 saturates to it. */
const MAX_NANOS = INT64_MAX * NANOS_PER_UNIT
const INT32_MAX = 2 ** 31 - 1

const DECIMAL_SUFFIXES: Readonly<Record<string, number>> = {
  n: -9,
  u: -6,
  m: -3,
  '': 0,
  k: 3,
  M: 6,
  G: 9,
  T: 12,
  P: 15,
  E: 18,
}
const BINARY_SUFFIXES: Readonly<Record<string, number>> = {
  Ki: 10,
  Mi: 20,
  Gi: 30,
  Ti: 40,
  Pi: 50,
  Ei: 60,
}

/** The suffix as `interpret` reads it: a power of 10 or of 2; null when it is not one. */
function interpretSuffix(suffix: string): { base: 10n | 2n; exponent: number } | null {
  const decimal = DECIMAL_SUFFIXES[suffix]
  if (decimal !== undefined) return { base: 10n, exponent: decimal }
  const binary = BINARY_SUFFIXES[suffix]
  if (binary !== undefined) return { base: 2n, exponent: binary }
  if (suffix[0] !== 'e' && suffix[0] !== 'E') return null
  // strconv.ParseInt: an optional sign and decimal digits, bounded to int32 (the scale is
  // negated later, so MinInt32 is refused too).
  if (!/^[+-]?[0-9]+$/.test(suffix.slice(1))) return null
  const exponent = Number(suffix.slice(1))
  if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > INT32_MAX) return null
  return { base: 10n, exponent }
}

/** Ceiling of a / b for b > 0, toward +infinity. */
function ceilDiv(a: bigint, b: bigint): bigint {
  const q = a / b
  return a % b > 0n ? q + 1n : q
}

/**
 * Parsed quantities by their text: a cluster's pods and nodes repeat a few quantities (`250m`,
 * `1Gi`) many times over, and each parse builds several bigints. Bounded: emptied when full, so
 * a stream of ever new texts costs only the parsing it would have cost anyway; texts longer
 * than any quantity a cluster writes are not kept.
 */
const parsed = new Map<string, bigint | null>()
const PARSED_MAX = 1024
const PARSED_TEXT_MAX = 64

/**
 * The quantity in nanos, or null when `ParseQuantity` refuses the text. Values past int64
 * saturate as upstream's do; a parse rounds up to the nano.
 */
export function parseQuantity(text: string): bigint | null {
  const known = parsed.get(text)
  if (known !== undefined) return known
  const nanos = parseQuantityText(text)
  if (text.length > PARSED_TEXT_MAX) return nanos
  if (parsed.size >= PARSED_MAX) parsed.clear()
  parsed.set(text, nanos)
  return nanos
}

function parseQuantityText(text: string): bigint | null {
  const match = /^([+-]?)([0-9]*)(?:\.([0-9]*))?(.*)$/s.exec(text)
  if (text === '' || match === null) return null
  const [, sign = '', whole = '', fraction = '', suffix = ''] = match
  const scale = interpretSuffix(suffix)
  if (scale === null) return null
  const digits = BigInt(`${whole}${fraction}` || '0')
  if (digits === 0n) return 0n
  // A far decimal exponent is not materialised: past 10^64 every value reads as int64's
  // maximum anyway (Value and MilliValue saturate), and below 10^-64 it rounds up to a nano.
  if (scale.base === 10n && scale.exponent < -64) return sign === '-' ? -1n : 1n
  const exponent = scale.base === 10n ? Math.min(scale.exponent, 64) : scale.exponent
  let numerator = digits * NANOS_PER_UNIT
  let denominator = 10n ** BigInt(fraction.length)
  if (scale.base === 2n) numerator *= 2n ** BigInt(exponent)
  else if (exponent >= 0) numerator *= 10n ** BigInt(exponent)
  else denominator *= 10n ** BigInt(-exponent)
  let nanos = ceilDiv(numerator, denominator)
  // Only a binary-suffixed value is capped at parse (`maxAllowed`); a decimal one is kept.
  if (scale.base === 2n && nanos > MAX_NANOS) nanos = MAX_NANOS
  return sign === '-' ? -nanos : nanos
}

function saturate(value: bigint): bigint {
  return value > INT64_MAX ? INT64_MAX : value
}

/** `Quantity.MilliValue()`: thousandths, rounded up. */
export function milliValue(nanos: bigint): bigint {
  return saturate(ceilDiv(nanos, NANOS_PER_MILLI))
}

/** `Quantity.Value()`: whole units, rounded up. */
export function unitValue(nanos: bigint): bigint {
  return saturate(ceilDiv(nanos, NANOS_PER_UNIT))
}

/** Milli-CPU as kubectl writes it: `3500m`, or whole cores when exact (`2`). */
export function formatMilli(milli: bigint): string {
  return milli % 1000n === 0n ? String(milli / 1000n) : `${milli}m`
}

/** A byte or unit count with the largest binary suffix that divides it exactly (`2Gi`). */
export function formatUnits(value: bigint): string {
  const suffixes = ['Ei', 'Pi', 'Ti', 'Gi', 'Mi', 'Ki'] as const
  for (const suffix of suffixes) {
    const size = 2n ** BigInt(BINARY_SUFFIXES[suffix] as number)
    if (value !== 0n && value % size === 0n) return `${value / size}${suffix}`
  }
  return String(value)
}
