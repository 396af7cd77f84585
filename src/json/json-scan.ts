import {
  BACKSLASH,
  CLOSE_BRACE,
  CLOSE_BRACKET,
  COLON,
  COMMA,
  isJsonWhitespace,
  OPEN_BRACE,
  OPEN_BRACKET,
  QUOTE,
  specialByteAt,
} from './json-bytes.js'
import { JsonSyntaxError } from './protocol-error.js'

/**
 * A validating JSON scanner over raw request bytes. It finds where values start and end without
 * building them, so a 5000-node request is checked in one pass and only the few fields the rules
 * read are ever parsed; passing nodes are echoed as the very bytes received. Every byte is still
 * validated: a body JSON.parse would refuse is refused here too.
 */

const MINUS = 0x2d
const DIGIT_0 = 0x30
const DIGIT_9 = 0x39

/** Go's encoding/json refuses documents nested deeper than this; so do we. */
export const MAX_NESTING_DEPTH = 10_000

/** Body (1) → Nodes (2) → items (3) → node (4) → metadata/spec/status (5). */
export const INDEXED_DEPTH = 5

/**
 * The most container ends one body's index keeps. The index is a Map, some 20-30 bytes of heap
 * an entry, and a body can hold a container every three bytes (`{},`): a 30 MiB body of empty
 * objects made ten million entries and ended the process at a 384 MiB heap. A kube-scheduler
 * body has about four indexed containers a node, so this indexes 65536 full nodes; past it,
 * containers are found by scanning again (valueAt falls back to valueEnd), in bounded memory.
 */
export const MAX_INDEXED_CONTAINERS = 1 << 18

const IN_OBJECT = 1
const IN_ARRAY = 2

/** Depths a BodyScan has room for at first; it doubles up to MAX_NESTING_DEPTH as needed. */
const FIRST_DEPTHS = 64

/**
 * What scanning one body needs beside its bytes: a DataView of them, for reading four bytes at
 * a time (see specialByteAt), and the stack of the containers open at once. Made once per body
 * (see indexJson) and handed down to every scan of it, so no scan shares state with another
 * body's, and a string or a container costs no allocation.
 */
export class BodyScan {
  readonly buf: Uint8Array
  readonly view: DataView
  /** IN_OBJECT or IN_ARRAY for each open container, by depth, and where it starts. */
  kinds = new Uint8Array(FIRST_DEPTHS)
  starts = new Int32Array(FIRST_DEPTHS)

  constructor(buf: Uint8Array) {
    this.buf = buf
    this.view = wordView(buf)
  }

  /** Room for one more depth (scanValue refuses nesting past MAX_NESTING_DEPTH first). */
  deepen(): void {
    const depths = Math.min(this.kinds.length * 2, MAX_NESTING_DEPTH + 1)
    const kinds = new Uint8Array(depths)
    const starts = new Int32Array(depths)
    kinds.set(this.kinds)
    starts.set(this.starts)
    this.kinds = kinds
    this.starts = starts
  }
}

export function fail(buf: Uint8Array, at: number, what: string): never {
  const found = at >= buf.length ? 'end of body' : `'${String.fromCharCode(buf[at] as number)}'`
  throw new JsonSyntaxError(
    `request body is not valid JSON: ${what}, found ${found} at byte ${at}`,
    at
  )
}

export function skipWhitespace(buf: Uint8Array, i: number): number {
  while (isJsonWhitespace(buf[i])) i++
  return i
}

/** A DataView of `buf`, for reading four bytes at a time. */
export function wordView(buf: Uint8Array): DataView {
  return new DataView(buf.buffer, buf.byteOffset, buf.byteLength)
}

/** End (exclusive) of the string whose opening quote is at `i`; `words` views `buf`. */
export function stringEnd(buf: Uint8Array, i: number, words = wordView(buf)): number {
  const length = buf.length
  i++
  for (;;) {
    i = specialByteAt(buf, words, i)
    if (i >= length) fail(buf, i, 'unterminated string')
    const c = buf[i] as number
    if (c === QUOTE) return i + 1
    if (c === BACKSLASH) {
      const e = buf[i + 1]
      if (e === 0x75) {
        for (let k = 2; k < 6; k++) {
          const h = buf[i + k] ?? 0
          // Fold case only for letters: OR-ing 0x20 into 0x10–0x19 would pass them as digits.
          const isDigit = h >= DIGIT_0 && h <= DIGIT_9
          const lower = h | 0x20
          if (!isDigit && !(lower >= 0x61 && lower <= 0x66)) fail(buf, i + k, 'bad \\u escape')
        }
        i += 6
        continue
      }
      // " \ / b f n r t
      if (
        e !== 0x22 &&
        e !== 0x5c &&
        e !== 0x2f &&
        e !== 0x62 &&
        e !== 0x66 &&
        e !== 0x6e &&
        e !== 0x72 &&
        e !== 0x74
      ) {
        fail(buf, i + 1, 'bad escape')
      }
      i += 2
      continue
    }
    if (c < 0x20) fail(buf, i, 'control character in string')
    i++
  }
}

