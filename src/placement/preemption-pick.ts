import type { ClusterPod } from './cluster-pod.js'
import type { PreemptionCandidate } from './preemption.js'

/**
 * Which of preemption's candidates kube-scheduler nominates (pkg/scheduler/framework/preemption
 * preemption.go `pickOneNodeForPreemption`, with no score functions given, as DefaultPreemption
 * gives none): each criterion in turn keeps the nodes best on it, and the first to keep one
 * decides: the fewest PodDisruptionBudget violations, the lowest priority of the most important
 * victim, the smallest sum of priorities (each raised by 2^31 so that none is negative), the
 * fewest victims, the latest earliest start among the victims of the highest priority
 * (util `GetEarliestPodStartTime`). Upstream walks a Go map, so the nodes still tied after the
 * last criterion come in no fixed order and it takes one of them: all are returned.
 */

export interface CandidateVictims {
  readonly candidate: PreemptionCandidate
  /** The victims, most important first, as the dry run lists them. */
  readonly victims: readonly ClusterPod[]
}

const OFFSET = 2 ** 31

/** `GetEarliestPodStartTime`: a pod not started counts as now, later than every start. */
function earliestStartOfMostImportant(victims: readonly ClusterPod[]): number {
  const top = victims[0]?.priority ?? 0
  let earliest = Number.POSITIVE_INFINITY
  for (const pod of victims) {
    if ((pod.priority ?? 0) !== top) continue
    const at = pod.startTime == null ? Number.POSITIVE_INFINITY : Date.parse(pod.startTime)
    if (!Number.isNaN(at) && at < earliest) earliest = at
  }
  return earliest
}

const CRITERIA: readonly ((c: CandidateVictims) => number)[] = [
  (c) => -(c.candidate.budgetViolations ?? 0),
  (c) => -(c.victims[0]?.priority ?? 0),
  (c) => -c.victims.reduce((sum, p) => sum + (p.priority ?? 0) + OFFSET, 0),
  (c) => -c.victims.length,
  (c) => earliestStartOfMostImportant(c.victims),
]

/** The candidates kube-scheduler may nominate: one, or those tied on every criterion. */
export function pickPreemptionNodes(candidates: readonly CandidateVictims[]): CandidateVictims[] {
  let kept = [...candidates]
  for (const score of CRITERIA) {
    if (kept.length <= 1) break
    const scores = kept.map(score)
    const best = Math.max(...scores)
    kept = kept.filter((_, i) => scores[i] === best)
  }
  return kept
}
