import type {
  NodeTaintsAt,
  RejectionReason,
  RuleOptions,
  Taint,
  Toleration,
} from '../../../src/core/index.js'

/** Which state of the TaintTolerationComparisonOperators gate a row runs under. */
export type Gate = 'on' | 'off' | 'either'

export interface PairCase {
  readonly name: string
  readonly toleration: Toleration
  readonly taint: Taint
  readonly gate: Gate
  readonly tolerated: boolean
}

export interface FilterCase {
  readonly name: string
  readonly tolerations: readonly Toleration[]
  readonly node: NodeTaintsAt
  readonly gate: Gate
  readonly reason: RejectionReason | null
}

export interface ScoreCase {
  readonly name: string
  readonly tolerations: readonly Toleration[]
  readonly nodes: readonly NodeTaintsAt[]
  readonly gate: Gate
  readonly scores: readonly number[]
}

/** A value, or a promise of it: an implementation may answer in process or over the wire. */
export type Answer<T> = T | Promise<T>

/** An implementation of the rules, seen from the outside. */
export interface RuleSet {
  /**
   * Whether any of the tolerations tolerates the taint (`TolerationsTolerateTaint`). Optional:
   * over HTTP the bare answer is observable only for some effects (Filter shows it for
   * NoSchedule and NoExecute taints, Score for PreferNoSchedule ones; a taint with an unknown
   * or empty effect leaves no trace), so such an implementation leaves it out and the pair
   * rows are checked only through the node filter and through scoring.
   */
  tolerates?(
    tolerations: readonly Toleration[],
    taint: Taint,
    options: RuleOptions
  ): Answer<boolean>
  /** NodeUnschedulable then TaintToleration Filter: null when the node fits. */
  filterNode(
    tolerations: readonly Toleration[],
    node: NodeTaintsAt,
    options: RuleOptions
  ): Answer<RejectionReason | null>
  /**
   * The eviction rule itself (taint-eviction.ts), for the tolerations on a node with these
   * taints. Optional: over HTTP it is seen only through filter and prioritize.
   */
  eviction?(
    tolerations: readonly Toleration[],
    node: NodeTaintsAt,
    options: RuleOptions
  ): Answer<EvictionText>
  /** Normalised 0–10 scores of exactly these nodes, in their order. */
  scores(
    tolerations: readonly Toleration[],
    nodes: readonly NodeTaintsAt[],
    options: RuleOptions
  ): Answer<readonly number[]>
}

/**
 * The taint-eviction controller's decision for one pod on one node, as one word: `stays`,
 * `untolerated` (evicted at once: a NoExecute taint is not tolerated), `at once` (a used
 * toleration's `tolerationSeconds` is 0 or less) or `after <n>s`.
 */
export type EvictionText = 'stays' | 'untolerated' | 'at once' | `after ${number}s`

export interface EvictionCase {
  readonly name: string
  readonly tolerations: readonly Toleration[]
  readonly node: NodeTaintsAt
  readonly gate: Gate
  readonly eviction: EvictionText
  /** Filter with `--evicting-nodes=reject`; in the other modes an eviction reason reads null. */
  readonly rejectReason: RejectionReason | null
}
