import type { NodeTaintsAt, Taint } from '../core/index.js'
import { BodyScan } from '../json/json-scan.js'
import {
  describeAt,
  forEachElement,
  forEachMember,
  isNullSpan,
  keyIs,
  parseSpan,
  type IndexedJson,
  type Span,
} from '../json/json-walk.js'
import { ProtocolError } from '../json/protocol-error.js'
import { NO_CANDIDATE_LIMIT, tooManyTaints } from './candidate-limit.js'
import type { NodeRef } from './decode-objects.js'

/**
 * A node's cordon flag and taints, read from the bytes of its `spec` and nothing else of it:
 * parsed whole, a spec of a few megabytes of empty objects took hundreds of megabytes of heap.
 * Only each taint's key, value and effect strings are parsed. Members are matched as Go matches
 * them, case-insensitively, the last of several spellings winning.
 */

const QUOTE = 0x22
const TRUE = 0x74
const FALSE = 0x66
const NO_ENDS: ReadonlyMap<number, number> = new Map()

/**
 * How many taints the nodes of one request may still have decoded: a taint costs about as much
 * decoded as a node, and a body can hold one every three bytes (`{},`).
 */
export class TaintAllowance {
  readonly limit: number
  #left: number

  constructor(limit = NO_CANDIDATE_LIMIT) {
    this.limit = limit
    this.#left = limit
  }

  /** Takes `count` taints, or refuses the request when they are more than are left. */
  take(count: number): void {
    this.#left -= count
    if (this.#left < 0) throw tooManyTaints(this.limit)
  }
}

/** The spec's bytes as a document of their own, its containers found by scanning. */
function specDocument(spec: Uint8Array): IndexedJson {
  return { buf: spec, scan: new BodyScan(spec), containerEnds: NO_ENDS }
}

/** Reads `spec.unschedulable` and `spec.taints` of a node already identified by decodeNodeRef. */
export function decodeNodeTaints(ref: NodeRef, allowance = new TaintAllowance()): NodeTaintsAt {
  const node = { name: ref.name, resourceVersion: ref.resourceVersion }
  if (ref.spec === null) return { ...node, unschedulable: false, taints: [] }
  const doc = specDocument(ref.spec)
  const buf = doc.buf
  const path = `${ref.path}.spec`
  let unschedulable: Span | null = null
  let list: Span | null = null
  forEachMember(doc, 0, path, (keyStart, keyEnd, value) => {
    if (keyIs(buf, keyStart, keyEnd, 'unschedulable')) unschedulable = value
    else if (keyIs(buf, keyStart, keyEnd, 'taints')) list = value
  })
  return {
    ...node,
    unschedulable: readBooleanAt(buf, unschedulable, `${path}.unschedulable`),
    taints: decodeTaintList(doc, list, `${path}.taints`, allowance),
  }
}

function decodeTaintList(
  doc: IndexedJson,
  list: Span | null,
  path: string,
  allowance: TaintAllowance
): Taint[] {
  const taints: Taint[] = []
  if (list === null || isNullSpan(doc.buf, list)) return taints
  let count = 0
  forEachElement(doc, list.start, path, () => count++)
  allowance.take(count)
  forEachElement(doc, list.start, path, (value, i) => {
    taints.push(decodeTaintAt(doc, value, `${path}[${i}]`))
  })
  return taints
}

function decodeTaintAt(doc: IndexedJson, span: Span, path: string): Taint {
  const buf = doc.buf
  if (isNullSpan(buf, span)) throw new ProtocolError(`${path} is missing`)
  let key: Span | null = null
  let value: Span | null = null
  let effect: Span | null = null
  forEachMember(doc, span.start, path, (keyStart, keyEnd, member) => {
    if (keyIs(buf, keyStart, keyEnd, 'key')) key = member
    else if (keyIs(buf, keyStart, keyEnd, 'value')) value = member
    else if (keyIs(buf, keyStart, keyEnd, 'effect')) effect = member
  })
  return {
    key: readStringAt(buf, key, `${path}.key`),
    value: readStringAt(buf, value, `${path}.value`),
    effect: readStringAt(buf, effect, `${path}.effect`),
  }
}

/** A string member (absent or null: Go's ""), parsed only when it is one. */
function readStringAt(buf: Uint8Array, span: Span | null, path: string): string {
  if (span === null || isNullSpan(buf, span)) return ''
  if (buf[span.start] !== QUOTE) {
    throw new ProtocolError(`${path}: expected a string, got ${describeAt(buf, span.start)}`)
  }
  return parseSpan(buf, span) as string
}

/** A boolean member (absent or null: false). */
function readBooleanAt(buf: Uint8Array, span: Span | null, path: string): boolean {
  if (span === null || isNullSpan(buf, span)) return false
  const first = buf[span.start]
  if (first !== TRUE && first !== FALSE) {
    throw new ProtocolError(`${path}: expected a boolean, got ${describeAt(buf, span.start)}`)
  }
  return first === TRUE
}
