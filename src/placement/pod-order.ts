import type { ClusterPod } from './cluster-pod.js'

/**
 * pkg/scheduler/util `MoreImportantPod`: higher priority first, then the earlier start time
 * (`GetPodStartTime`, where a pod not started yet reads as now, so after every started one).
 * Upstream sorts with `sort.Slice`, which leaves pods equal on both unordered; here they keep
 * the order they were listed in.
 */

// Each start time parsed once: preemption's dry run orders the pods of every node it tries,
// and again in each judgement of the same cluster. Kept by the time's text rather than by pod,
// so that a dry run over a large cluster keeps no entry per pod; bounded, since a cluster's
// pods may each have started at another second.
const STARTS_MAX = 4096
const starts = new Map<string, number>()

function startMillis(pod: ClusterPod): number {
  const text = pod.startTime
  if (text == null) return Number.POSITIVE_INFINITY
  let millis = starts.get(text)
  if (millis === undefined) {
    millis = Date.parse(text)
    if (Number.isNaN(millis)) millis = Number.POSITIVE_INFINITY
    if (starts.size >= STARTS_MAX) starts.clear()
    starts.set(text, millis)
  }
  return millis
}

export function moreImportantFirst(pods: readonly ClusterPod[]): ClusterPod[] {
  // Each start time is parsed once, not once per comparison.
  const keyed = pods.map((pod) => ({ pod, priority: pod.priority ?? 0, start: startMillis(pod) }))
  keyed.sort((a, b) => b.priority - a.priority || a.start - b.start)
  return keyed.map((k) => k.pod)
}
