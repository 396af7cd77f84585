import type { CompiledNode } from './compiled-node.js'
import type { CompiledTolerations } from './compiled-tolerations.js'
import { MAX_EXTENDER_PRIORITY, normalizeReversedScores } from './normalize-score.js'
import type { RejectionReason } from './reasons.js'

/**
 * Which candidates a pod may run on. Indices refer to the input array, so the caller can send
 * back the very node objects (or names) it received, in the order it received them.
 */
export interface FilterOutcome {
  readonly passingIndices: number[]
  readonly rejectedIndices: number[]
  readonly rejectedReasons: RejectionReason[]
}

/** Filters every candidate node; one compiled-toleration check per node, no allocation per pass. */
export function filterNodes(
  pod: CompiledTolerations,
  nodes: readonly CompiledNode[]
): FilterOutcome {
  const passingIndices: number[] = []
  const rejectedIndices: number[] = []
  const rejectedReasons: RejectionReason[] = []
  for (let i = 0; i < nodes.length; i++) {
    const reason = pod.filterNode(nodes[i] as CompiledNode)
    if (reason === null) {
      passingIndices.push(i)
    } else {
      rejectedIndices.push(i)
      rejectedReasons.push(reason)
    }
  }
  return { passingIndices, rejectedIndices, rejectedReasons }
}

/**
 * Scores every candidate 0–10: the raw count of untolerated PreferNoSchedule taints per node,
 * normalised over exactly these nodes as upstream's NormalizeScore does over the scored set.
 */
export function scoreNodes(pod: CompiledTolerations, nodes: readonly CompiledNode[]): Int32Array {
  const scores = new Int32Array(nodes.length)
  for (let i = 0; i < nodes.length; i++) {
    scores[i] = pod.countIntolerablePreferNoSchedule(nodes[i] as CompiledNode)
  }
  normalizeReversedScores(scores, MAX_EXTENDER_PRIORITY)
  return scores
}
