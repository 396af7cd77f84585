import {
  CLOSE_BRACE,
  CLOSE_BRACKET,
  COLON,
  COMMA,
  OPEN_BRACE,
  OPEN_BRACKET,
} from '../json/json-bytes.js'
import { forEachElement, forEachMember, keyIs } from '../json/json-walk.js'
import type { IndexedJson, Span } from '../json/json-walk.js'

/**
 * An object built from its bytes with only the members a reader asks for: a pod of a cluster's
 * list carries its managedFields, annotations, env and volumes, which no rule reads,
 * and building them costs more than all the rest. What is built is what JSON.parse would have
 * built of those members, with the keys as spelled (the decoders match them as Go does), so
 * the decoders read it exactly as they would the whole object.
 */

/**
 * What to build of a member, named in lower case (keys match it case-insensitively, as Go's
 * encoding/json): `true` its whole value; `null` only that it is there (as `null`, for a reader
 * that asks whether it is present); a `FieldTree` those of its own members; `[tree]` those of
 * each element of its array. A value of another type than the tree expects is built whole, so
 * a decoder meets it and refuses it as it would have.
 */
export type FieldPick = true | null | FieldTree | readonly [FieldTree]

export interface FieldTree {
  readonly [lowerName: string]: FieldPick
}

const NULL = new TextEncoder().encode('null')
/** Ranges up to this many bytes are copied in a loop (see PickedText.copy). */
const SHORT_COPY = 32

const utf8 = new TextDecoder()

/**
 * The JSON text of what is picked, as bytes copied from the document: one JSON.parse of it
 * builds the object, where parsing each picked value apart cost more than the whole item.
 */
export class PickedText {
  #buf = new Uint8Array(4096)
  #length = 0

  /** Copies a short range byte by byte: a view for `set` cost more than the copy. */
  copy(from: Uint8Array, start: number, end: number): void {
    this.#room(end - start)
    if (end - start > SHORT_COPY) {
      this.#buf.set(from.subarray(start, end), this.#length)
      this.#length += end - start
      return
    }
    const buf = this.#buf
    let at = this.#length
    for (let i = start; i < end; i++) buf[at++] = from[i] as number
    this.#length = at
  }

  byte(c: number): void {
    this.#room(1)
    this.#buf[this.#length++] = c
  }

  #room(extra: number): void {
    if (this.#length + extra <= this.#buf.length) return
    const grown = new Uint8Array(Math.max(this.#buf.length * 2, this.#length + extra))
    grown.set(this.#buf.subarray(0, this.#length))
    this.#buf = grown
  }

  /** The object built; the text is emptied for the next. */
  parsed(): unknown {
    const length = this.#length
    this.#length = 0
    return JSON.parse(utf8.decode(this.#buf.subarray(0, length)))
  }
}

/**
 * The value at `span` of a validated document, with only the members `pick` asks for. A reader
 * of many objects passes one `text` for all of them, which spares each its own buffer.
 */
export function pickFields(
  doc: IndexedJson,
  span: Span,
  pick: FieldPick,
  text = new PickedText()
): unknown {
  writePicked(text, doc, span, pick)
  return text.parsed()
}

function writePicked(text: PickedText, doc: IndexedJson, span: Span, pick: FieldPick): void {
  const first = doc.buf[span.start]
  if (pick === null) text.copy(NULL, 0, NULL.length)
  else if (pick === true) text.copy(doc.buf, span.start, span.end)
  else if (Array.isArray(pick)) {
    if (first !== OPEN_BRACKET) return text.copy(doc.buf, span.start, span.end)
    const tree = pick[0] as FieldTree
    text.byte(OPEN_BRACKET)
    forEachElement(doc, span.start, '', (value, index) => {
      if (index > 0) text.byte(COMMA)
      writePicked(text, doc, value, tree)
    })
    text.byte(CLOSE_BRACKET)
  } else if (first !== OPEN_BRACE) text.copy(doc.buf, span.start, span.end)
  else writeMembers(text, doc, span, pick as FieldTree)
}

/** The members `tree` names, keys as spelled (a decoder matches them as Go does). */
function writeMembers(text: PickedText, doc: IndexedJson, span: Span, tree: FieldTree): void {
  const names = Object.keys(tree)
  let members = 0
  text.byte(OPEN_BRACE)
  forEachMember(doc, span.start, '', (keyStart, keyEnd, value) => {
    for (const name of names) {
      if (keyIs(doc.buf, keyStart, keyEnd, name)) {
        if (members++ > 0) text.byte(COMMA)
        text.copy(doc.buf, keyStart, keyEnd)
        text.byte(COLON)
        writePicked(text, doc, value, tree[name] as FieldPick)
        return
      }
    }
  })
  text.byte(CLOSE_BRACE)
}

/** The two trees together: a member either asks for is built, as the larger ask says. */
export function mergeFieldTrees(a: FieldTree, b: FieldTree): FieldTree {
  const merged: Record<string, FieldPick> = { ...a }
  for (const [name, pick] of Object.entries(b)) merged[name] = mergePicks(merged[name], pick)
  return merged
}

function mergePicks(a: FieldPick | undefined, b: FieldPick): FieldPick {
  if (a === undefined || a === null) return b
  if (b === null) return a
  if (a === true || b === true) return true
  if (Array.isArray(a) && Array.isArray(b))
    return [mergeFieldTrees(a[0] as FieldTree, b[0] as FieldTree)]
  if (Array.isArray(a) || Array.isArray(b)) return true
  return mergeFieldTrees(a as FieldTree, b as FieldTree)
}
