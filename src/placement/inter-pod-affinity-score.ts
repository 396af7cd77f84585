import type { PodAffinityTerm, WeightedPodAffinityTerm } from './cluster-pod.js'
import { addWeight, existingPodsSums, type ScoreMap } from './inter-pod-affinity-existing.js'
import type { PreScore, PreScoreResult, ScorePlugin } from './score-framework.js'
import {
  incomingTermMatches,
  incomingTerms,
  termCandidates,
  type IncomingTerm,
} from './inter-pod-affinity-terms.js'
import { labelOf } from './label-requirements.js'
import type { NodeInfo } from './node-info.js'
import { PLUGIN_INTER_POD_AFFINITY, type SnapshotInput } from './types.js'

/**
 * InterPodAffinity's scoring (kubernetes v1.28.7 interpodaffinity scoring.go `PreScore`,
 * `processExistingPod`, `processTerm`, `Score`, `NormalizeScore`; no change found up to v1.35):
 * per topology key and value, the sum of the weights of the incoming pod's preferred terms that
 * the pods there match (anti-affinity subtracting), of the placed pods' preferred terms that the
 * incoming pod matches, and `hardPodAffinityWeight` (1 by default) for each of their required
 * affinity terms it matches. A node scores the sums of its labels' values; normalising is a
 * min–max over the scored nodes. Terminating pods count, unlike in PodTopologySpread.
 */

interface WeightedIncoming {
  readonly incoming: IncomingTerm
  readonly weight: number
}

/**
 * `processTerm`: the term's weight times `multiplier` on the domain of `node`, when the node
 * has the topology key (and a label at all). False when it added nothing.
 */
function addOnDomain(
  map: ScoreMap,
  node: NodeInfo,
  term: PodAffinityTerm,
  weight: number
): boolean {
  const value = labelOf(node.node.labels, term.topologyKey)
  if (value === undefined) return false
  addWeight(map, term.topologyKey, value, weight)
  return true
}

/**
 * The incoming pod's preferred terms, with a non-empty namespaceSelector turned into the
 * namespaces it selects (`mergeAffinityTermNamespacesIfNotEmpty`), each signed: affinity adds,
 * anti-affinity subtracts.
 */
function weightedIncoming(input: SnapshotInput): WeightedIncoming[] {
  const { pod, namespaces } = input
  const signed = (terms: readonly WeightedPodAffinityTerm[], sign: 1 | -1) => {
    const parsed = incomingTerms(
      pod,
      terms.map((t) => t.term),
      namespaces
    )
    return parsed.map((incoming, i) => ({ incoming, weight: sign * (terms[i]?.weight ?? 0) }))
  }
  return [...signed(pod.preferredAffinity ?? [], 1), ...signed(pod.preferredAntiAffinity ?? [], -1)]
}

/**
 * The incoming pod's terms over the placed pods: rather than every pod of every node, as
 * upstream reads them when the pod has preferred terms, those each term's namespaces and
 * selector may match by the snapshot's index; the sums are the same.
 */
function scoreIncomingTerms(input: SnapshotInput, map: ScoreMap): boolean {
  let recorded = false
  for (const { incoming, weight } of weightedIncoming(input))
    for (const other of termCandidates(incoming, input.snapshot)) {
      const node = input.snapshot.get(other.nodeName)
      if (node === undefined || !incomingTermMatches(incoming, other)) continue
      recorded = addOnDomain(map, node, incoming.term, weight) || recorded
    }
  return recorded
}

/**
 * InterPodAffinity's PreScore: Skip when there is no feasible node, when the pods bound to the
 * nodes are unknown, or when no term matched on a labelled node (`index == -1`).
 */
export const preScoreInterPodAffinity: PreScore = (input, feasible): PreScoreResult => {
  const { snapshot } = input
  if (feasible.length === 0 || !snapshot.podsKnown) return null
  const map: ScoreMap = new Map()
  let recorded = scoreIncomingTerms(input, map)
  const existing = existingPodsSums(snapshot, input.pod, input.namespaces)
  for (const { topologyKey, value, weight } of existing.weights)
    addWeight(map, topologyKey, value, weight)
  recorded = existing.recorded || recorded
  return recorded ? affinityScorer(map) : null
}

function affinityScorer(map: ScoreMap): ScorePlugin {
  return {
    name: PLUGIN_INTER_POD_AFFINITY,
    weight: 2,
    score(info) {
      let score = 0
      for (const [key, values] of map) {
        const value = labelOf(info.node.labels, key)
        if (value !== undefined) score += values.get(value) ?? 0
      }
      return score
    },
    normalize(scores) {
      let min = Number.POSITIVE_INFINITY
      let max = Number.NEGATIVE_INFINITY
      for (const raw of scores) {
        min = Math.min(min, raw)
        max = Math.max(max, raw)
      }
      const spread = max - min
      // int64(MaxNodeScore × (float64(raw − min) / float64(max − min))), in that order.
      for (const [i, raw] of scores.entries())
        scores[i] = spread > 0 ? Math.trunc(100 * ((raw - min) / spread)) : 0
    },
  }
}
