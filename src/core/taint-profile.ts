import type { CompiledTaint } from './compiled-taint.js'
import type { RejectionReason } from './reasons.js'

/**
 * Marks one judgeProfiles or scoreProfiles call in the memo each TaintProfile keeps: numbered
 * from 1 up and never reused (2^53 calls), so a memo left by an earlier call never matches a
 * later one. A number rather than a fresh object: storing a young object into thousands of
 * long-lived profiles per request would add each of them to the next scavenge's roots.
 */
export type Pass = number

let lastPass = 0

/** A pass number no call has used before. */
export function newPass(): Pass {
  return ++lastPass
}

/**
 * What a pass asks of every profile: a pod's Filter and raw Score for the nodes of one profile
 * (CompiledTolerations answers both). An interface, so that this file and the tolerations it
 * is asked about do not import each other.
 */
export interface ProfileJudge {
  filterProfile(profile: TaintProfile): RejectionReason | null
  countIntolerableIn(profile: TaintProfile): number
}

/**
 * All that Filter and Score read of a node: its cordon state and its taints by phase. A fleet
 * has a handful of node pools and so a handful of distinct profiles across thousands of nodes;
 * nodes compiled with the same TaintProfiles share one, and a request judges each shared
 * profile once (see judgeProfiles), whatever the number of its nodes among the candidates.
 */
export class TaintProfile {
  readonly unschedulable: boolean
  /** NoSchedule and NoExecute taints, in node order. */
  readonly hardTaints: readonly CompiledTaint[]
  /** PreferNoSchedule taints, in node order. */
  readonly softTaints: readonly CompiledTaint[]
  // The verdict and raw score of the last pass that asked. Requests run one at a time on this
  // thread and a pass never yields, so a pass finds here either its own answer or another's.
  #filterPass: Pass = 0
  #filterVerdict: RejectionReason | null = null
  #scorePass: Pass = 0
  #scoreCount = 0

  constructor(
    unschedulable: boolean,
    hardTaints: readonly CompiledTaint[],
    softTaints: readonly CompiledTaint[]
  ) {
    this.unschedulable = unschedulable
    this.hardTaints = hardTaints
    this.softTaints = softTaints
  }

  /** pod.filterProfile(this), computed at most once per pass. */
  filterOnce(pod: ProfileJudge, pass: Pass): RejectionReason | null {
    if (this.#filterPass !== pass) {
      this.#filterVerdict = pod.filterProfile(this)
      this.#filterPass = pass
    }
    return this.#filterVerdict
  }

  /** pod.countIntolerablePreferNoSchedule over this profile, computed at most once per pass. */
  countOnce(pod: ProfileJudge, pass: Pass): number {
    if (this.#scorePass !== pass) {
      this.#scoreCount = pod.countIntolerableIn(this)
      this.#scorePass = pass
    }
    return this.#scoreCount
  }
}
