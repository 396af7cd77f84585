/**
 * Request bodies exactly as kube-scheduler sends ExtenderArgs (PascalCase envelope, camelCase
 * Kubernetes objects), and the answer each must get, worked out with the readable reference rules.
 */
import {
  normalizeReversedScores,
  referenceCountIntolerablePreferNoSchedule,
  referenceFilterNode,
} from '../src/core/index.js'
import { nodeName, nodeTaints, realisticNode } from './realistic-node.js'
import {
  coreTolerations,
  realisticPod,
  tolerationsFor,
  type TolerationCount,
  type WireToleration,
} from './realistic-pod.js'

export type Verb = 'filter' | 'prioritize'
/** `full`: whole Node objects (nodeCacheCapable: false); `names`: NodeNames (true). */
export type Mode = 'full' | 'names'

/** What the extender must answer for one pod and some nodes of the fleet, in request order. */
export interface Expected {
  readonly size: number
  readonly names: readonly string[]
  readonly passingNames: readonly string[]
  /** Rejected node name → upstream reason string. */
  readonly rejected: ReadonlyMap<string, string>
  /** Normalised 0–10 scores, in request order. */
  readonly scores: Int32Array
}

export interface Payload {
  readonly body: Buffer
  readonly expected: Expected
}

const RULES = { comparisonOperators: true }
const POD_NAME = 'checkout-api-7d9f8b6c5d-x2vq8'
const itemsJsonCache = new Map<number, string>()
const namesJsonCache = new Map<number, string>()

/** The first `size` realistic nodes as a JSON array, built once per size. */
function itemsJson(size: number): string {
  let json = itemsJsonCache.get(size)
  if (json === undefined) {
    const parts: string[] = []
    for (let i = 0; i < size; i++) parts.push(JSON.stringify(realisticNode(i)))
    json = '[' + parts.join(',') + ']'
    itemsJsonCache.set(size, json)
  }
  return json
}

/** Drops the cached node JSON (5000 full nodes are ~80 MB). */
export function releasePayloadCaches(): void {
  itemsJsonCache.clear()
}

function namesJson(size: number): string {
  let json = namesJsonCache.get(size)
  if (json === undefined) {
    json = JSON.stringify(Array.from({ length: size }, (_, i) => nodeName(i)))
    namesJsonCache.set(size, json)
  }
  return json
}

/** The answer for the first `size` nodes of the fleet. */
export function expectedFor(size: number, tolerations: readonly WireToleration[]): Expected {
  return expectedForNodes(
    Array.from({ length: size }, (_, i) => i),
    tolerations
  )
}

/** The answer for the fleet's nodes at these positions, named in this order. */
export function expectedForNodes(
  positions: readonly number[],
  tolerations: readonly WireToleration[]
): Expected {
  const nodes = positions.map((i) => nodeTaints(i))
  const tols = coreTolerations(tolerations)
  const passingNames: string[] = []
  const rejected = new Map<string, string>()
  const scores = new Int32Array(nodes.length)
  nodes.forEach((node, i) => {
    const reason = referenceFilterNode(tols, node, RULES)
    if (reason === null) passingNames.push(node.name)
    else rejected.set(node.name, reason)
    scores[i] = referenceCountIntolerablePreferNoSchedule(tols, node, RULES)
  })
  normalizeReversedScores(scores)
  return { size: nodes.length, names: nodes.map((n) => n.name), passingNames, rejected, scores }
}

/** A node-cache request naming the fleet's nodes at these positions, in this order. */
export function namesRequestBody(
  positions: readonly number[],
  tolerations: readonly WireToleration[]
): Buffer {
  const pod = JSON.stringify(realisticPod(POD_NAME, tolerations))
  return namesEnvelope(pod, JSON.stringify(positions.map((i) => nodeName(i))))
}

/** ExtenderArgs in node-cache mode around a pod's and a name list's JSON. */
function namesEnvelope(podJson: string, namesJson: string): Buffer {
  return Buffer.from(`{"Pod":${podJson},"Nodes":null,"NodeNames":${namesJson}}`)
}

/** The body of one request; `podName` lets a stream of requests carry distinct pods. */
export function requestBody(
  mode: Mode,
  size: number,
  tolerations: readonly WireToleration[],
  podName = POD_NAME
): Buffer {
  const pod = JSON.stringify(realisticPod(podName, tolerations))
  if (mode === 'names') return namesEnvelope(pod, namesJson(size))
  const head = `{"Pod":${pod},"Nodes":{"metadata":{},"items":`
  return Buffer.from(head + itemsJson(size) + '},"NodeNames":null}')
}

export function payload(mode: Mode, size: number, count: TolerationCount): Payload {
  const tolerations = tolerationsFor(count)
  return { body: requestBody(mode, size, tolerations), expected: expectedFor(size, tolerations) }
}
