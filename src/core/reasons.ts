/**
 * Reason strings reported per rejected node. They are upstream's own constants, so
 * kube-scheduler's "0/N nodes are available: …" summary counts them together with its in-tree
 * plugins' reasons. Since v1.35 (kubernetes#134740) taint reasons name no key or value: taints can
 * be sensitive, and a constant keeps the summary short.
 */

/** NodeUnschedulable's ErrReasonUnschedulable: the node is cordoned (`spec.unschedulable`). */
export const REASON_UNSCHEDULABLE = 'node(s) were unschedulable'

/** TaintToleration's Filter reason since v1.35: an untolerated NoSchedule/NoExecute taint. */
export const REASON_UNTOLERATED_TAINT = 'node(s) had untolerated taint(s)'

/**
 * The extender's own rule (`--evicting-nodes=reject`): the pod tolerates every NoExecute taint of
 * the node, but a toleration it uses sets `tolerationSeconds`, so the taint-eviction controller
 * would evict it once that time runs out (see taint-eviction.ts). Upstream has no such reason;
 * worded as its taint reasons are, naming no key or value.
 */
export const REASON_EVICTING_TAINT =
  'node(s) had a NoExecute taint the pod tolerates only for a while'

/**
 * A node name the extender could not find in its index nor in the API server. Reported in
 * FailedNodes (not unresolvable): the node may yet appear, and preemption may then judge it.
 */
export const REASON_UNKNOWN_NODE = 'node(s) were not found by the taint extender'

/**
 * A node name the extender could not look up because the API server did not answer. Reported
 * in FailedNodes, like an unknown node, but named apart so an outage is not mistaken for a typo.
 */
export const REASON_LOOKUP_FAILED = 'node(s) could not be looked up by the taint extender'

/** Every reason a node can be rejected for, for metrics with a fixed label set. */
export const REJECTION_REASONS = [
  REASON_UNSCHEDULABLE,
  REASON_UNTOLERATED_TAINT,
  REASON_EVICTING_TAINT,
  REASON_UNKNOWN_NODE,
  REASON_LOOKUP_FAILED,
] as const

export type RejectionReason = (typeof REJECTION_REASONS)[number]

/**
 * The short name of each reason, for the `reason` label of taint_extender_nodes_rejected_total:
 * easy to write in PromQL. The sentence stays where people read it: in FailedNodes, and so in
 * kube-scheduler's events, and in explain's output.
 */
export const REASON_LABELS: Readonly<Record<RejectionReason, string>> = {
  [REASON_UNSCHEDULABLE]: 'unschedulable',
  [REASON_UNTOLERATED_TAINT]: 'untolerated_taint',
  [REASON_EVICTING_TAINT]: 'evicting_taint',
  [REASON_UNKNOWN_NODE]: 'node_not_found',
  [REASON_LOOKUP_FAILED]: 'node_lookup_failed',
}
