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
  // Each start time is parsed once, not once per comparison.
  const keyed = pods.map((pod) => ({ pod, priority: pod.priority ?? 0, start: startMillis(pod) }))
  keyed.sort((a, b) => b.priority - a.priority || a.start - b.start)
  return keyed.map((k) => k.pod)
}
