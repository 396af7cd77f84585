import type { Toleration } from '../core/index.js'
import type { BudgetBreaks } from './budget-breaks.js'
import type { ClusterPod } from './cluster-pod.js'
import type { FollowReplay } from './follow-replay.js'
import type { PlacementPod } from './placement-pod.js'
import {
  applyPlacement,
  decidePlacement,
  type PlacementDecision,
  type PlacementSurroundings,
} from './replacement-placement.js'

/**
 * The pods already pending when the nodes change (a taint removed): an update of a node's taints
 * moves them back to kube-scheduler's active queue (TaintToleration's and NodeUnschedulable's
 * node events, EventsToRegister), which tries them one at a time in PrioritySort's order
 * (queuesort/priority_sort.go `Less`): higher priority first, then, among equal priorities, the
 * pod whose QueuedPodInfo.Timestamp is earlier. That timestamp is when the pod last went back to
 * the queue (scheduling_queue.go refreshes it each time), which nothing in the cluster's objects
 * gives: the pod's creation time stands for it, the oldest first, and pods equal on both keep
 * the order they were listed in. Each is placed on the follow-up's snapshot as the default
 * profile places it (replacement-placement.ts) and counted there for the next; the pods its
 * preemption deletes go back to the follow-up (follow-evictions.ts), which follows them as it
 * follows a replacement's victims.
 */

export interface PendingPod {
  readonly pod: PlacementPod
  readonly tolerations: readonly Toleration[]
  /** The controller that makes it as the nodes change (`DaemonSet NAME`); absent: pending already. */
  readonly madeBy?: string
}

/** A pending pod and kube-scheduler's decision for it. */
export interface PendingPlacement extends PlacementDecision {
  readonly pod: PlacementPod
  /** The controller that makes it as the nodes change; null for a pod pending already. */
  readonly madeBy: string | null
}

/** The pods in the order kube-scheduler's queue takes them (see above). */
export function queueOrder(pods: readonly PendingPod[]): PendingPod[] {
  const created = (p: PendingPod) => {
    const millis = p.pod.createdAt == null ? Number.NaN : Date.parse(p.pod.createdAt)
    return Number.isNaN(millis) ? Number.POSITIVE_INFINITY : millis
  }
  const keyed = pods.map((p) => ({ p, priority: p.pod.priority ?? 0, created: created(p) }))
  keyed.sort((a, b) => b.priority - a.priority || a.created - b.created)
  return keyed.map((k) => k.p)
}

/** One pending pod placed on the snapshot; with the pods its preemption deletes, if any. */
export function placePendingPod(
  at: PlacementSurroundings,
  { pod, tolerations, madeBy }: PendingPod,
  replay: FollowReplay,
  budgets: BudgetBreaks
): { placement: PendingPlacement; victims: readonly ClusterPod[] } {
  const decision = replay.placement(`place pending ${pod.namespace}/${pod.name}`, () =>
    decidePlacement(at, pod, tolerations)
  )
  const { bound, victims, ...placed } = applyPlacement(at, pod, decision)
  if (bound !== null) budgets.landed(bound, 0)
  return { placement: { pod, madeBy: madeBy ?? null, ...placed }, victims }
}
