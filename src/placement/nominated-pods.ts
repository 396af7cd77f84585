import type { ClusterPod } from './cluster-pod.js'
import type { CycleState } from './cycle-state.js'
import type { FilterPlugin, Rejection } from './framework.js'
import type { NodeInfo } from './node-info.js'
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
  state: CycleState,
  node: NodeInfo
): FilterVerdict {
  for (const plugin of filters) {
    const rejection = plugin.filter(state, node)
    if (rejection !== null) return rejection
  }
  return null
}

/**
 * `addGENominatedPods`: clones of the node and of the cycle state with `pods` placed on the node,
 * each plugin's AddPod run for each. The originals are left as they were.
 */
export function withPodsAdded(
  filters: readonly FilterPlugin[],
  state: CycleState,
  node: NodeInfo,
  pods: readonly ClusterPod[]
): { state: CycleState; node: NodeInfo } {
  const stateOut = state.clone()
  const nodeOut = node.clone()
  for (const pod of pods) {
    nodeOut.addPod(pod)
    for (const plugin of filters) plugin.addPod?.(stateOut, pod, nodeOut)
  }
  return { state: stateOut, node: nodeOut }
}

/**
 * `RunFilterPluginsWithNominatedPods`: with the nominated pods added (on clones), then, when
 * that added any and passed, on the node and state as they are.
 */
export function filterWithNominatedPods(
  filters: readonly FilterPlugin[],
  state: CycleState,
  node: NodeInfo,
  added: readonly ClusterPod[]
): FilterVerdict {
  if (added.length > 0) {
    const first = withPodsAdded(filters, state, node, added)
    const verdict = runFilters(filters, first.state, first.node)
    if (verdict !== null) return verdict
  }
  return runFilters(filters, state, node)
}
