import type { KubeVersion } from './kube-version.js'

/**
 * The few fields of core/v1 that the taint rules read. Strings are kept as received: upstream
 * compares every field byte for byte, so nothing here is trimmed, lower-cased or defaulted
 * beyond what Go's zero values give (an absent string is "").
 */

/** A node taint (core/v1 Taint). `timeAdded` plays no part in matching and is not kept. */
export interface Taint {
  readonly key: string
  readonly value: string
  readonly effect: string
}

/** A pod toleration (core/v1 Toleration). `tolerationSeconds` matters only to eviction. */
export interface Toleration {
  readonly key: string
  readonly operator: string
  readonly value: string
  readonly effect: string
  /** Kept for the eviction forecast; the scheduler ignores it. `null` when unset. */
  readonly tolerationSeconds: bigint | null
}

/** What the rules need to know about one node. */
export interface NodeTaints {
  readonly name: string
  readonly unschedulable: boolean
  readonly taints: readonly Taint[]
}

/**
 * Switches that change the answers, mirrored from kube-scheduler's feature gates. They reach
 * the rules as plain booleans, as upstream passes `enableComparisonOperators` down explicitly.
 */
export interface RuleOptions {
  /** `TaintTolerationComparisonOperators`: when false, `Lt`/`Gt` tolerations never match. */
  readonly comparisonOperators: boolean
  /**
   * The extender's own rule for nodes whose NoExecute taints the pod tolerates only for
   * `tolerationSeconds` (see taint-eviction.ts): `reject` turns them away at Filter, `avoid`
   * scores them lowest, `allow` (also when absent) answers as upstream does.
   */
  readonly evictingNodes?: EvictingNodes
  /**
   * The kube-scheduler release explain and forecast speak for (its reason wording and the rules
   * that changed, src/placement kube-releases.ts); the newest supported when absent.
   */
  readonly kubeVersion?: KubeVersion
}

/** What the verbs do with a node that would evict the pod: see RuleOptions.evictingNodes. */
export type EvictingNodes = 'reject' | 'avoid' | 'allow'

export const EVICTING_NODES_MODES: readonly EvictingNodes[] = ['reject', 'avoid', 'allow']

export const TAINT_EFFECT_NO_SCHEDULE = 'NoSchedule'
export const TAINT_EFFECT_PREFER_NO_SCHEDULE = 'PreferNoSchedule'
export const TAINT_EFFECT_NO_EXECUTE = 'NoExecute'

export const TOLERATION_OP_EXISTS = 'Exists'
export const TOLERATION_OP_EQUAL = 'Equal'
export const TOLERATION_OP_LT = 'Lt'
export const TOLERATION_OP_GT = 'Gt'

/** The taint NodeUnschedulable pretends a cordoned node carries (empty value, NoSchedule). */
export const UNSCHEDULABLE_TAINT: Taint = Object.freeze({
  key: 'node.kubernetes.io/unschedulable',
  value: '',
  effect: TAINT_EFFECT_NO_SCHEDULE,
})

/** Taints the Filter phase honours: upstream's DoNotScheduleTaintsFilterFunc. */
export function isDoNotScheduleEffect(effect: string): boolean {
  return effect === TAINT_EFFECT_NO_SCHEDULE || effect === TAINT_EFFECT_NO_EXECUTE
}
