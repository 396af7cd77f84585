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

/** An implementation of the rules, seen from the outside. */
export interface RuleSet {
  /** Whether any of the tolerations tolerates the taint (`TolerationsTolerateTaint`). */
  tolerates(tolerations: readonly Toleration[], taint: Taint, options: RuleOptions): boolean
  /** NodeUnschedulable then TaintToleration Filter: null when the node fits. */
  filterNode(
    tolerations: readonly Toleration[],
    node: NodeTaintsAt,
    options: RuleOptions
  ): RejectionReason | null
  /** Normalised 0–10 scores of exactly these nodes, in their order. */
  scores(
    tolerations: readonly Toleration[],
    nodes: readonly NodeTaintsAt[],
    options: RuleOptions
  ): readonly number[]
}
