import type { PreScore } from './score-framework.js'
import { balancedAllocationSkipsBestEffort, releaseOf } from './kube-releases.js'
import type { NodeInfo } from './node-info.js'
import { resourceScoresUnknown } from './node-resources-fit-score.js'
import { NO_RESOURCES, podRequests } from './pod-requests.js'
import { resourceOf } from './resource.js'

/**
 * NodeResourcesBalancedAllocation (plugins/noderesources balanced_allocation.go `PreScore`,
 * `Score`, `balancedResourceScorer`), weight 1, over cpu and memory: the node's real `Requested`
 * plus the pod's real requests (no defaults), each as a fraction of allocatable capped at 1
 * (a resource without allocatable left out); with two fractions the standard deviation is half
 * their difference, and the score `int64((1 − std) × 100)` in floating point as upstream. From
 * v1.33 a pod that requests neither is skipped (kube-releases.ts). No NormalizeScore.
 */

export const PLUGIN_BALANCED_ALLOCATION = 'NodeResourcesBalancedAllocation'

/** A resource's requested share of allocatable, capped at 1; null when the node has none of it. */
function fractionOf(requested: bigint, capacity: bigint): number | null {
  return capacity === 0n ? null : Math.min(1, Number(requested) / Number(capacity))
}

/**
 * `balancedResourceScorer` over cpu and memory, the default profile's two resources: with both
 * fractions the standard deviation is half their difference, with one or none it is 0.
 */
function balancedScore(cpu: number | null, memory: number | null): number {
  const std = cpu === null || memory === null ? 0 : Math.abs((cpu - memory) / 2)
  return Math.trunc((1 - std) * 100)
}

export const preScoreBalancedAllocation: PreScore = (input) => {
  const unknown = resourceScoresUnknown(input, PLUGIN_BALANCED_ALLOCATION)
  if (unknown !== null) return unknown
  const pod = resourceOf(podRequests(input.pod.resources ?? NO_RESOURCES, false))
  const bestEffort = pod.milliCpu === 0n && pod.memory === 0n
  if (bestEffort && balancedAllocationSkipsBestEffort(releaseOf(input.options))) return null
  return {
    name: PLUGIN_BALANCED_ALLOCATION,
    weight: 1,
    score(node: NodeInfo): number {
      const allocatable = node.allocatable
      if (allocatable === null) return 0
      return balancedScore(
        fractionOf(node.requested.milliCpu + pod.milliCpu, allocatable.milliCpu),
        fractionOf(node.requested.memory + pod.memory, allocatable.memory)
      )
    },
  }
}
