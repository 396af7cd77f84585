import { PLUGIN_SCHEDULING_GATES, schedulingGatesRejection } from '../placement/index.js'
import type { ManifestPod } from '../protocol/index.js'

/**
 * A pod with scheduling gates is never tried (placement/scheduling-gates.ts): it stays Pending
 * whatever the nodes say, until the last gate is removed, and kube-scheduler writes no
 * FailedScheduling event for it. So `explain` leads with kube-scheduler's own status for it,
 * `waiting for scheduling gates: [a b]`, exits 1 as for a pod that fits nowhere, and still
 * judges every node: the verdicts, scores and summary are the pod's once the gates are removed
 * (`summaryOnceUngated` in -o json|yaml). `explain --pending` groups gated pods by their gates.
 */
export interface GatedExplanation {
  /** The status: `waiting for scheduling gates: [a b]`. */
  readonly summary: string
  /** The note under the table: what the gates mean, and the summary once they are removed. */
  readonly note: string
  /** What -o json|yaml adds: the gates, and the summary once they are removed. */
  readonly fields: { schedulingGates: readonly string[]; summaryOnceUngated: string }
}

/** The gated pod's explanation; null for a pod with no gates. */
export function explainGated(pod: ManifestPod, onceUngated: string): GatedExplanation | null {
  const summary = schedulingGatesRejection(pod.schedulingGates)
  if (summary === null) return null
  return {
    summary,
    note:
      `Scheduling gated (${PLUGIN_SCHEDULING_GATES}, at PreEnqueue): kube-scheduler does not try the pod ` +
      `until every gate is removed from spec.schedulingGates. Once they are: ${onceUngated}`,
    fields: { schedulingGates: pod.schedulingGates, summaryOnceUngated: onceUngated },
  }
}
