import type { ClusterPod } from './cluster-pod.js'

/**
 * What a taint or a drain does to the pods of its nodes, as the forecast of what happens next
 * reads it: each pod that goes, when, and, for a drain, the budget that refuses its eviction.
 * The taint's plan comes from the taint-eviction controller's rules (src/core
 * taint-eviction.ts), a drain's from kubectl drain's filters and the Eviction API's budget check.
 */
export interface PlannedEviction {
  readonly pod: ClusterPod
  /** Seconds after the taint or the drain's start; null when the pod is never evicted. */
  readonly afterSeconds: number | null
  /** The PodDisruptionBudget (`namespace/name`) that refuses the eviction; null when none does. */
  readonly blockedBy: string | null
}
