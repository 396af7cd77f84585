import type { Toleration, RuleOptions, Taint } from '../core/index.js'
import type { ClusterPod } from './cluster-pod.js'
import type { PlacementPod } from './types.js'
import type { Workload } from './workloads.js'

/** The shape of a replacement (replacement.ts), and the two ways of filling it. */

export interface ReplacementOwner {
  readonly kind: string
  readonly name: string
}

/**
 * `recreated`: a controller makes `pod`; `none`: nothing does (`reason` says why); `unknown`:
 * the controller was not read, or is of a kind not followed here (`reason` names it).
 */
export type ReplacementOutcome = 'recreated' | 'none' | 'unknown'

export interface Replacement {
  readonly outcome: ReplacementOutcome
  /** The owner as an operator names it: the Deployment of a ReplicaSet that has one; null for a bare pod. */
  readonly owner: ReplacementOwner | null
  /** The pod's controller reference (the ReplicaSet of a Deployment's pod); null for a bare pod. */
  readonly controller: ReplacementOwner | null
  /** The new pod, not bound to a node yet; null unless recreated. */
  readonly pod: PlacementPod | null
  /** The new pod's tolerations as admitted (the controller's and admission's added); none unless recreated. */
  readonly tolerations: readonly Toleration[]
  /**
   * Seconds after the old pod's eviction when the new pod is created; null unless recreated.
   * When `waitsForOldPod`, the old pod's grace period bounds the wait: its object goes once its
   * containers stop, sooner if they stop sooner, never without a kubelet.
   */
  readonly afterSeconds: number | null
  /** The new pod is made only once the old pod's object is gone (or, for a Job, terminal). */
  readonly waitsForOldPod: boolean
  /** The one node the new pod may run on (a DaemonSet's); null when the scheduler chooses. */
  readonly boundTo: string | null
  /**
   * A StatefulSet with OrderedReady pod management: the new pod's ordinal. The controller makes
   * it only once every lower ordinal is Running and Ready (stateful_set_control.go
   * `processReplica`); null when nothing orders it.
   */
  readonly orderedOrdinal: number | null
  /** Why nothing recreates the pod, or why that is unknown; null when recreated. */
  readonly reason: string | null
}

/** The node the pod was removed from, after the change: a DaemonSet's pod comes back only there. */
export interface ReplacementNode {
  readonly taints: readonly Taint[]
  readonly options: RuleOptions
}

/** The old pod's `terminationGracePeriodSeconds`, as the API server defaults it. */
const DEFAULT_GRACE_SECONDS = 30

const NOT_RECREATED = {
  pod: null,
  tolerations: [],
  afterSeconds: null,
  waitsForOldPod: false,
  boundTo: null,
  orderedOrdinal: null,
} as const

function ownerName(ref: { kind: string; name: string }): ReplacementOwner {
  return { kind: ref.kind, name: ref.name }
}

/** The owners of a replacement: the Deployment named by a ReplicaSet's own controller. */
function owners(pod: ClusterPod, workload: Workload | null) {
  const controller = pod.controller ? ownerName(pod.controller) : null
  const above = workload?.controller
  const owner = above?.kind === 'Deployment' ? ownerName(above) : controller
  return { owner, controller }
}

export function notRecreated(
  pod: ClusterPod,
  workload: Workload | null,
  outcome: 'none' | 'unknown',
  reason: string
): Replacement {
  return { outcome, ...owners(pod, workload), ...NOT_RECREATED, reason }
}

export function recreated(
  pod: ClusterPod,
  workload: Workload,
  made: Pick<Replacement, 'pod' | 'tolerations' | 'afterSeconds'> & Partial<Replacement>
): Replacement {
  return {
    outcome: 'recreated',
    ...owners(pod, workload),
    waitsForOldPod: false,
    boundTo: null,
    orderedOrdinal: null,
    reason: null,
    ...made,
  }
}

export function graceOf(pod: ClusterPod): number {
  return pod.gracePeriodSeconds ?? DEFAULT_GRACE_SECONDS
}
