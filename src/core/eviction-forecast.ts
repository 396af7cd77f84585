import type { RejectionReason } from './reasons.js'
import {
  referenceCountIntolerablePreferNoSchedule,
  referenceEvicts,
  referenceFilterNode,
} from './reference-rules.js'
import type { NodeTaints, RuleOptions, Taint, Toleration } from './types.js'

/**
 * What a new taint does to a node's pods: for running pods the taint-eviction controller's
 * decision (taint-eviction.ts, the rule the verbs share), for pending ones the scheduler's Filter
 * and Score before and after.
 */

/** A node's taints once `added` is applied: a taint with the same key and effect is replaced. */
export function withTaint(taints: readonly Taint[], added: Taint): Taint[] {
  const kept = taints.filter((t) => !(t.key === added.key && t.effect === added.effect))
  kept.push(added)
  return kept
}

/**
 * What `kubectl taint NODE KEY:EFFECT-` (or `KEY-`) removes: the taints of that key and effect,
 * or of that key whatever their effect (kubectl's deleteTaint and deleteTaintsByKey).
 */
export interface TaintRemoval {
  readonly key: string
  /** "" for `KEY-`: every effect. */
  readonly effect: string
}

/** A node's taints once `removal` is applied; the same list when it matches none. */
export function withoutTaint(taints: readonly Taint[], removal: TaintRemoval): readonly Taint[] {
  const kept = taints.filter(
    (t) => !(t.key === removal.key && (removal.effect === '' || t.effect === removal.effect))
  )
  return kept.length === taints.length ? taints : kept
}

export interface PendingPodEffect {
  /** Fits the node now, would not with the new taint. */
  readonly turnedAway: boolean
  /**
   * Still fits, and ranks lower: more untolerated PreferNoSchedule taints (TaintToleration's
   * Score), or, with `evictingNodes: 'avoid'`, the node now evicts the pod (the extender scores
   * it 0).
   */
  readonly scoresLower: boolean
  readonly reasonAfter: RejectionReason | null
}

/** What the new taint changes for a pending pod considering this node. */
export function forecastPendingPod(
  node: NodeTaints,
  added: Taint,
  tolerations: readonly Toleration[],
  options: RuleOptions
): PendingPodEffect {
  const after: NodeTaints = { ...node, taints: withTaint(node.taints, added) }
  const reasonBefore = referenceFilterNode(tolerations, node, options)
  const reasonAfter = referenceFilterNode(tolerations, after, options)
  const softBefore = referenceCountIntolerablePreferNoSchedule(tolerations, node, options)
  const softAfter = referenceCountIntolerablePreferNoSchedule(tolerations, after, options)
  return {
    turnedAway: reasonBefore === null && reasonAfter !== null,
    scoresLower:
      reasonAfter === null &&
      (softAfter > softBefore || startsAvoiding(tolerations, node, after, options)),
    reasonAfter,
  }
}

/** `--evicting-nodes=avoid`: the new taint makes the node one the pod would be evicted from. */
function startsAvoiding(
  tolerations: readonly Toleration[],
  before: NodeTaints,
  after: NodeTaints,
  options: RuleOptions
): boolean {
  return (
    options.evictingNodes === 'avoid' &&
    !referenceEvicts(tolerations, before, options) &&
    referenceEvicts(tolerations, after, options)
  )
}
