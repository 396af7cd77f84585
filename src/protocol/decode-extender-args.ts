import type { IntList } from '../core/index.js'
import { NO_CANDIDATE_LIMIT, tooManyCandidates } from './candidate-limit.js'
import { decodeNodeRef, type NodeRef, type PodTolerations } from './decode-objects.js'
import { decodePodAt } from './decode-pod-bytes.js'
import { indexJson, type JsonDocument } from './json-index.js'
import {
  describeAt,
  forEachElement,
  forEachMember,
  isNullSpan,
  keyIs,
  parseSpan,
  type Span,
} from '../json/json-walk.js'
import type { NodeNameList } from './node-name-list.js'
import { scanNodeNames } from './node-name-scan.js'
import { ProtocolError } from '../json/protocol-error.js'

/** The candidates of a filter or prioritize call: full nodes, or names only (node-cache mode). */
export type Candidates =
  | { readonly kind: 'nodes'; readonly nodes: readonly NodeRef[] }
  | { readonly kind: 'names'; readonly names: NodeNameList }

/** extender/v1 `ExtenderArgs`, as far as the rules need it. */
export interface ExtenderArgs {
  readonly pod: PodTolerations
  readonly candidates: Candidates
}

function presentSpan(buf: Uint8Array, span: Span | null): Span | null {
  return span === null || isNullSpan(buf, span) ? null : span
}

/** Nodes.items, refused past `maxNodes` before another node is decoded (see tooManyCandidates). */
function decodeNodeList(doc: JsonDocument, span: Span, maxNodes: number): NodeRef[] {
  const buf = doc.buf
  let items: Span | null = null
  forEachMember(doc, span.start, 'Nodes', (keyStart, keyEnd, value) => {
    if (keyIs(buf, keyStart, keyEnd, 'items')) items = value
  })
  const present = presentSpan(buf, items)
  if (present === null) return []
  const nodes: NodeRef[] = []
  forEachElement(doc, present.start, 'Nodes.items', (value, i) => {
    if (i >= maxNodes) throw tooManyCandidates(elementCount(doc, present), maxNodes, 'nodes')
    nodes.push(decodeNodeRef(doc, value, `Nodes.items[${i}]`))
  })
  return nodes
}

/** How many elements the (validated) array at `span` has, building none of them. */
function elementCount(doc: JsonDocument, span: Span): number {
  let count = 0
  forEachElement(doc, span.start, 'Nodes.items', () => count++)
  return count
}

function decodeNodeNames(
  doc: JsonDocument,
  span: Span,
  maxNames: number,
  spans?: IntList
): NodeNameList {
  const buf = doc.buf
  // Read while indexing, unless the key was spelt with escapes (then read here, already valid).
  const list =
    doc.nameLists.get(span.start) ??
    scanNodeNames(buf, span.start, doc.scan.view, spans, maxNames)?.list
  if (list === undefined) {
    const value = parseSpan(buf, span)
    if (!Array.isArray(value)) {
      throw new ProtocolError(`NodeNames: expected an array, got ${describeAt(buf, span.start)}`)
    }
    const wrong = value.findIndex((name) => typeof name !== 'string')
    throw new ProtocolError(`NodeNames[${wrong}]: expected a non-empty node name`)
  }
  list.requireNonEmpty()
  return list
}

/**
 * Decodes a filter or prioritize body straight from its bytes. Keys match in any casing (the
 * last of several spellings wins, as in Go); exactly one of `Nodes` and `NodeNames` must be set.
 * Only the pod, each node's metadata name and version, and the names list are parsed; the rest
 * is validated and left as bytes. The one exception is the inside of each NodeNames literal,
 * proven valid by matching an indexed name or by reading the name (see NodeNameList).
 *
 * With `spans`, the names' positions are read into it (see IntList): the NodeNames list is
 * valid until `spans` is next used. More than `maxNodes` nodes or names are refused with 413
 * before more than that many are decoded: a small node costs far more decoded than sent.
 */
export function decodeExtenderArgs(
  buf: Uint8Array,
  spans?: IntList,
  maxNodes = NO_CANDIDATE_LIMIT
): ExtenderArgs {
  const doc = indexJson(buf, 'nodenames', spans, maxNodes)
  let pod: Span | null = null
  let nodes: Span | null = null
  let names: Span | null = null
  forEachMember(doc, 0, 'request body', (keyStart, keyEnd, value) => {
    if (keyIs(buf, keyStart, keyEnd, 'pod')) pod = value
    else if (keyIs(buf, keyStart, keyEnd, 'nodes')) nodes = value
    else if (keyIs(buf, keyStart, keyEnd, 'nodenames')) names = value
  })
  const namesSpan = presentSpan(buf, names)
  const decodedNames = namesSpan === null ? null : decodeNodeNames(doc, namesSpan, maxNodes, spans)
  const podSpan = presentSpan(buf, pod)
  if (podSpan === null) throw new ProtocolError('Pod is missing')
  const decodedPod = decodePodAt(doc, podSpan, 'Pod')
  const nodesSpan = presentSpan(buf, nodes)
  if (nodesSpan !== null && decodedNames !== null) {
    throw new ProtocolError(
      'both Nodes and NodeNames are set; kube-scheduler sends exactly one (NodeNames when nodeCacheCapable is true)'
    )
  }
  if (nodesSpan !== null) {
    const nodes = decodeNodeList(doc, nodesSpan, maxNodes)
    return { pod: decodedPod, candidates: { kind: 'nodes', nodes } }
  }
  if (decodedNames !== null) {
    return { pod: decodedPod, candidates: { kind: 'names', names: decodedNames } }
  }
  throw new ProtocolError('request has neither Nodes nor NodeNames')
}
