import {
  REASON_EVICTING_TAINT,
  REASON_UNSCHEDULABLE,
  REASON_UNTOLERATED_TAINT,
  type RejectionReason,
} from './reasons.js'
import { evictsOnceBound, taintEviction } from './taint-eviction.js'
import { findMatchingUntoleratedTaint, tolerationsTolerateTaint } from './toleration.js'
import type { NodeTaints, RuleOptions, Toleration } from './types.js'
import {
  isDoNotScheduleEffect,
  TAINT_EFFECT_PREFER_NO_SCHEDULE,
  UNSCHEDULABLE_TAINT,
  type Taint,
} from './types.js'

/**
 * The readable, one-pair-at-a-time form of the scheduler's rules. It is the oracle the compiled
 * path is tested against, and deliberately does no caching or precomputation.
 */

function isDoNotScheduleTaint(taint: Taint): boolean {
  return isDoNotScheduleEffect(taint.effect)
}

/**
 * Filter for one node, as kube-scheduler's default profile runs it: NodeUnschedulable first
 * (a cordoned node fails unless the pod tolerates the synthetic unschedulable taint), then
 * TaintToleration over the NoSchedule/NoExecute taints; then, with `evictingNodes: 'reject'`,
 * the extender's own rule: a node that would evict the pod (referenceEvicts). Null when the node
 * fits.
 */
export function referenceFilterNode(
  tolerations: readonly Toleration[],
  node: NodeTaints,
  options: RuleOptions
): RejectionReason | null {
  if (node.unschedulable && !tolerationsTolerateTaint(tolerations, UNSCHEDULABLE_TAINT, options)) {
    return REASON_UNSCHEDULABLE
  }
  const untolerated = findMatchingUntoleratedTaint(
    node.taints,
    tolerations,
    isDoNotScheduleTaint,
    options
  )
  if (untolerated !== undefined) return REASON_UNTOLERATED_TAINT
  if (options.evictingNodes === 'reject' && referenceEvicts(tolerations, node, options)) {
    return REASON_EVICTING_TAINT
  }
  return null
}

/**
 * Whether the pod tolerates every NoExecute taint of the node and the taint-eviction controller
 * would still evict it, after `tolerationSeconds` (taint-eviction.ts, the one rule).
 */
export function referenceEvicts(
  tolerations: readonly Toleration[],
  node: NodeTaints,
  options: RuleOptions
): boolean {
  return evictsOnceBound(taintEviction(tolerations, node.taints, options))
}

/**
 * TaintToleration's raw Score: how many PreferNoSchedule taints (duplicates counted) no
 * toleration with an empty or PreferNoSchedule effect tolerates.
 */
export function referenceCountIntolerablePreferNoSchedule(
  tolerations: readonly Toleration[],
  node: NodeTaints,
  options: RuleOptions
): number {
  // PreScore keeps only these tolerations; the others could not match a PreferNoSchedule taint
  // anyway, since ToleratesTaint checks the effect first.
  const preferNoScheduleTolerations = tolerations.filter(
    (t) => t.effect === '' || t.effect === TAINT_EFFECT_PREFER_NO_SCHEDULE
  )
  let count = 0
  for (const taint of node.taints) {
    if (taint.effect !== TAINT_EFFECT_PREFER_NO_SCHEDULE) continue
    if (!tolerationsTolerateTaint(preferNoScheduleTolerations, taint, options)) count++
  }
  return count
}
