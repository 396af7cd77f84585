import type { AffinityPod, ClusterPod, PodAffinityTerm } from './cluster-pod.js'
import { existingTermMatches, type NamespaceLabels } from './inter-pod-affinity-terms.js'
import { labelOf, type Labels } from './label-requirements.js'
import type { NodeInfo } from './node-info.js'
import type { Snapshot } from './snapshot.js'

/**
 * The placed pods' half of InterPodAffinity's PreScore (interpodaffinity scoring.go
 * `processExistingPod`): on each node, the required affinity terms (`hardPodAffinityWeight`) and
 * preferred terms of its pods with affinity that the incoming pod matches, summed on the node's
 * domain of each term's topology key. What a node adds depends only on its pods, its labels and
 * the incoming pod's namespace and labels, so it is kept per node and per incoming pod's
 * namespace and labels while the node's pods with affinity stay the same: the replicas of one
 * template placed one after the other, each changing one node, read the other nodes' parts
 * again rather than matching every placed pod's terms again, as upstream's PreScore does on a
 * snapshot of that version. Over the whole snapshot, the sums are kept while its list of nodes
 * with such pods is the same object: the snapshot makes that list anew whenever a pod with
 * affinity terms comes or goes (snapshot.ts `#listsChanged`), so that a replacement without
 * terms, bound in turn, leaves them. The sums are of integer weights, so the order they are
 * added in does not change them.
 */

/** InterPodAffinityArgs `hardPodAffinityWeight`, defaulted to 1 (apis/config/v1 defaults.go). */
export const HARD_POD_AFFINITY_WEIGHT = 1

/** One matched term's weight on the node's domain of its topology key. */
interface DomainWeight {
  readonly topologyKey: string
  readonly value: string
  readonly weight: number
}

/** What nodes add for one incoming pod; `recorded` when some term matched on a domain. */
export interface AffinityPart {
  readonly weights: readonly DomainWeight[]
  readonly recorded: boolean
}

interface KeptParts {
  /** The node's pods with affinity the parts were computed from, in order. */
  readonly pods: readonly ClusterPod[]
  readonly namespaces: NamespaceLabels
  readonly byIncoming: Map<string, AffinityPart>
}

const kept = new WeakMap<NodeInfo, KeptParts>()

/**
 * Incoming pods' namespaces and labels whose parts are kept per node and sums per snapshot, the
 * oldest dropped first: `explain --pending` judges pods of many workloads on one snapshot.
 */
const KEPT_INCOMING = 64

/** A node whose pods add nothing for the incoming pod, most nodes: one object for them all. */
const NOTHING: AffinityPart = Object.freeze({ weights: [], recorded: false })

/** `value` kept under `key`, the oldest key dropped past KEPT_INCOMING. */
function keep(byIncoming: Map<string, AffinityPart>, key: string, value: AffinityPart): void {
  byIncoming.set(key, value)
  const oldest = byIncoming.keys().next().value
  if (byIncoming.size > KEPT_INCOMING && oldest !== undefined) byIncoming.delete(oldest)
}

/** What the parts depend on of the incoming pod: its namespace and labels. */
function incomingKey(pod: AffinityPod): string {
  const labels = Object.entries(pod.labels).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return JSON.stringify([pod.namespace, labels])
}

function samePods(a: readonly ClusterPod[], b: readonly ClusterPod[]): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

