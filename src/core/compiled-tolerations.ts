import type { CompiledNode } from './compiled-node.js'
import {
  EFFECT_SLOT_NO_EXECUTE,
  EFFECT_SLOT_NO_SCHEDULE,
  EFFECT_SLOT_OTHER,
  EFFECT_SLOT_PREFER_NO_SCHEDULE,
  type CompiledTaint,
} from './compiled-taint.js'
import { parseInt64 } from './decimal-integer.js'
import type { TaintProfile } from './taint-profile.js'
import {
  REASON_EVICTING_TAINT,
  REASON_UNSCHEDULABLE,
  REASON_UNTOLERATED_TAINT,
  type RejectionReason,
} from './reasons.js'
import {
  boundsNoExecuteStay,
  evictsOnceBound,
  taintEviction,
  type EvictionOutcome,
} from './taint-eviction.js'
import { toleratesTaint } from './toleration.js'
import type { RuleOptions, Toleration } from './types.js'
import {
  TAINT_EFFECT_NO_EXECUTE,
  TAINT_EFFECT_NO_SCHEDULE,
  TAINT_EFFECT_PREFER_NO_SCHEDULE,
  TOLERATION_OP_EQUAL,
  TOLERATION_OP_EXISTS,
  TOLERATION_OP_GT,
  TOLERATION_OP_LT,
  UNSCHEDULABLE_TAINT,
} from './types.js'

/**
 * What a set of tolerations accepts for one taint key, folded from every toleration that can
 * reach it. "Any toleration matches" is a union, so Equal values become a set, and several `Gt`
 * thresholds reduce to the smallest (taint > min) and several `Lt` to the largest.
 */
class ValueMatcher {
  exists = false
  readonly equalValues = new Set<string>()
  gtAbove: bigint | null = null
  ltBelow: bigint | null = null

  add(toleration: Toleration, options: RuleOptions): void {
    switch (toleration.operator) {
      case '':
      case TOLERATION_OP_EQUAL:
        this.equalValues.add(toleration.value)
        return
      case TOLERATION_OP_EXISTS:
        this.exists = true
        return
      case TOLERATION_OP_GT:
      case TOLERATION_OP_LT: {
        // Gate off, or a threshold that is not an int64 decimal: upstream never matches.
        const threshold = options.comparisonOperators ? parseInt64(toleration.value) : null
        if (threshold === null) return
        if (toleration.operator === TOLERATION_OP_GT) {
          if (this.gtAbove === null || threshold < this.gtAbove) this.gtAbove = threshold
        } else if (this.ltBelow === null || threshold > this.ltBelow) {
          this.ltBelow = threshold
        }
        return
      }
      default:
      // Unknown operators never match (upstream's default branch).
    }
  }

  matches(taint: CompiledTaint): boolean {
    if (this.exists || this.equalValues.has(taint.value)) return true
    const n = taint.numeric
    if (n === null) return false
    return (
      (this.gtAbove !== null && n > this.gtAbove) || (this.ltBelow !== null && n < this.ltBelow)
    )
  }
}

/** All tolerations that can reach taints of one effect, indexed by taint key. */
class EffectMatcher {
  /** An empty-key `Exists` toleration: every taint of this effect is tolerated. */
  toleratesEverything = false
  readonly byKey = new Map<string, ValueMatcher>()
  /** Empty-key tolerations with a value operator: legal to the matcher, if not to validation. */
  anyKey: ValueMatcher | null = null

  add(toleration: Toleration, options: RuleOptions): void {
    if (toleration.key === '') {
      if (toleration.operator === TOLERATION_OP_EXISTS) this.toleratesEverything = true
      else (this.anyKey ??= new ValueMatcher()).add(toleration, options)
      return
    }
    let matcher = this.byKey.get(toleration.key)
    if (matcher === undefined) this.byKey.set(toleration.key, (matcher = new ValueMatcher()))
    matcher.add(toleration, options)
  }

  tolerates(taint: CompiledTaint): boolean {
    if (this.toleratesEverything) return true
    const matcher = this.byKey.get(taint.key)
    if (matcher !== undefined && matcher.matches(taint)) return true
    return this.anyKey !== null && this.anyKey.matches(taint)
  }
}

/**
 * A pod's tolerations compiled once per distinct toleration set: the PreScore of this extender.
 * Per node, Filter and Score then cost one map lookup per taint instead of a scan of every
 * toleration, with `Lt`/`Gt` thresholds pre-parsed. Answers are identical to the reference
 * rules (the semantics table runs against both).
 */
export class CompiledTolerations {
  readonly tolerations: readonly Toleration[]
  /** See ProfileJudge.memoKey. */
  readonly memoKey: object = {}
  readonly #options: RuleOptions
  /** Indexed by effect slot: NoSchedule, NoExecute, PreferNoSchedule. */
  readonly #matchers: readonly [EffectMatcher, EffectMatcher, EffectMatcher]
  readonly #toleratesUnschedulable: boolean
  readonly #toleratesAllHardTaints: boolean
  /**
   * Some toleration sets `tolerationSeconds` and reaches NoExecute taints: only such a pod can be
   * evicted from a node it fits, so only its answers pay for the eviction rule.
   */
  readonly boundsNoExecute: boolean
  /** `--evicting-nodes=reject` and boundsNoExecute: Filter applies the eviction rule. */
  readonly #rejectsEvicting: boolean
  /** `--evicting-nodes=avoid`: Score ranks nodes that would evict the pod lowest. */
  readonly avoidsEvicting: boolean

