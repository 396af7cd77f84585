import type { ClusterPod } from './cluster-pod.js'
import type { FilterPlugin, PlacementNode, PodChanges, Rejection } from './framework.js'
import type { LabelledNode } from './node-affinity.js'

/**
 * Nominated pods in Filter, as kube-scheduler's framework runs it (pkg/scheduler/framework/runtime
 * framework.go `RunFilterPluginsWithNominatedPods` over `addGENominatedPods`): a node must pass
 * the filters once with the pods nominated to it of equal or higher priority added to it, and
 * again without them when that first pass added any and passed.
 */

/** A pod not bound yet whose `status.nominatedNodeName` names the node it waits for. */
export interface NominatedPod extends ClusterPod {
  readonly nominatedNodeName: string
}

/** The verdict of the filters on one node: null when it passes. */
export type FilterVerdict = Rejection | null

/**
 * `addGENominatedPods`' choice for `node`: the pods nominated there whose priority is at least the
 * pod's (`corev1helpers.PodPriority`, which reads an unset priority as 0), the pod itself left
 * out, each placed on the node as `NodeInfo.AddPodInfo` places it.
 */
export function nominatedPodsAdded(
  pod: ClusterPod,
  nominated: readonly NominatedPod[],
  node: LabelledNode
): ClusterPod[] {
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

/** `RunFilterPlugins`: the plugins in order, the first rejection decides. */
export function runFilters(
  filters: readonly FilterPlugin[],
  node: PlacementNode,
  changes: PodChanges
): FilterVerdict {
  for (const plugin of filters) {
    const rejection = plugin.filter(node, changes)
    if (rejection !== null) return rejection
  }
  return null
}

/**
 * `RunFilterPluginsWithNominatedPods` on a node from which `removed` pods were taken (none
 * outside preemption): with the nominated pods added, then, when that added any and passed,
 * without them.
 */
export function filterWithNominatedPods(
  filters: readonly FilterPlugin[],
  node: PlacementNode,
  added: readonly ClusterPod[],
  removed: ReadonlySet<ClusterPod> = new Set()
): FilterVerdict {
  if (added.length > 0) {
    const first = runFilters(filters, node, { added, removed })
    if (first !== null) return first
  }
  return runFilters(filters, node, { added: [], removed })
}
