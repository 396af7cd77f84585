import type { CompiledTolerations } from './compiled-tolerations.js'
import { IntList } from './int-list.js'
import { MAX_EXTENDER_PRIORITY, normalizeReversedScores } from './normalize-score.js'
import type { RejectionReason } from './reasons.js'
import type { TaintProfile } from './taint-profile.js'

/**
 * judgeProfiles' verdicts in lists that are refilled by every call: each request in flight
 * borrows one (see VerbScratch), so a 5000-name filter allocates no per-node arrays.
 */
export class FilterVerdicts {
  readonly passing = new IntList()
  readonly rejected = new IntList()
  /** The reason for each of `rejected`, in the same order; as long as `rejected`. */
  readonly reasons: RejectionReason[] = []
}

/**
 * Filters every candidate node, given by its taint profile, into `into`, replacing what it held:
 * the one Filter of both modes (TaintToleration and NodeUnschedulable, see
 * CompiledTolerations.filterProfile). The pod is judged once per profile, not once per node: the
 * nodes of a pool share theirs, so a 5000-node request costs a few compiled-toleration checks
 * and a memo read per node. Profiles rather than nodes because node-cache mode looks names up
 * straight to their profiles (see TaintIndex.profilesByBytes); full nodes give theirs.
 */
export function judgeProfiles(
  pod: CompiledTolerations,
  profiles: readonly TaintProfile[],
  into: FilterVerdicts
): FilterVerdicts {
  const { passing, rejected, reasons } = into
  passing.clear()
  rejected.clear()
  for (let i = 0; i < profiles.length; i++) {
    const reason = (profiles[i] as TaintProfile).filterOnce(pod)
    if (reason === null) {
      passing.push(i)
    } else {
      reasons[rejected.length] = reason
      rejected.push(i)
    }
  }
  if (reasons.length !== rejected.length) reasons.length = rejected.length
  return into
}

/**
 * Scores every candidate, given by its taint profile, 0–10: the raw count of untolerated
 * PreferNoSchedule taints per node (counted once per profile, as judgeProfiles judges),
 * normalised over exactly these nodes as upstream's NormalizeScore does over the scored set.
 * With `--evicting-nodes=avoid`, then rankEvictingLowest. The one Score of both modes. Written
 * into the start of `into` when it is long enough (each request borrows one), into a new array
 * otherwise.
 */
export function scoreProfiles(
  pod: CompiledTolerations,
  profiles: readonly TaintProfile[],
  into: Int32Array | null = null
): Int32Array {
  const scores =
    into !== null && into.length >= profiles.length
      ? into.subarray(0, profiles.length)
      : new Int32Array(profiles.length)
  for (let i = 0; i < profiles.length; i++) {
    scores[i] = (profiles[i] as TaintProfile).countOnce(pod)
  }
  normalizeReversedScores(scores, MAX_EXTENDER_PRIORITY)
  if (pod.avoidsEvicting) rankEvictingLowest(pod, profiles, scores)
  return scores
}

/**
 * `--evicting-nodes=avoid`: a node that would evict the pod scores 0 and every other node at
 * least 1 (upstream's normalised score, 0 raised to 1), so each node the pod could stay on ranks
 * above each one it would be evicted from. kube-scheduler multiplies an extender's score by its
 * weight and by 10 (MaxNodeScore / MaxExtenderPriority), so the gap is at least 10 × weight.
 */
function rankEvictingLowest(
  pod: CompiledTolerations,
  profiles: readonly TaintProfile[],
  scores: Int32Array
): void {
  for (let i = 0; i < profiles.length; i++) {
    const evicts = (profiles[i] as TaintProfile).evictsOnce(pod)
    scores[i] = evicts ? 0 : Math.max(1, scores[i] as number)
  }
}
