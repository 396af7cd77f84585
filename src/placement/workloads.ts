import type { Toleration } from '../core/index.js'
import type { ControllerReference, ClusterPod } from './cluster-pod.js'
import type { LabelSelector, Labels } from './label-requirements.js'
import type { PlacementPod } from './placement-pod.js'

/**
 * The objects that own or select pods, as the simulation reads them: the controllers that
 * recreate an evicted pod (ReplicaSet, so Deployment, StatefulSet, DaemonSet, Job,
 * ReplicationController) and the Services, ReplicationControllers, ReplicaSets and StatefulSets
 * whose selectors PodTopologySpread's system default constraints use (helper.DefaultSelector).
 */

export type WorkloadKind =
  'Deployment' | 'ReplicaSet' | 'StatefulSet' | 'DaemonSet' | 'Job' | 'ReplicationController'

export interface Workload {
  readonly kind: WorkloadKind
  readonly namespace: string
  readonly name: string
  readonly uid: string
  /** `spec.selector` as a label selector; for a ReplicationController its map as matchLabels. */
  readonly selector: LabelSelector | null
  /** `spec.replicas`; null when unset or for a DaemonSet. */
  readonly replicas: number | null
  /** The pod template (`spec.template`), decoded as a pod; null when absent. */
  readonly template: PlacementPod | null
  /** This object's own controller (a ReplicaSet's Deployment); null when none. */
  readonly controller: ControllerReference | null
  /** The template's `spec.tolerations`, in order; none when absent. */
  readonly templateTolerations?: readonly Toleration[]
  /** The template's `spec.hostNetwork` (a DaemonSet's pods then tolerate network-unavailable). */
  readonly templateHostNetwork?: boolean
  /** A StatefulSet's `spec.podManagementPolicy`; "" when unset (OrderedReady). */
  readonly podManagementPolicy?: string
  /** A StatefulSet's `spec.ordinals.start`; 0 when unset. */
  readonly ordinalsStart?: number
  /** A Job's facts its controller reads before it replaces a pod; null for other kinds. */
  readonly job?: JobFacts | null
}

/** What the Job controller reads of a Job to decide whether, and when, a failed pod is replaced. */
export interface JobFacts {
  /** `spec.backoffLimit`; 6 when unset (SetDefaults_Job). */
  readonly backoffLimit: number
  /** `status.failed`: pods counted as failed so far. */
  readonly failed: number
  /** `status.succeeded`. */
  readonly succeeded: number
  /** A `Complete` or `Failed` condition is `True`: the controller makes no more pods. */
  readonly finished: boolean
  /** `spec.suspend`: the controller makes no pods while it is set. */
  readonly suspended: boolean
  /**
   * Only a pod in phase Failed is replaced (`spec.podReplacementPolicy: Failed`, or a
   * `podFailurePolicy`, which defaults it so): a terminating pod is waited for.
   */
  readonly onlyReplaceFailed: boolean
}

/** A Service's `spec.selector`; null or empty selects nothing. */
export interface ServiceSelector {
  readonly namespace: string
  readonly name: string
  readonly selector: Labels | null
}

/** The workload objects read with the cluster, looked up as the simulation needs them. */
export interface Workloads {
  /** The Services of a namespace. */
  servicesIn(namespace: string): readonly ServiceSelector[]
  /** The object the pod's controller reference names, when it was read; null otherwise. */
  controllerOf(pod: ClusterPod): Workload | null
  /** Every DaemonSet read, in the order read. */
  daemonSets(): readonly Workload[]
}
