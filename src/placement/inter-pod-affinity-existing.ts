import type { AffinityPod, ClusterPod, PodAffinityTerm } from './cluster-pod.js'
import { existingTermMatches, type NamespaceLabels } from './inter-pod-affinity-terms.js'
import { labelOf, type Labels } from './label-requirements.js'
import type { NodeInfo } from './node-info.js'

/**
 * The placed pods' half of InterPodAffinity's PreScore (interpodaffinity scoring.go
 * `processExistingPod`): on each node, the required affinity terms (`hardPodAffinityWeight`) and
 * preferred terms of its pods with affinity that the incoming pod matches, summed on the node's
 * domain of each term's topology key. What a node adds depends only on its pods, its labels and
 * the incoming pod's namespace and labels, so it is kept per node and per incoming pod's
 * namespace and labels while the node's pods with affinity stay the same: the replicas of one
 * template placed one after the other, each changing one node, read the other nodes' parts
 * again rather than matching every placed pod's terms again, as upstream's PreScore does on a
 * snapshot of that version. The sums are of integer weights, so the order they are added in
 * does not change them.
 */

/** InterPodAffinityArgs `hardPodAffinityWeight`, defaulted to 1 (apis/config/v1 defaults.go). */
export const HARD_POD_AFFINITY_WEIGHT = 1

/** One matched term's weight on the node's domain of its topology key. */
interface DomainWeight {
  readonly topologyKey: string
  readonly value: string
  readonly weight: number
}

/** What one node adds for one incoming pod; `recorded` when some term matched on a domain. */
export interface NodeAffinityPart {
  readonly weights: readonly DomainWeight[]
  readonly recorded: boolean
}

interface KeptParts {
  /** The node's pods with affinity the parts were computed from, in order. */
  readonly pods: readonly ClusterPod[]
  readonly namespaces: NamespaceLabels
  readonly byIncoming: Map<string, NodeAffinityPart>
}

const kept = new WeakMap<NodeInfo, KeptParts>()

/** What the parts depend on of the incoming pod: its namespace and labels. */
export function incomingKey(pod: AffinityPod): string {
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
): NodeAffinityPart {
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
  return { weights: [...sums.values()], recorded }
}

/**
 * What `node`'s pods with affinity add for the incoming pod (`key`: its incomingKey): kept from
 * an earlier pod of the same namespace and labels while the node's pods with affinity and the
 * namespace labels are the same.
 */
export function existingPodsPart(
  node: NodeInfo,
  incoming: AffinityPod,
  key: string,
  namespaces: NamespaceLabels
): NodeAffinityPart {
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
    parts.byIncoming.set(key, part)
  }
  return part
}
