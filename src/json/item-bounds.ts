import { BACKSLASH, OPEN_BRACE, OPEN_BRACKET, QUOTE } from './json-bytes.js'
import { MAX_NESTING_DEPTH } from './json-scan.js'

/**
 * Where an object or array of a list ends, found by its structure alone: brackets counted
 * outside strings, nothing validated. This is the list reader's one speed trick. A list's items
 * are then built by one JSON.parse of many of them, which validates every byte natively, and
 * only a batch that JSON.parse refuses is scanned again by the validating scanner (json-scan.ts)
 * for the exact place of the error. A byte of a multi-byte UTF-8 sequence is never an ASCII
 * byte, so counting bytes is safe in any text.
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
