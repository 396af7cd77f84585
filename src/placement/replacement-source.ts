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
  /** The controller that recreates the pod, as its owner reference names it. */
  readonly owner: { readonly kind: string; readonly name: string }
  /** The new pod, to be placed (bound already when `nodeName` is set); null when none is made. */
  readonly pod: PlacementPod | null
  /** The new pod's tolerations (its template's). */
  readonly tolerations: readonly Toleration[]
  /** Seconds from the eviction to the new pod's creation (a Job's failure back-off). */
  readonly afterSeconds: number
  /**
   * The new pod is made only once the old object is gone (a StatefulSet's same name, a
   * DaemonSet's node); otherwise it is made while the old one still terminates.
   */
  readonly waitsForOldPod: boolean
  /** Why no pod is made, or what else delays it (StatefulSet ordering); null when nothing. */
  readonly note: string | null
}

/** The replacement of an evicted pod; null when nothing recreates it (a bare pod). */
export type ReplacementOf = (pod: ClusterPod) => Replacement | null
