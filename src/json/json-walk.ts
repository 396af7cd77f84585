import { fold } from './json-fields.js'
import { scalarEnd, skipWhitespace, stringEnd, valueEnd, type BodyScan } from './json-scan.js'
import { ProtocolError } from './protocol-error.js'

/**
 * A JSON value validated once, with the end of its shallow objects and arrays remembered by the
 * offset of their opening bracket: skipping one of them is then a lookup, not another scan.
 */
export interface IndexedJson {
  readonly buf: Uint8Array
  /** The body's view and container stack, for any later scan of a part of it. */
  readonly scan: BodyScan
  /** Start offset of a container → its end (exclusive), for containers at depth ≤ INDEXED_DEPTH. */
  readonly containerEnds: ReadonlyMap<number, number>
}

/** A value's place in the request bytes: [start, end). */
export interface Span {
  readonly start: number
  readonly end: number
}

const utf8 = new TextDecoder()

/** The value at `span`, parsed (for the small parts the rules read: a pod, a spec, a name). */
export function parseSpan(buf: Uint8Array, span: Span): unknown {
  return JSON.parse(utf8.decode(buf.subarray(span.start, span.end)))
}

/** True when the value at `span` is the literal `null` (Go's zero value for any field). */
export function isNullSpan(buf: Uint8Array, span: Span): boolean {
  return span.end - span.start === 4 && buf[span.start] === 0x6e
}

/** What kind of JSON value starts at `i`, worded for an error message. */
export function describeAt(buf: Uint8Array, i: number): string {
  switch (buf[i]) {
    case 0x7b:
      return 'an object'
    case 0x5b:
      return 'an array'
    case 0x22:
      return 'a string'
    case 0x74:
    case 0x66:
      return 'a boolean'
    case 0x6e:
      return 'null'
    default:
      return 'a number'
  }
}

/**
 * Whether the quoted key at [start, end) names `lowerName` the way Go matches field names:
 * case-insensitively. ASCII keys are compared byte by byte; a key with escapes or non-ASCII
 * bytes is decoded and folded, so `\u0050od` and Unicode case variants bind as in Go.
 */
export function keyIs(buf: Uint8Array, start: number, end: number, lowerName: string): boolean {
  const length = end - start - 2
  let plainAscii = true
  for (let k = start + 1; k < end - 1; k++) {
    const b = buf[k] as number
    if (b >= 0x80 || b === 0x5c) {
      plainAscii = false
      break
    }
  }
  if (!plainAscii)
    return fold(JSON.parse(utf8.decode(buf.subarray(start, end))) as string) === lowerName
  if (length !== lowerName.length) return false
  for (let k = 0; k < length; k++) {
    const b = buf[start + 1 + k] as number
    const want = lowerName.charCodeAt(k)
    if (b !== want && (b | 0x20) !== want) return false
  }
  return true
}

/**
 * Whether the quoted key at [start, end) is `name` exactly, as the API server matches the keys
 * of a Kubernetes object (json-fields.ts). A key with escapes is decoded first: `\u0069tems` is
 * `items` to any JSON decoder.
 */
export function keyEquals(buf: Uint8Array, start: number, end: number, name: string): boolean {
  const length = end - start - 2
  for (let k = 0; k < length; k++) {
    const b = buf[start + 1 + k] as number
    if (b === 0x5c || b >= 0x80) return JSON.parse(utf8.decode(buf.subarray(start, end))) === name
    if (k >= name.length || b !== name.charCodeAt(k)) return false
  }
  return length === name.length
}

/** End (exclusive) of the value at `i` of an indexed document: a lookup for shallow containers. */
function endOf(doc: IndexedJson, i: number): number {
  const c = doc.buf[i]
  if (c === 0x7b || c === 0x5b) return doc.containerEnds.get(i) ?? valueEnd(doc.scan, i)
  return scalarEnd(doc.buf, i, doc.scan.view)
}

/**
 * Calls `visit(keyStart, keyEnd, value)` for each member of the object at `i` of a validated
 * document (keys are quoted spans). A value that is not an object is an error naming `path`.
 */
export function forEachMember(
  doc: IndexedJson,
  i: number,
  path: string,
  visit: (keyStart: number, keyEnd: number, value: Span) => void
): void {
  const buf = doc.buf
  i = skipWhitespace(buf, i)
  if (buf[i] !== 0x7b)
    throw new ProtocolError(`${path}: expected an object, got ${describeAt(buf, i)}`)
  i = skipWhitespace(buf, i + 1)
  while (buf[i] !== 0x7d) {
    const keyEnd = stringEnd(buf, i, doc.scan.view)
    const start = skipWhitespace(buf, skipWhitespace(buf, keyEnd) + 1)
    const end = endOf(doc, start)
    visit(i, keyEnd, { start, end })
    i = skipWhitespace(buf, end)
    if (buf[i] === 0x2c) i = skipWhitespace(buf, i + 1)
  }
}

/** Calls `visit(value, index)` for each element of the array at `i` of a validated document. */
export function forEachElement(
  doc: IndexedJson,
  i: number,
  path: string,
  visit: (value: Span, index: number) => void
): void {
  const buf = doc.buf
  i = skipWhitespace(buf, i)
  if (buf[i] !== 0x5b)
    throw new ProtocolError(`${path}: expected an array, got ${describeAt(buf, i)}`)
  i = skipWhitespace(buf, i + 1)
  for (let index = 0; buf[i] !== 0x5d; index++) {
    const end = endOf(doc, i)
    visit({ start: i, end }, index)
    i = skipWhitespace(buf, end)
    if (buf[i] === 0x2c) i = skipWhitespace(buf, i + 1)
  }
}
