import type { CompiledNode } from './compiled-node.js'
import type { CompiledTolerations } from './compiled-tolerations.js'
import { MAX_EXTENDER_PRIORITY, normalizeReversedScores } from './normalize-score.js'
import type { RejectionReason } from './reasons.js'
import { newPass } from './taint-profile.js'

/**
 * Which candidates a pod may run on. Indices refer to the input array, so the caller can send
 * back the very node objects (or names) it received, in the order it received them.
 */
export interface FilterOutcome {
  readonly passingIndices: number[]
  readonly rejectedIndices: number[]
  readonly rejectedReasons: RejectionReason[]
}

/**
 * Filters every candidate node. The pod is judged once per taint profile, not once per node:
 * the nodes of a pool share theirs, so a 5000-node request costs a few compiled-toleration
 * checks and a memo read per node.
 */
export function filterNodes(
  pod: CompiledTolerations,
  nodes: readonly CompiledNode[]
): FilterOutcome {
  const pass = newPass()
  const passingIndices: number[] = []
  const rejectedIndices: number[] = []
  const rejectedReasons: RejectionReason[] = []
  for (let i = 0; i < nodes.length; i++) {
    const reason = (nodes[i] as CompiledNode).profile.filterOnce(pod, pass)
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
 * Scores every candidate 0–10: the raw count of untolerated PreferNoSchedule taints per node
 * (counted once per taint profile, as filterNodes judges), normalised over exactly these nodes
 * as upstream's NormalizeScore does over the scored set.
 */
export function scoreNodes(pod: CompiledTolerations, nodes: readonly CompiledNode[]): Int32Array {
  const pass = newPass()
  const scores = new Int32Array(nodes.length)
  for (let i = 0; i < nodes.length; i++) {
    scores[i] = (nodes[i] as CompiledNode).profile.countOnce(pod, pass)
  }
  normalizeReversedScores(scores, MAX_EXTENDER_PRIORITY)
  return scores
}
