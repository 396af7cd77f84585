import type { KubeVersion } from '../core/index.js'
import type { ClusterPod } from './cluster-pod.js'
import type { DisruptionBudget } from './disruption-budgets.js'
import type { DrainFlags } from './drain-filters.js'
import type { Landing } from './drain-timeline.js'
import type { PlannedEviction } from './eviction-plan.js'
import type { Workloads } from './workloads.js'

/** What a planned `kubectl drain` reads and says (drain-plan.ts plans it). */

export interface DrainNode {
  readonly name: string
  /** `spec.unschedulable` already: kubectl says "already cordoned". */
  readonly unschedulable: boolean
}

export interface DrainInput {
  /** The nodes to drain, in the order kubectl visits them. */
  readonly nodes: readonly DrainNode[]
  /** The cluster's pods; those bound to other nodes are passed over. */
  readonly pods: readonly ClusterPod[]
  readonly budgets: readonly DisruptionBudget[]
  /** The workloads read, for whether a DaemonSet still exists; null when not read. */
  readonly workloads: Workloads | null
  readonly flags: DrainFlags
  /** The release whose kubectl words the messages. */
  readonly release: KubeVersion
  /** The replacements that become Ready, and when: what frees a budget's allowance again. */
  readonly landings?: readonly Landing[]
}

/**
 * What becomes of one listed pod: `left` by the filters (an ignored DaemonSet's, a mirror),
 * `error` for the filters (its node evicts nothing), `kept` on a node refused for another pod,
 * `evicted` or `deleted` (`--disable-eviction`), `refused` by a budget for ever, `failed` by
 * another eviction error, `timed-out` at `--timeout`, or `not-reached` behind a node where
 * the drain waits.
 */
export type DrainedPodState =
  | 'left'
  | 'error'
  | 'kept'
  | 'evicted'
  | 'deleted'
  | 'refused'
  | 'failed'
  | 'timed-out'
  | 'not-reached'

export interface DrainedPod {
  readonly pod: ClusterPod
  readonly state: DrainedPodState
  /** The budget (`namespace/name`) that refused the eviction at least once; null otherwise. */
  readonly blockedBy: string | null
  /**
   * The filter's or the API server's words for it (a budget's refusal for a pod refused to the
   * end); for `timed-out`, kubectl's whole error. Null when none.
   */
  readonly message: string | null
  /** The API server's words for the budget's 429s; null when none refused it. */
  readonly refusedWith: string | null
  /** Seconds after the drain's start when the eviction (or delete) goes through; null: never. */
  readonly evictedAfterSeconds: number | null
  /** When the pod is gone, its grace period used in full; null when not evicted. */
  readonly goneAfterSeconds: number | null
  /** The 429s kubectl prints for it (`will retry after 5s`), each followed by a retry. */
  readonly refusals: number
}

/** Pods that share one filter message, as kubectl groups them (`ns/a, ns/b`). */
export interface PodGroup {
  readonly message: string
  readonly pods: readonly string[]
}

/**
 * A node's drain: `drained`, `refused` (pods the filters refuse), `failed` (an eviction error),
 * `waiting` (a budget refuses an eviction: drain retries there), `not-reached` (behind a wait).
 */
export type NodeDrainState = 'drained' | 'refused' | 'failed' | 'waiting' | 'not-reached'

export interface NodeDrain {
  readonly node: string
  readonly alreadyCordoned: boolean
  readonly state: NodeDrainState
  /** Seconds after the drain's start when kubectl lists the node's pods; null: not reached. */
  readonly startsAfterSeconds: number | null
  /** When its last eviction goroutine returns and the next node starts; null: never. */
  readonly endsAfterSeconds: number | null
  /** kubectl's `Warning:` groups, then its `cannot delete …` groups, in the pods' order. */
  readonly warnings: readonly PodGroup[]
  readonly errors: readonly PodGroup[]
  readonly pods: readonly DrainedPod[]
}

export interface DrainPlan {
  readonly nodes: readonly NodeDrain[]
  /** Every pod that goes or is refused, for the forecast of what happens next. */
  readonly evictions: readonly PlannedEviction[]
  /** kubectl drain ends with an error (exit 1): a node refused, or an eviction failed. */
  readonly failed: boolean
  /** kubectl drain would wait at a budget without end (or until its --timeout). */
  readonly waits: boolean
}
