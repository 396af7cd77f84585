import { load } from 'js-yaml'
import { field, isJsonObject, ProtocolError, type JsonObject } from '../protocol/index.js'

/**
 * A YAML List as `kubectl get … -o yaml` prints it, read one item at a time: js-yaml has no
 * streaming reader, and the tree of a whole cluster's pods takes several times the memory of
 * the pods kept from it. kubectl prints a mapping at column 0 whose `items` is a block sequence
 * at column 0 (js-yaml and yq indent it), each entry's lines indented under its `- `. Within
 * such a sequence an entry starts exactly at a line beginning with `- ` at the sequence's
 * indentation, and the first line at column 0 that is neither an entry nor a comment ends it
 * (YAML 1.2, block sequences). Each entry parsed on its own gives what the whole document's
 * parse gives for it: nothing carries from one entry to the next but anchors, and an alias to
 * an anchor outside its entry does not parse on its own.
 *
 * Whatever this reading does not expect (directives, several documents, keys it cannot tell
 * apart from `items`, an entry that does not parse alone) sends the text to be read whole, so
 * that what is read, and the first error, are those of the whole parse.
 */

/** How items are read: each in turn, of how many, with the list's own `kind` (or null). */
export type YamlListItem = (
  object: unknown,
  index: number,
  of: number,
  listKind: string | null
) => void

/** An entry that did not parse on its own. */
const UNREAD = Symbol('unread')

interface CutList {
  /** The document with `items: []` in place of the entries: its kind and metadata. */
  readonly frame: JsonObject
  /** Entry i is `text.slice(bounds[i], bounds[i + 1])`. */
  readonly bounds: readonly number[]
}

const [SPACE, TAB, NEWLINE, RETURN, DASH, HASH] = [' ', '\t', '\n', '\r', '-', '#'].map((c) =>
  c.charCodeAt(0)
) as [number, number, number, number, number, number]

/** A line a YAML list of kubectl's cannot hold at column 0: a directive or a document marker. */
function isDocumentLine(text: string, at: number): boolean {
  return text.startsWith('%', at) || text.startsWith('---', at) || text.startsWith('...', at)
}

/** Whether the character at `at` ends a line (or the text). */
function endsLine(text: string, at: number): boolean {
  const c = text.charCodeAt(at)
  return Number.isNaN(c) || c === NEWLINE || c === RETURN
}

/** The spaces that start the line at `at`, counted up to `most`. */
function indentOf(text: string, at: number, most: number): number {
  let spaces = 0
  while (spaces < most && text.charCodeAt(at + spaces) === SPACE) spaces++
  return spaces
}

/**
 * How a line within the entries goes on: a new entry (a `-` at the entries' indentation, which
 * the first entry sets), the one before (a blank or comment line, or one indented further), the
 * end of the entries (a line at column 0), or none of these (`null`: left to the whole parse).
 */
function entryLine(
  text: string,
  at: number,
  indent: number | null
): 'entry' | 'more' | 'end' | null {
  const spaces = indentOf(text, at, (indent ?? Number.MAX_SAFE_INTEGER) + 1)
  const c = text.charCodeAt(at + spaces)
  if (c === HASH || endsLine(text, at + spaces)) return 'more'
  const dash =
    c === DASH && (text.charCodeAt(at + spaces + 1) === SPACE || endsLine(text, at + spaces + 1))
  if (indent === null) return dash ? 'entry' : null
  if (spaces === indent && dash) return 'entry'
  if (spaces > indent) return 'more'
  return spaces === 0 ? 'end' : null
}

/** A key at column 0 that `field(doc, 'items')` could take: quoted or not. */
const KEY = /^["']?([^\s"':]+)["']?\s*:/

function couldBeItemsKey(line: string): boolean {
  const key = KEY.exec(line)?.[1]
  return key === 'items'
}

/** The entries' bounds and the text without them, or null when the text is not such a list. */
function cutList(text: string): { bounds: number[]; frameText: string } | null {
  const bounds: number[] = []
  let items: { start: number; end: number } | null = null
  let indent: number | null = null
  let end = -1
  for (let at = 0; at < text.length;) {
    const next = text.indexOf('\n', at)
    const lineEnd = next < 0 ? text.length : next + 1
    if (isDocumentLine(text, at) || text.charCodeAt(at) === TAB) return null
    const within = items !== null && end < 0
    const kind = within ? entryLine(text, at, indent) : 'end'
    if (kind === null) return null
    if (kind === 'entry') {
      indent ??= indentOf(text, at, Number.MAX_SAFE_INTEGER)
      bounds.push(at)
    } else if (kind === 'end') {
      if (within) end = at
      const line = text.slice(at, lineEnd).replace(/\r?\n$/, '')
      if (items === null && line === 'items:') items = { start: at, end: lineEnd }
      else if (couldBeItemsKey(line)) return null
    }
    at = lineEnd
  }
  if (items === null || bounds.length === 0) return null
  if (end < 0) end = text.length
  bounds.push(end)
  return { bounds, frameText: `${text.slice(0, items.start)}items: []\n${text.slice(end)}` }
}

function cut(text: string): CutList | null {
  const found = cutList(text)
  if (found === null) return null
  let frame: unknown
  try {
    frame = load(found.frameText, { json: true })
  } catch {
    return null
  }
  if (!isJsonObject(frame)) return null
  const items = field(frame, 'items')
  if (!Array.isArray(items) || items.length > 0) return null
  return { frame, bounds: found.bounds }
}

/** Entry `i` parsed on its own: the sequence of one item its text is. */
function entry(text: string, { bounds }: CutList, i: number): unknown {
  try {
    const parsed = load(text.slice(bounds[i], bounds[i + 1]), { json: true })
    return Array.isArray(parsed) && parsed.length === 1 ? (parsed[0] as unknown) : UNREAD
  } catch {
    return UNREAD
  }
}

/** Whether entries `from` on all parse on their own. */
function restParses(text: string, list: CutList, from: number): boolean {
  for (let i = from; i < list.bounds.length - 1; i++)
    if (entry(text, list, i) === UNREAD) return false
  return true
}

/**
 * Gives `item` each item of `text` in turn and returns true; false when the text must be read
 * whole instead (`item` may then have been given the first items). An item refused
 * (ProtocolError) is refused once the rest of the text is known to parse, as the whole parse
 * would have found it before any item; otherwise false.
 */
export function readYamlListItems(text: string, item: YamlListItem): boolean {
  const list = cut(text)
  if (list === null) return false
  const kind = field(list.frame, 'kind')
  const listKind = typeof kind === 'string' ? kind : null
  const count = list.bounds.length - 1
  for (let i = 0; i < count; i++) {
    const object = entry(text, list, i)
    if (object === UNREAD) return false
    try {
      item(object, i, count, listKind)
    } catch (error) {
      if (error instanceof ProtocolError && !restParses(text, list, i + 1)) return false
      throw error
    }
  }
  return true
}
