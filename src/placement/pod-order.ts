import type { ClusterPod } from './cluster-pod.js'

/**
 * pkg/scheduler/util `MoreImportantPod`: higher priority first, then the earlier start time
 * (`GetPodStartTime`, where a pod not started yet reads as now, so after every started one).
 * Upstream sorts with `sort.Slice`, which leaves pods equal on both unordered; here they keep
 * the order they were listed in.
 */

// Each pod's start parsed once: preemption's dry run orders the pods of every node it tries,
// and again in each judgement of the same cluster.
const starts = new WeakMap<ClusterPod, number>()

function startMillis(pod: ClusterPod): number {
  let millis = starts.get(pod)
  if (millis === undefined) {
    millis = pod.startTime == null ? Number.NaN : Date.parse(pod.startTime)
    if (Number.isNaN(millis)) millis = Number.POSITIVE_INFINITY
    starts.set(pod, millis)
  }
  return millis
}

export function moreImportantFirst(pods: readonly ClusterPod[]): ClusterPod[] {
  // Each start time is parsed once, not once per comparison.
  const keyed = pods.map((pod) => ({ pod, priority: pod.priority ?? 0, start: startMillis(pod) }))
  keyed.sort((a, b) => b.priority - a.priority || a.start - b.start)
  return keyed.map((k) => k.pod)
}