  constructor(tolerations: readonly Toleration[], options: RuleOptions) {
    this.tolerations = tolerations
    this.#options = options
    const matchers = [new EffectMatcher(), new EffectMatcher(), new EffectMatcher()] as const
    const effects = [
      TAINT_EFFECT_NO_SCHEDULE,
      TAINT_EFFECT_NO_EXECUTE,
      TAINT_EFFECT_PREFER_NO_SCHEDULE,
    ]
    for (const toleration of tolerations) {
      // The effect is checked before anything else upstream; an empty effect reaches all three.
      for (let slot = 0; slot < effects.length; slot++) {
        if (toleration.effect === '' || toleration.effect === effects[slot]) {
          matchers[slot]?.add(toleration, options)
        }
      }
    }
    this.#matchers = matchers
    this.#toleratesUnschedulable = tolerations.some((t) =>
      toleratesTaint(t, UNSCHEDULABLE_TAINT, options)
    )
    this.#toleratesAllHardTaints =
      matchers[0].toleratesEverything && matchers[1].toleratesEverything
    this.boundsNoExecute = tolerations.some(boundsNoExecuteStay)
    this.#rejectsEvicting = this.boundsNoExecute && options.evictingNodes === 'reject'
    this.avoidsEvicting = options.evictingNodes === 'avoid'
  }

  /** Whether any toleration tolerates the taint (`TolerationsTolerateTaint`). */
  tolerates(taint: CompiledTaint): boolean {
    if (taint.effectSlot === EFFECT_SLOT_OTHER) {
      // Unknown effects reach no phase of the scheduler; answer them the slow, exact way.
      return this.tolerations.some((t) => toleratesTaint(t, taint, this.#options))
    }
    return (this.#matchers[taint.effectSlot] as EffectMatcher).tolerates(taint)
  }

  /**
   * The extender's Filter for one node: NodeUnschedulable, then TaintToleration over
   * NoSchedule/NoExecute taints, in the default profile's order; then, with
   * `--evicting-nodes=reject`, the eviction rule. Null when the node fits.
   */
  filterNode(node: CompiledNode): RejectionReason | null {
    return this.filterProfile(node.profile)
  }

  /** filterNode for every node of this taint profile. */
  filterProfile(profile: TaintProfile): RejectionReason | null {
    const reason = this.inTreeFilter(profile)
    if (reason !== null || !this.#rejectsEvicting) return reason
    return this.evictsIn(profile) ? REASON_EVICTING_TAINT : null
  }

  /**
   * Whether the taint-eviction controller would evict this pod from a node of the profile whose
   * NoExecute taints it tolerates (taint-eviction.ts); false at once for a pod that bounds no
   * stay or a profile without NoExecute taints.
   */
  evictsIn(profile: TaintProfile): boolean {
    if (!this.boundsNoExecute || profile.noExecuteTaints.length === 0) return false
    return evictsOnceBound(this.evictionIn(profile))
  }

  /** The taint-eviction controller's decision for this pod on a node of the profile. */
  evictionIn(profile: TaintProfile): EvictionOutcome {
    return taintEviction(this.tolerations, profile.noExecuteTaints, this.#options)
  }

  /**
   * kube-scheduler's own Filter for the profile (NodeUnschedulable, then TaintToleration),
   * without the extender's rule: what explain reports per in-tree plugin.
   */
  inTreeFilter(profile: TaintProfile): RejectionReason | null {
    if (profile.unschedulable && !this.#toleratesUnschedulable) return REASON_UNSCHEDULABLE
    const hardTaints = profile.hardTaints
    if (hardTaints.length === 0 || this.#toleratesAllHardTaints) return null
    const noSchedule = this.#matchers[EFFECT_SLOT_NO_SCHEDULE]
    const noExecute = this.#matchers[EFFECT_SLOT_NO_EXECUTE]
    for (let i = 0; i < hardTaints.length; i++) {
      const taint = hardTaints[i] as CompiledTaint
      const matcher = taint.effectSlot === EFFECT_SLOT_NO_SCHEDULE ? noSchedule : noExecute
      if (!matcher.tolerates(taint)) return REASON_UNTOLERATED_TAINT
    }
    return null
  }

  /** TaintToleration's raw Score: untolerated PreferNoSchedule taints on the node. */
  countIntolerablePreferNoSchedule(node: CompiledNode): number {
    return this.countIntolerableIn(node.profile)
  }

  /** countIntolerablePreferNoSchedule for every node of this taint profile. */
  countIntolerableIn(profile: TaintProfile): number {
    const softTaints = profile.softTaints
    if (softTaints.length === 0) return 0
    const matcher = this.#matchers[EFFECT_SLOT_PREFER_NO_SCHEDULE]
    let count = 0
    for (let i = 0; i < softTaints.length; i++) {
      if (!matcher.tolerates(softTaints[i] as CompiledTaint)) count++
    }
    return count
  }
}
