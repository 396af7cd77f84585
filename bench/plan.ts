/**
 * What a run measures: the full matrix (`npm run bench`) or the reduced one CI runs as a smoke
 * test (`npm run bench:quick`, under a minute on a 2-core machine including the build).
 */
import type { Verb } from './payloads.js'
import type { TolerationCount } from './realistic-pod.js'

export interface SizePlan {
  readonly size: number
  /**
   * Untimed filter and prioritize requests per process, in seconds, before this size's first
   * scenario (warmUp); 0 where one request takes most of a second.
   */
  readonly warmUpSeconds: number
  /** Sequential requests sent first and discarded. */
  readonly warmup: number
  /** Sequential requests measured. */
  readonly iterations: number
  /**
   * Blocks the measured requests are split into, alternating between the extender and the
   * floor, so that the machine's load drifting during a scenario weighs on both alike.
   */
  readonly rounds: number
  /** autocannon run length; 0 skips the concurrent run. */
  readonly concurrentSeconds: number
}

export interface Plan {
  readonly quick: boolean
  readonly verbs: readonly Verb[]
  readonly tolerations: readonly TolerationCount[]
  /** Full-node scenarios (nodeCacheCapable: false). */
  readonly full: readonly SizePlan[]
  /** Node-cache scenarios (nodeCacheCapable: true). */
  readonly names: readonly SizePlan[]
  readonly connections: number
  readonly memory: {
    /** Nodes the API server holds and the extender indexes. */
    readonly indexedNodes: number
    /** Requests with distinct toleration sets sent after the latency runs. */
    readonly distinctPods: number
    readonly checkpointEvery: number
    /** Names per request in that stream. */
    readonly namesPerRequest: number
  }
  readonly micro: {
    readonly sizes: readonly number[]
    readonly tolerations: readonly TolerationCount[]
    /** Time spent measuring each case. */
    readonly minTimeMs: number
    /** Calls sampled per case of the heap-per-call count. */
    readonly heapCalls: number
  }
}

export const FULL_PLAN: Plan = {
  quick: false,
  verbs: ['filter', 'prioritize'],
  tolerations: [0, 3, 20],
  full: [
    { size: 100, warmUpSeconds: 2, warmup: 20, iterations: 200, rounds: 4, concurrentSeconds: 4 },
    { size: 500, warmUpSeconds: 2, warmup: 5, iterations: 40, rounds: 2, concurrentSeconds: 4 },
    // ~80 MB per request: few iterations, and no concurrent run.
    { size: 5000, warmUpSeconds: 0, warmup: 2, iterations: 10, rounds: 1, concurrentSeconds: 0 },
  ],
  names: [
    {
      size: 500,
      warmUpSeconds: 2,
      warmup: 200,
      iterations: 2000,
      rounds: 10,
      concurrentSeconds: 4,
    },
    // 2000 calls, so that p99 (the target at this size) is set by the 20 slowest, not the 5.
    {
      size: 5000,
      warmUpSeconds: 2,
      warmup: 50,
      iterations: 2000,
      rounds: 10,
      concurrentSeconds: 4,
    },
    { size: 15000, warmUpSeconds: 2, warmup: 20, iterations: 200, rounds: 5, concurrentSeconds: 4 },
  ],
  connections: 8,
  memory: { indexedNodes: 15000, distinctPods: 20000, checkpointEvery: 5000, namesPerRequest: 100 },
  micro: { sizes: [500, 5000], tolerations: [0, 3, 20], minTimeMs: 300, heapCalls: 1000 },
}

export const QUICK_PLAN: Plan = {
  quick: true,
  verbs: ['filter', 'prioritize'],
  tolerations: [3],
  full: [
    { size: 100, warmUpSeconds: 0.5, warmup: 5, iterations: 30, rounds: 2, concurrentSeconds: 1 },
    // A 1 s concurrent run at ~8 MB per request completes only a handful: skipped here.
    { size: 500, warmUpSeconds: 0, warmup: 2, iterations: 8, rounds: 1, concurrentSeconds: 0 },
  ],
  names: [
    { size: 500, warmUpSeconds: 0.5, warmup: 50, iterations: 300, rounds: 3, concurrentSeconds: 1 },
    {
      size: 5000,
      warmUpSeconds: 0.5,
      warmup: 20,
      iterations: 100,
      rounds: 2,
      concurrentSeconds: 1,
    },
  ],
  connections: 8,
  // More distinct pods than the default --tolerations-cache-size (4096), so eviction happens.
  memory: { indexedNodes: 5000, distinctPods: 5000, checkpointEvery: 2500, namesPerRequest: 100 },
  micro: { sizes: [500], tolerations: [3], minTimeMs: 100, heapCalls: 200 },
}
