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

/**
 * Each verdict of the call in progress: reused from call to call (filterNodes never yields), so
 * that a call allocates only its three results, each at its exact size. Built by push, the
 * results were allocated about three times over at 5000 nodes, and young-generation collections
 * ran that much more often.
 */
const verdicts: (RejectionReason | null)[] = []

/** Filters every candidate node: one compiled-toleration check per node. */
export function filterNodes(
  pod: CompiledTolerations,
  nodes: readonly CompiledNode[]
): FilterOutcome {
  let rejected = 0
  for (let i = 0; i < nodes.length; i++) {
    const reason = pod.filterNode(nodes[i] as CompiledNode)
    verdicts[i] = reason
    if (reason !== null) rejected++
  }
  const passingIndices = new Array<number>(nodes.length - rejected)
  const rejectedIndices = new Array<number>(rejected)
  const rejectedReasons = new Array<RejectionReason>(rejected)
  let passed = 0
  rejected = 0
  for (let i = 0; i < nodes.length; i++) {
    const reason = verdicts[i] as RejectionReason | null
    if (reason === null) {
      passingIndices[passed++] = i
    } else {
      rejectedIndices[rejected] = i
      rejectedReasons[rejected++] = reason
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