/** `processExistingPod` for every pod with affinity on `node`, its sums per domain. */
function computePart(
  node: NodeInfo,
  incoming: AffinityPod,
  namespaces: NamespaceLabels
): AffinityPart {
  const sums = new Map<string, DomainWeight>()
  let recorded = false
  const labels: Labels = node.node.labels
  const add = (other: ClusterPod, term: PodAffinityTerm, weight: number) => {
    if (!existingTermMatches(other, term, incoming, namespaces)) return
    const value = labelOf(labels, term.topologyKey)
    if (value === undefined) return
    recorded = true
    const was = sums.get(term.topologyKey)?.weight ?? 0
    sums.set(term.topologyKey, { topologyKey: term.topologyKey, value, weight: was + weight })
  }
  for (const other of node.podsWithAffinity) {
    for (const term of other.requiredAffinity) add(other, term, HARD_POD_AFFINITY_WEIGHT)
    for (const t of other.preferredAffinity ?? []) add(other, t.term, t.weight)
    for (const t of other.preferredAntiAffinity ?? []) add(other, t.term, -t.weight)
  }
  return sums.size === 0 && !recorded ? NOTHING : { weights: [...sums.values()], recorded }
}

/**
 * What `node`'s pods with affinity add for the incoming pod (`key`: its incomingKey): kept from
 * an earlier pod of the same namespace and labels while the node's pods with affinity and the
 * namespace labels are the same.
 */
function existingPodsPart(
  node: NodeInfo,
  incoming: AffinityPod,
  key: string,
  namespaces: NamespaceLabels
): AffinityPart {
  let parts = kept.get(node)
  if (
    parts === undefined ||
    parts.namespaces !== namespaces ||
    !samePods(parts.pods, node.podsWithAffinity)
  ) {
    parts = { pods: [...node.podsWithAffinity], namespaces, byIncoming: new Map() }
    kept.set(node, parts)
  }
  let part = parts.byIncoming.get(key)
  if (part === undefined) {
    part = computePart(node, incoming, namespaces)
    keep(parts.byIncoming, key, part)
  }
  return part
}

interface KeptSums {
  readonly nodes: readonly NodeInfo[]
  readonly namespaces: NamespaceLabels
  readonly byIncoming: Map<string, AffinityPart>
}

const keptSums = new WeakMap<Snapshot, KeptSums>()

/** `scoreMap`: topology key → label value → summed weight. */
export type ScoreMap = Map<string, Map<string, number>>

/** Adds `weight` to the domain `topologyKey=value` of `map`. */
export function addWeight(map: ScoreMap, topologyKey: string, value: string, weight: number): void {
  let values = map.get(topologyKey)
  if (values === undefined) map.set(topologyKey, (values = new Map()))
  values.set(value, (values.get(value) ?? 0) + weight)
}

/** Every node's part summed per topology key and value. */
function sumParts(
  nodes: readonly NodeInfo[],
  incoming: AffinityPod,
  key: string,
  namespaces: NamespaceLabels
): AffinityPart {
  const sums: ScoreMap = new Map()
  let recorded = false
  for (const node of nodes) {
    const part = existingPodsPart(node, incoming, key, namespaces)
    recorded = part.recorded || recorded
    for (const { topologyKey, value, weight } of part.weights)
      addWeight(sums, topologyKey, value, weight)
  }
  const weights = [...sums].flatMap(([topologyKey, values]) =>
    [...values].map(([value, weight]) => ({ topologyKey, value, weight }))
  )
  return { weights, recorded }
}

/**
 * `processExistingPod` over every node with pods with affinity, for the incoming pod: each term
 * matched summed on its domain; kept per snapshot while its list of those nodes is the same.
 */
export function existingPodsSums(
  snapshot: Snapshot,
  incoming: AffinityPod,
  namespaces: NamespaceLabels
): AffinityPart {
  const nodes = snapshot.havePodsWithAffinity
  let kept = keptSums.get(snapshot)
  if (kept === undefined || kept.nodes !== nodes || kept.namespaces !== namespaces) {
    kept = { nodes, namespaces, byIncoming: new Map() }
    keptSums.set(snapshot, kept)
  }
  const key = incomingKey(incoming)
  let sums = kept.byIncoming.get(key)
  if (sums === undefined) {
    sums = sumParts(nodes, incoming, key, namespaces)
    keep(kept.byIncoming, key, sums)
  }
  return sums
}
