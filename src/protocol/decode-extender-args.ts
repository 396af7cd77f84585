import type { IntList } from '../core/index.js'
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

function decodeNodeList(doc: JsonDocument, span: Span): NodeRef[] {
  const buf = doc.buf
  let items: Span | null = null
  forEachMember(doc, span.start, 'Nodes', (keyStart, keyEnd, value) => {
    if (keyIs(buf, keyStart, keyEnd, 'items')) items = value
  })
  const present = presentSpan(buf, items)
  if (present === null) return []
  const nodes: NodeRef[] = []
  forEachElement(doc, present.start, 'Nodes.items', (value, i) => {
    nodes.push(decodeNodeRef(doc, value, `Nodes.items[${i}]`))
  })
  return nodes
}

function decodeNodeNames(doc: JsonDocument, span: Span, spans?: IntList): NodeNameList {
  const buf = doc.buf
  // Read while indexing, unless the key was spelt with escapes (then read here, already valid).
  const list =
    doc.nameLists.get(span.start) ?? scanNodeNames(buf, span.start, doc.scan.view, spans)?.list
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
 * valid until `spans` is next used.
 */
export function decodeExtenderArgs(buf: Uint8Array, spans?: IntList): ExtenderArgs {
  const doc = indexJson(buf, 'nodenames', spans)
  let pod: Span | null = null
  let nodes: Span | null = null
  let names: Span | null = null
  forEachMember(doc, 0, 'request body', (keyStart, keyEnd, value) => {
    if (keyIs(buf, keyStart, keyEnd, 'pod')) pod = value
    else if (keyIs(buf, keyStart, keyEnd, 'nodes')) nodes = value
    else if (keyIs(buf, keyStart, keyEnd, 'nodenames')) names = value
  })
  const namesSpan = presentSpan(buf, names)
  const decodedNames = namesSpan === null ? null : decodeNodeNames(doc, namesSpan, spans)
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
    return { pod: decodedPod, candidates: { kind: 'nodes', nodes: decodeNodeList(doc, nodesSpan) } }
  }
  if (decodedNames !== null) {
    return { pod: decodedPod, candidates: { kind: 'names', names: decodedNames } }
  }
  throw new ProtocolError('request has neither Nodes nor NodeNames')
}
