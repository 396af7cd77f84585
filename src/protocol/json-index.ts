import type { IntList } from '../core/index.js'
import { CLOSE_BRACE, COLON, COMMA, OPEN_BRACE, OPEN_BRACKET, QUOTE } from '../json/json-bytes.js'
import { BodyScan, fail, scanValue, skipWhitespace, stringEnd } from '../json/json-scan.js'
import type { IndexedJson } from '../json/json-walk.js'
import type { NodeNameList } from './node-name-list.js'
import { scanNodeNames } from './node-name-scan.js'

/**
 * Indexing of a request body: one validating pass that remembers where shallow containers end,
 * with the names of a node-cache request read by their own scanner (see indexJson).
 */

/**
 * A request body checked once, end to end, with the end of every object and array down to
 * `INDEXED_DEPTH` remembered: walking to a node's metadata or skipping its status is then a
 * lookup, not another scan. (A 5000-node body is scanned exactly once.)
 */
export interface JsonDocument extends IndexedJson {
  /** Name lists read by scanNodeNames, by the offset of their `[`. */
  readonly nameLists: ReadonlyMap<number, NodeNameList>
}

/**
 * Validates the whole body as one JSON value and indexes its shallow containers. When
 * `nameListKey` (lower case) names a top-level member holding an array of strings, that array
 * is read by scanNodeNames instead: the thousands of names of a node-cache request are scanned
 * once, four bytes at a time, and never turned into strings. The bytes inside those literals
 * are the one part left to validate, by whoever reads them (see NodeNameList). With `spans`,
 * the lists are read into it: each list read replaces the one before, and only the last
 * (which is the member Go's decoder keeps, the last spelling of the key) stays valid. A list of
 * more than `maxNames` names is refused as it is read (see scanNodeNames).
 */
export function indexJson(
  buf: Uint8Array,
  nameListKey?: string,
  spans?: IntList,
  maxNames?: number
): JsonDocument {
  const scan = new BodyScan(buf)
  const doc: MutableDocument = {
    buf,
    scan,
    containerEnds: new Map(),
    nameLists: new Map(),
    spans,
    maxNames,
  }
  const root = skipWhitespace(buf, 0)
  const end =
    nameListKey !== undefined && buf[root] === OPEN_BRACE
      ? scanRootObject(doc, root, nameListKey)
      : scanValue(scan, root, doc.containerEnds, 0)
  const rest = skipWhitespace(buf, end)
  if (rest !== buf.length) fail(buf, rest, 'unexpected data after the value')
  return doc
}

interface MutableDocument {
  readonly buf: Uint8Array
  readonly scan: BodyScan
  readonly containerEnds: Map<number, number>
  readonly nameLists: Map<number, NodeNameList>
  readonly spans: IntList | undefined
  readonly maxNames: number | undefined
}

/** The root object member by member, so that the name list can be read by its own scanner. */
function scanRootObject(doc: MutableDocument, start: number, nameListKey: string): number {
  const { buf, scan, containerEnds: ends } = doc
  let i = skipWhitespace(buf, start + 1)
  if (buf[i] !== CLOSE_BRACE) {
    for (;;) {
      if (buf[i] !== QUOTE) fail(buf, i, 'expected a quoted key')
      const keyStart = i
      const keyEnd = stringEnd(buf, i, scan.view)
      i = skipWhitespace(buf, keyEnd)
      if (buf[i] !== COLON) fail(buf, i, "expected ':'")
      i = skipWhitespace(buf, i + 1)
      let end = -1
      if (buf[i] === OPEN_BRACKET && asciiKeyIs(buf, keyStart, keyEnd, nameListKey)) {
        const scanned = scanNodeNames(buf, i, scan.view, doc.spans, doc.maxNames)
        if (scanned !== null) {
          ends.set(i, scanned.end)
          doc.nameLists.set(i, scanned.list)
          end = scanned.end
        }
      }
      i = skipWhitespace(buf, end >= 0 ? end : scanValue(scan, i, ends, 1))
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