function digitsEnd(buf: Uint8Array, i: number): number {
  const start = i
  while ((buf[i] as number) >= DIGIT_0 && (buf[i] as number) <= DIGIT_9) i++
  if (i === start) fail(buf, i, 'expected a digit')
  return i
}

function numberEnd(buf: Uint8Array, i: number): number {
  if (buf[i] === MINUS) i++
  if (buf[i] === DIGIT_0) i++
  else i = digitsEnd(buf, i)
  if (buf[i] === 0x2e) i = digitsEnd(buf, i + 1)
  if (buf[i] === 0x65 || buf[i] === 0x45) {
    i++
    if (buf[i] === 0x2b || buf[i] === MINUS) i++
    i = digitsEnd(buf, i)
  }
  return i
}

function literalEnd(buf: Uint8Array, i: number, literal: string): number {
  for (let k = 0; k < literal.length; k++) {
    if (buf[i + k] !== literal.charCodeAt(k)) fail(buf, i + k, `expected ${literal}`)
  }
  return i + literal.length
}

/** End (exclusive) of the scalar at `i`, or -1 when `i` opens an object or array. */
export function scalarEnd(buf: Uint8Array, i: number, words = wordView(buf)): number {
  const c = buf[i]
  if (c === QUOTE) return stringEnd(buf, i, words)
  if (c === MINUS || (c !== undefined && c >= DIGIT_0 && c <= DIGIT_9)) return numberEnd(buf, i)
  if (c === 0x74) return literalEnd(buf, i, 'true')
  if (c === 0x66) return literalEnd(buf, i, 'false')
  if (c === 0x6e) return literalEnd(buf, i, 'null')
  if (c === OPEN_BRACE || c === OPEN_BRACKET) return -1
  return fail(buf, i, 'expected a value')
}

/** End (exclusive) of the value starting at `i` (after any whitespace), validating all of it. */
export function valueEnd(scan: BodyScan, start: number): number {
  return scanValue(scan, start, null, 0)
}

/**
 * Iterative, with an explicit stack: nesting depth cannot overflow the call stack. Records the
 * ends of containers down to INDEXED_DEPTH into `ends` when given; `baseDepth` is the depth of
 * the container the value sits in (0 for the whole body).
 */
export function scanValue(
  scan: BodyScan,
  start: number,
  ends: Map<number, number> | null,
  baseDepth: number
): number {
  const { buf, view } = scan
  let stack = scan.kinds
  let starts = scan.starts
  let depth = baseDepth
  let i = skipWhitespace(buf, start)
  for (;;) {
    // A value is expected at i.
    const end = scalarEnd(buf, i, view)
    if (end >= 0) {
      i = end
    } else {
      if (++depth > MAX_NESTING_DEPTH) fail(buf, i, `nesting deeper than ${MAX_NESTING_DEPTH}`)
      if (depth >= stack.length) {
        scan.deepen()
        stack = scan.kinds
        starts = scan.starts
      }
      const isObject = buf[i] === OPEN_BRACE
      stack[depth] = isObject ? IN_OBJECT : IN_ARRAY
      starts[depth] = i
      i = skipWhitespace(buf, i + 1)
      if (buf[i] === (isObject ? CLOSE_BRACE : CLOSE_BRACKET)) {
        i++
        if (ends !== null && depth <= INDEXED_DEPTH) indexEnd(ends, starts[depth] as number, i)
        depth--
      } else {
        if (isObject) i = memberValueStart(buf, i, view)
        continue
      }
    }
    // A value just ended; close containers or move to the next element.
    for (;;) {
      if (depth === baseDepth) return i
      i = skipWhitespace(buf, i)
      const c = buf[i]
      if (c === COMMA) {
        i = skipWhitespace(buf, i + 1)
        if (stack[depth] === IN_OBJECT) i = memberValueStart(buf, i, view)
        break
      }
      if (c === (stack[depth] === IN_OBJECT ? CLOSE_BRACE : CLOSE_BRACKET)) {
        i++
        if (ends !== null && depth <= INDEXED_DEPTH) indexEnd(ends, starts[depth] as number, i)
        depth--
        continue
      }
      fail(buf, i, stack[depth] === IN_OBJECT ? "expected ',' or '}'" : "expected ',' or ']'")
    }
  }
}

/** Remembers where the container at `start` ends, while the index has room (see MAX_INDEXED_CONTAINERS). */
function indexEnd(ends: Map<number, number>, start: number, end: number): void {
  if (ends.size < MAX_INDEXED_CONTAINERS) ends.set(start, end)
}

/** Given the start of an object member (its key), the start of its value. */
function memberValueStart(buf: Uint8Array, i: number, words: DataView): number {
  if (buf[i] !== QUOTE) fail(buf, i, 'expected a quoted key')
  i = skipWhitespace(buf, stringEnd(buf, i, words))
  if (buf[i] !== COLON) fail(buf, i, "expected ':'")
  return skipWhitespace(buf, i + 1)
}
