import type { ClusterPod } from './cluster-pod.js'
import {
  fromDaemonSet,
  fromJob,
  fromReplicaSet,
  fromStatefulSet,
} from './replacement-controllers.js'
import { notRecreated, type Replacement, type ReplacementNode } from './replacement-outcome.js'
import type { Workloads } from './workloads.js'

export type {
  Replacement,
  ReplacementNode,
  ReplacementOutcome,
  ReplacementOwner,
} from './replacement-outcome.js'

/**
 * Who replaces a pod removed from its node (evicted by a taint, or drained), with what, and
 * when: each controller's rule for a pod that is gone or terminating, as
 * pkg/controller/{replicaset,statefulset,daemon,job} decide it (v1.28 to v1.35 agree here).
 */

/**
 * The replacement of `pod`. `node`, when given, is the node it leaves as it will be (taints
 * included): a DaemonSet makes no pod on a node whose NoSchedule or NoExecute taints its pod
 * does not tolerate (daemon_controller.go `NodeShouldRunDaemonPod`, `predicates`).
 */
export function replacementFor(
  pod: ClusterPod,
  workloads: Workloads,
  node: ReplacementNode | null = null
): Replacement {
  if (pod.mirror === true)
    return notRecreated(pod, null, 'none', 'a static pod: its kubelet runs it, not the API server')
  const ref = pod.controller ?? null
  if (ref === null) return notRecreated(pod, null, 'none', 'a bare pod: nothing recreates it')
  const workload = workloads.controllerOf(pod)
  if (workload === null) {
    const followed = ['ReplicaSet', 'StatefulSet', 'DaemonSet', 'Job', 'ReplicationController']
    const reason = followed.includes(ref.kind)
      ? `its ${ref.kind} ${pod.namespace}/${ref.name} was not read`
      : `its controller ${ref.kind} ${ref.name} is not one whose replacements are known`
    return notRecreated(pod, null, 'unknown', reason)
  }
  switch (workload.kind) {
    case 'ReplicaSet':
    case 'ReplicationController':
      return fromReplicaSet(pod, workload)
    case 'StatefulSet':
      return fromStatefulSet(pod, workload)
    case 'DaemonSet':
      return fromDaemonSet(pod, workload, node)
    case 'Job':
      return fromJob(pod, workload)
    case 'Deployment':
      return notRecreated(pod, workload, 'unknown', 'a Deployment owns pods through a ReplicaSet')
  }
}
