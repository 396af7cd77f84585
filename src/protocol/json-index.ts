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
} from './json-bytes.js'
import { fail, scanValue, skipWhitespace, stringEnd } from './json-scan.js'

/**
 * Indexing of a request body: one validating pass that remembers where shallow containers end,
 * with the names of a node-cache request left to JSON.parse (see indexJson).
 */

/** The last position at or before `i` (and after `floor`) that is not whitespace. */
function lastNonWhitespace(buf: Uint8Array, i: number, floor: number): number {
  while (i > floor && isJsonWhitespace(buf[i])) i--
  return i
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
  let close = lastNonWhitespace(buf, buf.length - 1, i)
  if (buf[close] !== CLOSE_BRACE) return -1
  close = lastNonWhitespace(buf, close - 1, i)
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
