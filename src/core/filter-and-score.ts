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
  readonly rejectedNames: string[]
  readonly rejectedReasons: RejectionReason[]
}

/** Filters every candidate node; one compiled-toleration check per node, no allocation per pass. */
export function filterNodes(
  pod: CompiledTolerations,
  nodes: readonly CompiledNode[]
): FilterOutcome {
  const passingIndices: number[] = []
  const rejectedNames: string[] = []
  const rejectedReasons: RejectionReason[] = []
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i] as CompiledNode
    const reason = pod.filterNode(node)
    if (reason === null) {
      passingIndices.push(i)
    } else {
      rejectedNames.push(node.name)
      rejectedReasons.push(reason)
    }
  }
  return { passingIndices, rejectedNames, rejectedReasons }
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
