import type { ClusterPod, PodVolumeClaim } from './cluster-pod.js'
import type { NodeAffinitySpec } from './node-affinity.js'
import type { PostFilterPod } from './post-filter.js'
import type { TopologySpreadConstraint } from './pod-topology-spread-constraints.js'

/** The pod as the diagnosis reads it. */
export interface PlacementPod extends ClusterPod, PostFilterPod {
  readonly nodeAffinity: NodeAffinitySpec
  /** `spec.topologySpreadConstraints`; none when absent. */
  readonly topologySpreadConstraints?: readonly TopologySpreadConstraint[]
  /**
   * Some volume may be read by the volume plugins: any kind but configMap, secret, downwardAPI,
   * projected, emptyDir and hostPath, which none of them reads (they read claims, ephemeral
   * volumes and disks). A pod without one passes every volume plugin on every node; one with
   * claims is judged by them as far as the claims read tell (volume-plugins.ts).
   */
  readonly storageVolumes: boolean
  /** The claims its volumes name, in `spec.volumes` order; none for most pods. */
  readonly volumeClaims: readonly PodVolumeClaim[]
  /**
   * Some volume the volume plugins may read names no claim (a disk, nfs, an inline CSI volume):
   * VolumeRestrictions' disk conflicts and NodeVolumeLimits' counts read such volumes.
   */
  readonly inlineStorage: boolean
}
