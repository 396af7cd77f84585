/**
 * What a run measures: the full matrix (`npm run bench`) or the reduced one CI runs as a smoke
 * test (`npm run bench:quick`).
 */
import type { TolerationCount } from './realistic-pod.js'

export interface SizePlan {
  readonly size: number
  /** Untimed filter and prioritize calls per process before the size's first scenario. */
  readonly warmUpSeconds: number
  /** Sequential requests sent first and discarded. */
  readonly warmup: number
  /** Sequential requests measured. */
  readonly iterations: number
  /** Blocks the measured requests are split into, alternating between extender and floor. */
  readonly rounds: number
}

export interface Plan {
  readonly quick: boolean
  readonly tolerations: readonly TolerationCount[]
  /** Full-node scenarios (nodeCacheCapable: false). */
  readonly full: readonly SizePlan[]
  /** Node-cache scenarios (nodeCacheCapable: true). */
  readonly names: readonly SizePlan[]
  readonly memory: {
    /** Nodes the API server holds and the extender indexes. */
    readonly indexedNodes: number
    /** Requests with distinct toleration sets sent after the latency runs. */
    readonly distinctPods: number
    readonly checkpointEvery: number
    readonly namesPerRequest: number
  }
}

const size = (
  n: number,
  warmUpSeconds: number,
  warmup: number,
  iterations: number,
  rounds: number
): SizePlan => ({ size: n, warmUpSeconds, warmup, iterations, rounds })

export const FULL_PLAN: Plan = {
  quick: false,
  tolerations: [0, 3, 20],
  // 5000 full nodes are ~80 MB a request: few calls, and no warm-up beyond the scenario's own.
  full: [size(100, 2, 20, 200, 4), size(500, 2, 5, 40, 2), size(5000, 0, 2, 10, 1)],
  // 2000 calls at 5000 names, so that p99 (the target there) is set by the 20 slowest.
  names: [size(500, 2, 200, 2000, 10), size(5000, 2, 50, 2000, 10), size(15000, 2, 20, 200, 5)],
  memory: { indexedNodes: 15000, distinctPods: 20000, checkpointEvery: 5000, namesPerRequest: 100 },
}

export const QUICK_PLAN: Plan = {
  quick: true,
  tolerations: [3],
  full: [size(100, 0.5, 5, 30, 2), size(500, 0, 2, 8, 1)],
  names: [size(500, 0.5, 50, 300, 3), size(5000, 0.5, 20, 100, 2)],
  // More distinct pods than the default --tolerations-cache-size (4096), so eviction happens.
  memory: { indexedNodes: 5000, distinctPods: 5000, checkpointEvery: 2500, namesPerRequest: 100 },
}
