/**
 * What kube-scheduler's PostFilter plugins append to the FailedScheduling message of a pod that
 * fits no node, where it follows from what is judged here. The default profile runs
 * DynamicResources then DefaultPreemption (pkg/scheduler/apis/config/v1 default_plugins.go), and
 * the framework joins their messages with ", " (`RunPostFilterPlugins`); FitError.Error appends
 * the result after a space.
 *
 * - DynamicResources.PostFilter, for a pod without resource claims: `no new claims to deallocate`.
 * - DefaultPreemption (pkg/scheduler/framework/preemption `Evaluator.Preempt`): a pod with
 *   `preemptionPolicy: Never` is not eligible (`PodEligibleToPreemptOthers`); otherwise, when every
 *   node's status is UnschedulableAndUnresolvable (`nodesWherePreemptionMightHelp` keeps none),
 *   its own FitError counts every node as `Preemption is not helpful for scheduling`. When some
 *   node is merely Unschedulable, the outcome depends on the priorities of the pods there, which
 *   is not judged: null.
 */

export const REASON_PREEMPTION_NOT_HELPFUL = 'Preemption is not helpful for scheduling'

export interface PostFilterPod {
  readonly preemptionPolicy: string
  readonly resourceClaims: number
}

export function postFilterMessage(
  pod: PostFilterPod,
  total: number,
  everyNodeUnresolvable: boolean
): string | null {
  if (pod.resourceClaims > 0) return null
  const dra = 'no new claims to deallocate'
  if (pod.preemptionPolicy === 'Never')
    return `${dra}, preemption: not eligible due to preemptionPolicy=Never.`
  if (!everyNodeUnresolvable) return null
  return `${dra}, preemption: 0/${total} nodes are available: ${total} ${REASON_PREEMPTION_NOT_HELPFUL}.`
}
