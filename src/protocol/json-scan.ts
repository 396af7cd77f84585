import { ProtocolError } from './protocol-error.js'

/**
 * A validating JSON scanner over raw request bytes. It finds where values start and end without
 * building them, so a 5000-node request is checked in one pass and only the few fields the rules
 * read are ever parsed; passing nodes are echoed as the very bytes received. Every byte is still
 * validated: a body JSON.parse would refuse is refused here too.
 */

const QUOTE = 0x22
const BACKSLASH = 0x5c
const OPEN_BRACE = 0x7b
const CLOSE_BRACE = 0x7d
const OPEN_BRACKET = 0x5b
const CLOSE_BRACKET = 0x5d
const COMMA = 0x2c
const COLON = 0x3a
const MINUS = 0x2d
const DIGIT_0 = 0x30
const DIGIT_9 = 0x39

/** Go's encoding/json refuses documents nested deeper than this; so do we. */
export const MAX_NESTING_DEPTH = 10_000

const IN_OBJECT = 1
const IN_ARRAY = 2

// One container stack for every scan: valueEnd runs synchronously and never re-enters, and it is
// called once per member of every node, so allocating it per call would churn megabytes.
const CONTAINER_STACK = new Uint8Array(MAX_NESTING_DEPTH + 1)

function fail(buf: Uint8Array, at: number, what: string): never {
  const found = at >= buf.length ? 'end of body' : `'${String.fromCharCode(buf[at] as number)}'`
  throw new ProtocolError(`request body is not valid JSON: ${what}, found ${found} at byte ${at}`)
}

export function skipWhitespace(buf: Uint8Array, i: number): number {
  for (;;) {
    const c = buf[i]
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return i
    i++
  }
}

