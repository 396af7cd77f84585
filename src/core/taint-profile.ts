import { EFFECT_SLOT_NO_EXECUTE, type CompiledTaint } from './compiled-taint.js'
import type { RejectionReason } from './reasons.js'

/**
 * What a profile is asked by: a pod's Filter and raw Score for the nodes of one profile
 * (CompiledTolerations answers both, and never changes its answers). An interface, so that this
 * file and the tolerations it is asked about do not import each other.
 */
export interface ProfileJudge {
  /**
   * Stands for this judge in a profile's memo, which holds it in place of the judge itself: a
   * profile outlives the caches' hold on a pod, and must not keep its tolerations (which may be
   * large) alive after them. An object of its own, so that no counter is shared.
   */
  readonly memoKey: object
  filterProfile(profile: TaintProfile): RejectionReason | null
  countIntolerableIn(profile: TaintProfile): number
  /** Whether the pod, bound to a node of this profile, would be evicted (taint-eviction.ts). */
  evictsIn(profile: TaintProfile): boolean
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
  /**
   * NoExecute taints, in node order (`getNoExecuteTaints`): what the eviction rule reads. Empty
   * for most profiles, which lets the rule skip them at once.
   */
  readonly noExecuteTaints: readonly CompiledTaint[]
  // The verdict and raw score for the last pod that asked, by its memoKey. Both depend on
  // nothing but the pod's compiled tolerations and this profile, which never change, so the
  // answer kept for a pod is its answer for good: a request finds here its own, or the previous
  // pod's.
  #filterKey: object | null = null
  #filterVerdict: RejectionReason | null = null
  #scoreKey: object | null = null
  #scoreCount = 0
  #evictsKey: object | null = null
  #evicts = false

  constructor(
    unschedulable: boolean,
    hardTaints: readonly CompiledTaint[],
    softTaints: readonly CompiledTaint[]
  ) {
    this.unschedulable = unschedulable
    this.hardTaints = hardTaints
    this.softTaints = softTaints
    const noExecute = hardTaints.filter((t) => t.effectSlot === EFFECT_SLOT_NO_EXECUTE)
    this.noExecuteTaints = noExecute.length === hardTaints.length ? hardTaints : noExecute
  }

  /** pod.filterProfile(this), computed once for a pod that asks again and again. */
  filterOnce(pod: ProfileJudge): RejectionReason | null {
    if (this.#filterKey !== pod.memoKey) {
      this.#filterVerdict = pod.filterProfile(this)
      this.#filterKey = pod.memoKey
    }
    return this.#filterVerdict
  }

  /** pod.countIntolerableIn(this), computed once for a pod that asks again and again. */
  countOnce(pod: ProfileJudge): number {
    if (this.#scoreKey !== pod.memoKey) {
      this.#scoreCount = pod.countIntolerableIn(this)
      this.#scoreKey = pod.memoKey
    }
    return this.#scoreCount
  }

  /** pod.evictsIn(this), computed once for a pod that asks again and again. */
  evictsOnce(pod: ProfileJudge): boolean {
    if (this.#evictsKey !== pod.memoKey) {
      this.#evicts = pod.evictsIn(this)
      this.#evictsKey = pod.memoKey
    }
    return this.#evicts
  }
}
