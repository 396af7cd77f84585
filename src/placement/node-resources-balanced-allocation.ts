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

/** `balancedResourceScorer` over the fractions of the resources with allocatable. */
function balancedScore(requested: readonly bigint[], allocatable: readonly bigint[]): number {
  const fractions: number[] = []
  let total = 0
  allocatable.forEach((capacity, i) => {
    if (capacity === 0n) return
    const fraction = Math.min(1, Number(requested[i] ?? 0n) / Number(capacity))
    total += fraction
    fractions.push(fraction)
  })
  let std = 0
  if (fractions.length === 2)
    std = Math.abs(((fractions[0] as number) - (fractions[1] as number)) / 2)
  else if (fractions.length > 2) {
    const mean = total / fractions.length
    let sum = 0
    for (const f of fractions) sum = sum + (f - mean) * (f - mean)
    std = Math.sqrt(sum / fractions.length)
  }
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
        [node.requested.milliCpu + pod.milliCpu, node.requested.memory + pod.memory],
        [allocatable.milliCpu, allocatable.memory]
      )
    },
  }
}
