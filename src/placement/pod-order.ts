import type { ClusterPod } from './cluster-pod.js'

/**
 * pkg/scheduler/util `MoreImportantPod`: higher priority first, then the earlier start time
 * (`GetPodStartTime`, where a pod not started yet reads as now, so after every started one).
 * Upstream sorts with `sort.Slice`, which leaves pods equal on both unordered; here they keep
 * the order they were listed in.
 */

function startMillis(pod: ClusterPod): number {
  if (pod.startTime == null) return Number.POSITIVE_INFINITY
  const millis = Date.parse(pod.startTime)
  return Number.isNaN(millis) ? Number.POSITIVE_INFINITY : millis
}

export function moreImportantFirst(pods: readonly ClusterPod[]): ClusterPod[] {
  return [...pods].sort((a, b) => {
    const byPriority = (b.priority ?? 0) - (a.priority ?? 0)
    return byPriority !== 0 ? byPriority : startMillis(a) - startMillis(b)
  })
}
