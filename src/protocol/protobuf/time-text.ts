import type { WireReader } from './wire-reader.js'

/**
 * A metav1.Time's seconds as its JSON: Go's `t.UTC().Format(time.RFC3339)` (time.go
 * `MarshalJSON`), or null for Go's zero time, January 1 of year 1, which JSON writes as null.
 */

/** Go's zero time.Time in Unix seconds. */
const GO_ZERO_TIME = -62135596800
/** The seconds a JavaScript Date can hold either side of 1970. */
const DATE_LIMIT = 8.64e12

const two = (n: number): string => String(n).padStart(2, '0')

/** Go's year: at least four digits, a sign for one before year 0. */
function yearText(year: number): string {
  const digits = String(Math.abs(year)).padStart(4, '0')
  return year < 0 ? `-${digits}` : digits
}

export function timeText(seconds: number, reader: WireReader): string | null {
  if (seconds === GO_ZERO_TIME) return null
  if (Math.abs(seconds) > DATE_LIMIT) reader.fail(`a time of ${seconds} seconds is out of range`)
  const date = new Date(seconds * 1000)
  const day = `${yearText(date.getUTCFullYear())}-${two(date.getUTCMonth() + 1)}-${two(date.getUTCDate())}`
  return `${day}T${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}Z`
}
