import type { ClusterPod } from './cluster-pod.js'
import type { NodeAffinitySpec } from './node-affinity.js'
import type { PostFilterPod } from './post-filter.js'
import type { TopologySpreadConstraint } from './pod-topology-spread-constraints.js'

/** The pod as the diagnosis reads it. */
export interface PlacementPod extends ClusterPod, PostFilterPod {
  readonly nodeAffinity: NodeAffinitySpec
  /** `spec.topologySpreadConstraints`; none when absent. */
  readonly topologySpreadConstraints?: readonly TopologySpreadConstraint[]
}
