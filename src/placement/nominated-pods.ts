import type { AffinityPod } from './inter-pod-affinity.js'
import type { LabelledNode } from './node-affinity.js'

/**
 * Nominated pods in Filter, as kube-scheduler's framework runs it (pkg/scheduler/framework/runtime
 * framework.go `RunFilterPluginsWithNominatedPods` over `addGENominatedPods`): a node must pass
 * the filters once with the pods nominated to it of equal or higher priority added to it, and
 * again without them when that first pass added any and passed. Of the rules judged here only
 * InterPodAffinity depends on other pods, so only its verdict can change.
 */

/** A pod not bound yet whose `status.nominatedNodeName` names the node it waits for. */
export interface NominatedPod extends AffinityPod {
  readonly nominatedNodeName: string
}

/** The InterPodAffinity verdict on one node: null when it passes. */
export type InterPodVerdict = { reason: string; detail: string } | null

/**
 * `addGENominatedPods`' choice for `node`: the pods nominated there whose priority is at least the
 * pod's (`corev1helpers.PodPriority`, which reads an unset priority as 0), the pod itself left
 * out, each placed on the node as `NodeInfo.AddPodInfo` places it.
 */
export function nominatedPodsAdded(
  pod: AffinityPod,
  nominated: readonly NominatedPod[],
  node: LabelledNode
): AffinityPod[] {
  const priority = pod.priority ?? 0
  return nominated
    .filter(
      (p) =>
        p.nominatedNodeName === node.name &&
        (p.priority ?? 0) >= priority &&
        !(p.namespace === pod.namespace && p.name === pod.name)
    )
    .map((p) => ({ ...p, nodeName: node.name }))
}

/**
 * `RunFilterPluginsWithNominatedPods` for InterPodAffinity. `skipped`: its PreFilter returned
 * Skip, which also skips its AddPod extension and its Filter, so nominated pods change nothing.
 * `withPods` judges the node with the given pods added to those the cycle state counts;
 * `without` judges it as the state stands.
 */
export function filterWithNominatedPods(
  skipped: boolean,
  added: readonly AffinityPod[],
  withPods: (added: readonly AffinityPod[]) => InterPodVerdict,
  without: () => InterPodVerdict
): InterPodVerdict {
  if (skipped) return null
  if (added.length > 0) {
    const first = withPods(added)
    if (first !== null) return first
  }
  return without()
}
