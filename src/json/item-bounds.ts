import { BACKSLASH, CLOSE_BRACE, COLON, OPEN_BRACE, OPEN_BRACKET, QUOTE } from './json-bytes.js'
import { MAX_NESTING_DEPTH, skipWhitespace } from './json-scan.js'

/**
 * Where the items of a list end, found without validating anything: the list reader's one speed
 * trick. A list's items are then built by one JSON.parse of many of them, which validates every
 * byte natively, and only a batch that JSON.parse refuses is scanned again by the validating
 * scanner (json-scan.ts) for the exact place of the error.
 *
 * Two ways. `containerEnd` counts brackets outside strings, item by item. `lastCutBefore` finds
 * a whole run of items at once by a native byte search for the bytes that separate two items
 * (learned from the list's first two: `},{"metadata":` in an API server's answer), and lets
 * JSON.parse judge the guess: from an item's start, text that parses as a sequence of values
 * can only end where an item ends, because a separator found inside an item or inside a string
 * leaves a bracket or the string open. A byte of a multi-byte UTF-8 sequence is never an ASCII
 * byte, so matching bytes is safe in any text.
 */

/** The value is cut short: its end is not in the bytes yet. */
export const INCOMPLETE = -1
/** Nested deeper than the validating scanner allows: it must refuse the value. */
export const TOO_DEEP = -2

/** 1 for the bytes the structure is made of: a quote and the four brackets. */
const STRUCTURE = new Uint8Array(256)
for (const c of '"{}[]') STRUCTURE[c.charCodeAt(0)] = 1

/**
 * End (exclusive) of the object or array opening at `start`, INCOMPLETE or TOO_DEEP. Any
 * closing bracket closes any opening one: a mismatch is JSON.parse's to refuse.
 */
export function containerEnd(buf: Uint8Array, start: number): number {
  const length = buf.length
  let depth = 0
  for (let i = start; i < length; i++) {
    const c = buf[i] as number
    if (STRUCTURE[c] === 0) continue
    if (c === QUOTE) {
      i = closingQuote(buf, i + 1)
      if (i < 0) return INCOMPLETE
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > MAX_NESTING_DEPTH) return TOO_DEEP
    } else if (--depth === 0) {
      return i + 1
    }
  }
  return INCOMPLETE
}

/** Whether `c` opens an object or an array. */
export function opensContainer(c: number | undefined): boolean {
  return c === OPEN_BRACE || c === OPEN_BRACKET
}

/** The closing quote of a string whose content starts at `i`, or -1 when it is not in yet. */
function closingQuote(buf: Uint8Array, i: number): number {
  const length = buf.length
  for (; i < length; i++) {
    const c = buf[i]
    if (c === QUOTE) return i
    if (c === BACKSLASH) i++
  }
  return -1
}

/**
 * Runs of items cut by `lastCutBefore` span at most this many bytes: no value in so few nests
 * deeper than MAX_NESTING_DEPTH (that takes one more opening and closing byte each), so what
 * JSON.parse builds from a run is never one the validating scanner would refuse for its depth.
 */
const RUN_BYTES = 2 * MAX_NESTING_DEPTH

/** The longest first key a separator is learned with: any real list's is a few bytes. */
const KEY_BYTES_MAX = 64

/**
 * The bytes between the item ending at `end` (exclusive, its `}`) and the first key of the
 * object starting at `start`, up to its colon; null when either is not an object, or the key is
 * not all in `buf`, escaped or long.
 */
function separatorBetween(buf: Uint8Array, end: number, start: number): Uint8Array | null {
  if (buf[end - 1] !== CLOSE_BRACE || buf[start] !== OPEN_BRACE) return null
  const keyStart = skipWhitespace(buf, start + 1)
  if (buf[keyStart] !== QUOTE) return null
  const limit = Math.min(buf.length, keyStart + 1 + KEY_BYTES_MAX)
  let keyEnd = keyStart + 1
  while (keyEnd < limit && buf[keyEnd] !== QUOTE && buf[keyEnd] !== BACKSLASH) keyEnd++
  if (buf[keyEnd] !== QUOTE || keyEnd >= limit) return null
  const colon = skipWhitespace(buf, keyEnd + 1)
  return buf[colon] === COLON ? buf.slice(end - 1, colon + 1) : null
}

/**
 * The end (exclusive) of the last item before a `separator` found after `start` and no further
 * than RUN_BYTES from it, or -1 when there is none: a guess for JSON.parse to confirm.
 */
function lastCutBefore(bytes: Buffer, separator: Uint8Array, start: number): number {
  const at = bytes.lastIndexOf(separator, start + RUN_BYTES - 1)
  return at > start ? at + 1 : -1
}

/**
 * Where runs of a list's items end, guessed by the separator learned from the first two items
 * that were bounded one by one; guesses JSON.parse refused are not made again over their bytes.
 */
export class ItemRuns {
  #separator: Uint8Array | null = null
  /** Where the last item bounded one by one ends (a document offset), until one is learned. */
  #previousEnd = -1
  /** The end of the last guess JSON.parse refused (a document offset). */
  #refusedUntil = 0

  /** An item bounded one by one ends at document offset `end`. */
  bounded(end: number): void {
    this.#previousEnd = end
  }

  /**
   * The end (exclusive) of a run of items starting at `start` of `bytes` (whose first byte is
   * at document offset `base`), or -1 when there is no guess to make.
   */
  runEnd(bytes: Buffer, start: number, base: number): number {
    if (this.#separator === null) {
      const end = this.#previousEnd - base
      if (end > 0) this.#separator = separatorBetween(bytes, end, start)
      return -1
    }
    return base + start < this.#refusedUntil ? -1 : lastCutBefore(bytes, this.#separator, start)
  }

  /** JSON.parse refused the run guessed to end at document offset `end`. */
  refused(end: number): void {
    this.#refusedUntil = end
  }
}
