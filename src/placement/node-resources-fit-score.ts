import type { PreScore, PreScoreResult } from './score-framework.js'
import { nonZeroPerContainer, releaseOf } from './kube-releases.js'
import type { NodeInfo } from './node-info.js'
import { PLUGIN_NODE_RESOURCES_FIT } from './node-resources-fit.js'
import { nonZeroRequestsToPlace } from './non-zero-requests.js'
import { NO_RESOURCES } from './pod-requests.js'
import type { SnapshotInput } from './types.js'

/**
 * NodeResourcesFit's scoring with the default profile's strategy, LeastAllocated over cpu and
 * memory with weight 1 each (plugins/noderesources fit.go `PreScore`, `Score`;
 * resource_allocation.go `score`, `calculateResourceAllocatableRequest`; least_allocated.go
 * `leastResourceScorer`, `leastRequestedScore`), weight 1 in the profile. The node's side is its
 * `NonZeroRequested` (as the release counts a pod, non-zero-requests.ts) plus the pod's requests
 * with the same defaults; a resource the node has no allocatable of is left out; each resource
 * scores `(allocatable − requested) × 100 / allocatable` in integers (0 past allocatable), and
 * the node the weighted mean of them, truncated. No NormalizeScore.
 */

/** `leastRequestedScore`. */
function leastRequested(requested: bigint, capacity: bigint): bigint {
  if (capacity === 0n || requested > capacity) return 0n
  return ((capacity - requested) * 100n) / capacity
}

/** Why the resource scores are not given: what they read was not. */
export function resourceScoresUnknown(input: SnapshotInput, plugin: string): PreScoreResult {
  if (!input.snapshot.podsKnown) return { notJudged: `${plugin} (no pods given)` }
  if (input.snapshot.withoutAllocatable !== undefined)
    return { notJudged: `${plugin} (a node without status.allocatable)` }
  return null
}

export const preScoreNodeResourcesFit: PreScore = (input) => {
  const unknown = resourceScoresUnknown(input, PLUGIN_NODE_RESOURCES_FIT)
  if (unknown !== null) return unknown
  const perContainer = nonZeroPerContainer(releaseOf(input.options))
  const pod = nonZeroRequestsToPlace(input.pod.resources ?? NO_RESOURCES)
  return {
    name: PLUGIN_NODE_RESOURCES_FIT,
    weight: 1,
    score(node: NodeInfo): number {
      const allocatable = node.allocatable
      if (allocatable === null) return 0
      const used = perContainer ? node.nonZeroRequested.current : node.nonZeroRequested.before132
      // cpu, then memory, each left out when the node has none of it; no list built per node.
      let sum = 0n
      let weights = 0n
      if (allocatable.milliCpu !== 0n) {
        sum += leastRequested(used.milliCpu + pod.milliCpu, allocatable.milliCpu)
        weights += 1n
      }
      if (allocatable.memory !== 0n) {
        sum += leastRequested(used.memory + pod.memory, allocatable.memory)
        weights += 1n
      }
      return weights === 0n ? 0 : Number(sum / weights)
    },
  }
}
