import type {
  ClusterPod,
  NodeImage,
  PlacementPod,
  SnapshotInput,
} from '../../src/placement/index.js'
import { podsAsReleaseKeeps, Snapshot } from '../../src/placement/index.js'
import { releaseOf } from '../../src/placement/kube-releases.js'
import { placementNodes, podInput, type Cluster } from './builders.js'

/** The scoring tables' cluster: the placement tables' one, with the images each node holds. */
export interface ScoredCluster extends Cluster {
  readonly images?: Readonly<Record<string, readonly NodeImage[]>>
}

/** A pod with its containers' and init containers' images (ImageLocality). */
export function withImages(
  pod: PlacementPod,
  images: readonly string[],
  initImages: readonly string[] = []
): PlacementPod {
  return { ...pod, images, initImages }
}

/** What the scores read: the pod, its surroundings and a snapshot built as the tools build it. */
export function scoringInput(incoming: PlacementPod, cluster: ScoredCluster): SnapshotInput {
  const input = podInput(incoming, cluster)
  const nodes = placementNodes(cluster.nodes).map((n) => ({
    ...n,
    images: cluster.images?.[n.name] ?? [],
  }))
  const pods = (cluster.pods === undefined ? [] : cluster.pods) as readonly ClusterPod[] | null
  const placed = pods && podsAsReleaseKeeps(pods, releaseOf(input.options))
  return { ...input, snapshot: Snapshot.build(nodes, placed) }
}
