import type { Toleration } from '../core/index.js'
import type { ClusterPod } from './cluster-pod.js'
import type { PlacementPod } from './types.js'

/**
 * Who recreates an evicted pod, as the forecast of what happens next asks it: the controller
 * that owns the pod makes a new one from its template (a ReplicaSet, so a Deployment, a
 * ReplicationController, a Job), the same name again (a StatefulSet), one for the same node (a
 * DaemonSet), or nothing (a bare pod). The engine (follow-evictions.ts) takes the answer as a
 * function, so that whoever reads the workloads decides it.
 */
export interface Replacement {
  /** `none`: nothing recreates the pod; `unknown`: its controller was not read. */
  readonly outcome: 'recreated' | 'none' | 'unknown'
  /** The owner as an operator names it (a ReplicaSet's Deployment); null for a bare pod. */
  readonly owner: { readonly kind: string; readonly name: string } | null
  /** The new pod, not bound yet; null unless recreated. */
  readonly pod: PlacementPod | null
  /** The new pod's tolerations as admitted. */
  readonly tolerations: readonly Toleration[]
  /** Seconds from the eviction to the new pod's creation; null unless recreated. */
  readonly afterSeconds: number | null
  /** The new pod is made only once the old pod's object is gone. */
  readonly waitsForOldPod: boolean
  /** Why nothing recreates the pod, or why that is unknown; null when recreated. */
  readonly reason: string | null
}

/** The replacement of an evicted pod. */
export type ReplacementOf = (pod: ClusterPod) => Replacement