/** End (exclusive) of the string whose opening quote is at `i`. */
export function stringEnd(buf: Uint8Array, i: number): number {
  const length = buf.length
  i++
  for (;;) {
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
export function scalarEnd(buf: Uint8Array, i: number): number {
  const c = buf[i]
  if (c === QUOTE) return stringEnd(buf, i)
  if (c === MINUS || (c !== undefined && c >= DIGIT_0 && c <= DIGIT_9)) return numberEnd(buf, i)
  if (c === 0x74) return literalEnd(buf, i, 'true')
  if (c === 0x66) return literalEnd(buf, i, 'false')
  if (c === 0x6e) return literalEnd(buf, i, 'null')
  if (c === OPEN_BRACE || c === OPEN_BRACKET) return -1
  return fail(buf, i, 'expected a value')
}

/**
 * A request body checked once, end to end, with the end of every object and array down to
 * `INDEXED_DEPTH` remembered: walking to a node's metadata or skipping its status is then a
 * lookup, not another scan. (A 5000-node body is scanned exactly once.)
 */
export interface JsonDocument {
  readonly buf: Uint8Array
  /** Start offset of a container → its end (exclusive), for containers at depth ≤ INDEXED_DEPTH. */
  readonly containerEnds: ReadonlyMap<number, number>
  /** Start offsets of the arrays skimmed, not validated (see indexJson): their reader must. */
  readonly skimmed: readonly number[]
  /** Skimmed arrays already parsed (by their start offset), so their reader need not. */
  readonly parsed: ReadonlyMap<number, unknown[]>
}

/** Body (1) → Nodes (2) → items (3) → node (4) → metadata/spec/status (5). */
export const INDEXED_DEPTH = 5

const CONTAINER_STARTS = new Int32Array(MAX_NESTING_DEPTH + 1)

/**
 * Validates the whole body as one JSON value and indexes its shallow containers. When
 * `skimmedKey` (lower case) names a top-level member holding an array of strings, that array is
 * only skimmed for its end: its caller parses it with JSON.parse, which validates it anyway, so
 * the thousands of names of a node-cache request are not checked twice.
 */
export function indexJson(buf: Uint8Array, skimmedKey?: string): JsonDocument {
  const doc = { buf, containerEnds: new Map<number, number>(), skimmed: [], parsed: new Map() }
  const root = skipWhitespace(buf, 0)
  const end =
    skimmedKey !== undefined && buf[root] === OPEN_BRACE
      ? scanRootObject(doc, root, skimmedKey)
      : scanValue(buf, root, doc.containerEnds, 0)
  const rest = skipWhitespace(buf, end)
  if (rest !== buf.length) fail(buf, rest, 'unexpected data after the value')
  return doc
}

interface MutableDocument {
  readonly buf: Uint8Array
  readonly containerEnds: Map<number, number>
  readonly skimmed: number[]
  readonly parsed: Map<number, unknown[]>
}

const utf8 = new TextDecoder()

/**
 * The array at `i` when it is the root object's last member (kube-scheduler writes NodeNames
 * last): it must then end at the last `]` before the final `}`, and JSON.parse of that span
 * succeeding proves it (a JSON value is never a proper prefix of another). No scan at all.
 */
function parseIfLastMember(doc: MutableDocument, i: number): number {
  const buf = doc.buf
  let close = buf.length - 1
  while (
    close > i &&
    (buf[close] === 0x20 || buf[close] === 0x0a || buf[close] === 0x0d || buf[close] === 0x09)
  )
    close--
  if (buf[close] !== CLOSE_BRACE) return -1
  close--
  while (
    close > i &&
    (buf[close] === 0x20 || buf[close] === 0x0a || buf[close] === 0x0d || buf[close] === 0x09)
  )
    close--
  if (buf[close] !== CLOSE_BRACKET) return -1
  let value: unknown
  try {
    value = JSON.parse(utf8.decode(buf.subarray(i, close + 1)))
  } catch {
    return -1
  }
  if (!Array.isArray(value)) return -1
  doc.parsed.set(i, value)
  return close + 1
}

/** The root object member by member, so that one member can be skimmed. */
function scanRootObject(doc: MutableDocument, start: number, skimmedKey: string): number {
  const { buf, containerEnds: ends, skimmed } = doc
  let i = skipWhitespace(buf, start + 1)
  if (buf[i] !== CLOSE_BRACE) {
    for (;;) {
      if (buf[i] !== QUOTE) fail(buf, i, 'expected a quoted key')
      const keyStart = i
      const keyEnd = stringEnd(buf, i)
      i = skipWhitespace(buf, keyEnd)
      if (buf[i] !== COLON) fail(buf, i, "expected ':'")
      i = skipWhitespace(buf, i + 1)
      let end = -1
      if (buf[i] === OPEN_BRACKET && asciiKeyIs(buf, keyStart, keyEnd, skimmedKey)) {
        end = parseIfLastMember(doc, i)
        if (end < 0) end = stringArrayEnd(buf, i)
      }
      if (end >= 0) {
        ends.set(i, end)
        skimmed.push(i)
      }
      i = skipWhitespace(buf, end >= 0 ? end : scanValue(buf, i, ends, 1))
      if (buf[i] === COMMA) {
        i = skipWhitespace(buf, i + 1)
        continue
      }
      if (buf[i] === CLOSE_BRACE) break
      fail(buf, i, "expected ',' or '}'")
    }
  }
  ends.set(start, i + 1)
  return i + 1
}

/** Whether a plain ASCII key equals `lowerName` ignoring case (anything fancier: false). */
function asciiKeyIs(buf: Uint8Array, start: number, end: number, lowerName: string): boolean {
  if (end - start - 2 !== lowerName.length) return false
  for (let k = 0; k < lowerName.length; k++) {
    const b = buf[start + 1 + k] as number
    const want = lowerName.charCodeAt(k)
    if (b !== want && (b | 0x20) !== want) return false
  }
  return true
}

/**
 * End of the array of strings at `i`, found without validating the strings (their escapes are
 * only skipped over), or -1 when an element is not a string: then it is validated in full.
 */
function stringArrayEnd(buf: Uint8Array, i: number): number {
  const length = buf.length
  i = skipWhitespace(buf, i + 1)
  if (buf[i] === CLOSE_BRACKET) return i + 1
  for (;;) {
    if (buf[i] !== QUOTE) return -1
    i++
    for (;;) {
      if (i >= length) return -1
      const c = buf[i]
      if (c === QUOTE) break
      i += c === BACKSLASH ? 2 : 1
    }
    i = skipWhitespace(buf, i + 1)
    if (buf[i] === COMMA) {
      i = skipWhitespace(buf, i + 1)
      continue
    }
    return buf[i] === CLOSE_BRACKET ? i + 1 : -1
  }
}

/** End (exclusive) of the value starting at `i` (after any whitespace), validating all of it. */
export function valueEnd(buf: Uint8Array, start: number): number {
  return scanValue(buf, start, null, 0)
}

/**
 * Iterative, with an explicit stack: nesting depth cannot overflow the call stack. Records the
 * ends of shallow containers into `ends` when given.
 */
function scanValue(
  buf: Uint8Array,
  start: number,
  ends: Map<number, number> | null,
  baseDepth: number
): number {
  const stack = CONTAINER_STACK
  const starts = CONTAINER_STARTS
  let depth = baseDepth
  let i = skipWhitespace(buf, start)
  for (;;) {
    // A value is expected at i.
    const end = scalarEnd(buf, i)
    if (end >= 0) {
      i = end
    } else {
      if (++depth > MAX_NESTING_DEPTH) fail(buf, i, `nesting deeper than ${MAX_NESTING_DEPTH}`)
      const isObject = buf[i] === OPEN_BRACE
      stack[depth] = isObject ? IN_OBJECT : IN_ARRAY
      starts[depth] = i
      i = skipWhitespace(buf, i + 1)
      if (buf[i] === (isObject ? CLOSE_BRACE : CLOSE_BRACKET)) {
        i++
        if (ends !== null && depth <= INDEXED_DEPTH) ends.set(starts[depth] as number, i)
        depth--
      } else {
        if (isObject) i = memberValueStart(buf, i)
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
        if (stack[depth] === IN_OBJECT) i = memberValueStart(buf, i)
        break
      }
      if (c === (stack[depth] === IN_OBJECT ? CLOSE_BRACE : CLOSE_BRACKET)) {
        i++
        if (ends !== null && depth <= INDEXED_DEPTH) ends.set(starts[depth] as number, i)
        depth--
        continue
      }
      fail(buf, i, stack[depth] === IN_OBJECT ? "expected ',' or '}'" : "expected ',' or ']'")
    }
  }
}

/** Given the start of an object member (its key), the start of its value. */
function memberValueStart(buf: Uint8Array, i: number): number {
  if (buf[i] !== QUOTE) fail(buf, i, 'expected a quoted key')
  i = skipWhitespace(buf, stringEnd(buf, i))
  if (buf[i] !== COLON) fail(buf, i, "expected ':'")
  return skipWhitespace(buf, i + 1)
}
