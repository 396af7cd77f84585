import {
  findMatchingUntoleratedTaint,
  TAINT_EFFECT_NO_EXECUTE,
  TAINT_EFFECT_NO_SCHEDULE,
  type RuleOptions,
  type Taint,
  type Toleration,
} from '../core/index.js'
import type { ClusterPod } from './cluster-pod.js'
import type { Labels } from './label-requirements.js'
import { nodeAffinityMismatch } from './node-affinity.js'
import type { PendingPod } from './pending-placements.js'
import {
  daemonNodeAffinity,
  NEW_POD_SUFFIX,
  podFromTemplate,
  withDaemonTolerations,
  withDefaultTolerationSeconds,
} from './replacement-pod.js'
import type { Workload } from './workloads.js'

/**
 * The pods DaemonSets make when nodes change (pkg/controller/daemon daemon_controller.go
 * `NodeShouldRunDaemonPod` and `predicates`): a DaemonSet runs a pod on each node its template
 * allows by name, whose labels the template's required node affinity and nodeSelector match,
 * and whose NoSchedule and NoExecute taints its pods tolerate, the template's tolerations with
 * those the controller adds (`AddOrUpdateDaemonPodTolerations`). A node that did not pass before
 * the change and passes after, with no pod of the DaemonSet bound to it, gets one at once,
 * pinned to it (`ReplaceDaemonSetPodNodeNameNodeAffinity`), which the scheduler places as any
 * pending pod. Its priority is that of the DaemonSet's pods already running (the API server gives
 * each the priority of its class, which the template names but does not give), else the
 * template's.
 */

/** A node before and after the change. */
export interface ChangedNode {
  readonly name: string
  readonly labels: Labels
  readonly taintsBefore: readonly Taint[]
  readonly taintsAfter: readonly Taint[]
}

/**
 * The tolerations a DaemonSet's pods carry: the template's, with those the DaemonSet controller
 * adds (`AddOrUpdateDaemonPodTolerations`), then DefaultTolerationSeconds' at admission.
 */
export function daemonPodTolerations(daemonSet: Workload): Toleration[] {
  const { templateTolerations, templateHostNetwork } = daemonSet
  return withDefaultTolerationSeconds(
    withDaemonTolerations(templateTolerations ?? [], templateHostNetwork === true)
  )
}

/** The first NoSchedule or NoExecute taint the pods do not tolerate, as `predicates` looks. */
export function untoleratedDaemonTaint(
  taints: readonly Taint[],
  tolerations: readonly Toleration[],
  options: RuleOptions
): Taint | undefined {
  const blocking = (t: Taint) =>
    t.effect === TAINT_EFFECT_NO_SCHEDULE || t.effect === TAINT_EFFECT_NO_EXECUTE
  return findMatchingUntoleratedTaint(taints, tolerations, blocking, options)
}

/** The new pods of `daemonSets` on the nodes that now pass and did not, in the order given. */
export function newDaemonPods(
  daemonSets: readonly Workload[],
  nodes: readonly ChangedNode[],
  bound: readonly ClusterPod[],
  options: RuleOptions
): PendingPod[] {
  return daemonSets.flatMap((daemonSet) => {
    const { template } = daemonSet
    if (template === null) return []
    const owned = bound.filter((p) => ownedBy(p, daemonSet))
    const tolerations = daemonPodTolerations(daemonSet)
    const runsOn = (node: ChangedNode, taints: readonly Taint[]) =>
      (template.nodeName === '' || template.nodeName === node.name) &&
      nodeAffinityMismatch(template.nodeAffinity, node) === null &&
      untoleratedDaemonTaint(taints, tolerations, options) === undefined
    return nodes
      .filter((node) => !runsOn(node, node.taintsBefore) && runsOn(node, node.taintsAfter))
      .filter((node) => !owned.some((p) => p.nodeName === node.name))
      .map((node) => {
        const sibling = owned[0]
        const name = `${daemonSet.name}-${NEW_POD_SUFFIX}`
        const made = podFromTemplate(
          template,
          daemonSet,
          sibling ?? template,
          name,
          template.labels
        )
        const pod = {
          ...made,
          priority: sibling?.priority ?? made.priority,
          nodeAffinity: daemonNodeAffinity(made.nodeAffinity, node.name),
        }
        return { pod, tolerations, madeBy: `DaemonSet ${daemonSet.name}` }
      })
  })
}

/** The pod's controller is this DaemonSet (an empty uid on either side is not compared). */
function ownedBy(pod: ClusterPod, daemonSet: Workload): boolean {
  const ref = pod.controller
  if (ref == null || ref.kind !== 'DaemonSet' || ref.name !== daemonSet.name) return false
  return (
    pod.namespace === daemonSet.namespace &&
    (ref.uid === '' || daemonSet.uid === '' || ref.uid === daemonSet.uid)
  )
}
