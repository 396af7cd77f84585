import { taintEviction, type RuleOptions, type Taint, type Toleration } from '../core/index.js'
import type { ClusterPod } from './cluster-pod.js'
import type { PlannedEviction } from './eviction-plan.js'

/**
 * The evictions a node's new taints cause, in the order they happen: the taint-eviction
 * controller's decision for each pod bound there (src/core taint-eviction.ts, after
 * pkg/controller/tainteviction `processPodOnNode`), whose clock starts when it sees the node's
 * new taints (`handleNodeUpdate` takes `time.Now()`; the taint's `timeAdded` is never read). A
 * pod tolerating the taints forever is not evicted and is left out of the plan.
 */

/** A pod bound to a node, with the tolerations the controller reads. */
export interface TolerantPod {
  readonly pod: ClusterPod
  readonly tolerations: readonly Toleration[]
}

/**
 * The plan for `pods` on nodes whose NoExecute taints are `taintsOf(node)` once changed: sooner
 * first, then the pod created first (`createdAt`; a pod without it after those with it), then
 * the order the pods were given in.
 */
export function planTaintEvictions(
  pods: readonly TolerantPod[],
  taintsOf: (nodeName: string) => readonly Taint[] | undefined,
  options: RuleOptions
): PlannedEviction[] {
  const planned = pods.flatMap(({ pod, tolerations }, order) => {
    const taints = taintsOf(pod.nodeName)
    if (taints === undefined) return []
    const outcome = taintEviction(tolerations, taints, options)
    if (outcome.kind === 'stays') return []
    const afterSeconds = outcome.kind === 'evicted-now' ? 0 : Number(outcome.seconds)
    return [{ eviction: { pod, afterSeconds, blockedBy: null }, order }]
  })
  planned.sort(
    (a, b) =>
      (a.eviction.afterSeconds ?? 0) - (b.eviction.afterSeconds ?? 0) ||
      compareCreation(a.eviction.pod, b.eviction.pod) ||
      a.order - b.order
  )
  return planned.map((p) => p.eviction)
}

/** RFC 3339 times as the API server writes them (UTC, whole seconds) compare as text. */
function compareCreation(a: ClusterPod, b: ClusterPod): number {
  const at = a.createdAt ?? null
  const bt = b.createdAt ?? null
  if (at === bt) return 0
  if (at === null) return 1
  if (bt === null) return -1
  return at < bt ? -1 : 1
}
