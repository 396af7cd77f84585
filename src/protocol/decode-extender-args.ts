import { decodeNodeRef, type NodeRef, type PodTolerations } from './decode-objects.js'
import { decodePodAt } from './decode-pod-bytes.js'
import { indexJson, type JsonDocument } from './json-index.js'
import { valueEnd } from './json-scan.js'
import {
  describeAt,
  forEachElement,
  forEachMember,
  isNullSpan,
  keyIs,
  parseSpan,
  type Span,
} from './json-walk.js'
import { ProtocolError } from './protocol-error.js'

/** The candidates of a filter or prioritize call: full nodes, or names only (node-cache mode). */
export type Candidates =
  | { readonly kind: 'nodes'; readonly nodes: readonly NodeRef[] }
  | {
      readonly kind: 'names'
      readonly names: readonly string[]
      /**
       * No name needs escaping in JSON. True when the NodeNames text holds no backslash: a
       * quote, a backslash, a control character or a lone surrogate can only arrive escaped.
       */
      readonly namesArePlain: boolean
    }

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

function decodeNodeNames(
  doc: JsonDocument,
  span: Span
): { names: string[]; namesArePlain: boolean } {
  const buf = doc.buf
  let list: unknown = doc.parsed.get(span.start)
  if (list === undefined) {
    try {
      list = parseSpan(buf, span)
    } catch {
      // Skimmed, not validated (see indexJson): the scanner names the fault, never the content.
      valueEnd(buf, span.start)
      throw new ProtocolError('NodeNames: not valid JSON')
    }
  }
  if (!Array.isArray(list)) {
    throw new ProtocolError(`NodeNames: expected an array, got ${describeAt(buf, span.start)}`)
  }
  for (let i = 0; i < list.length; i++) {
    const name: unknown = list[i]
    if (typeof name !== 'string' || name === '') {
      throw new ProtocolError(`NodeNames[${i}]: expected a non-empty node name`)
    }
  }
  const backslash = buf.subarray(span.start, span.end).indexOf(0x5c)
  return { names: list as string[], namesArePlain: backslash < 0 }
}

/**
 * Decodes a filter or prioritize body straight from its bytes. Keys match in any casing (the
 * last of several spellings wins, as in Go); exactly one of `Nodes` and `NodeNames` must be set.
 * Only the pod, each node's metadata name and version, and the names list are parsed; the rest
 * is validated and left as bytes.
 */
export function decodeExtenderArgs(buf: Uint8Array): ExtenderArgs {
  const doc = indexJson(buf, 'nodenames')
  let pod: Span | null = null
  let nodes: Span | null = null
  let names: Span | null = null
  forEachMember(doc, 0, 'request body', (keyStart, keyEnd, value) => {
    if (keyIs(buf, keyStart, keyEnd, 'pod')) pod = value
    else if (keyIs(buf, keyStart, keyEnd, 'nodes')) nodes = value
    else if (keyIs(buf, keyStart, keyEnd, 'nodenames')) names = value
  })
  // The names were only skimmed by the scanner: read them first, so that invalid JSON is
  // reported as such before any other fault, and validate any earlier spelling left unread.
  const namesSpan = presentSpan(buf, names)
  for (const start of doc.skimmed) {
    if (start !== namesSpan?.start && !doc.parsed.has(start)) valueEnd(buf, start)
  }
  const decodedNames = namesSpan === null ? null : decodeNodeNames(doc, namesSpan)
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
    return { pod: decodedPod, candidates: { kind: 'names', ...decodedNames } }
  }
  throw new ProtocolError('request has neither Nodes nor NodeNames')
}
