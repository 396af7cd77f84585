import type { KubeVersion } from '../core/index.js'
import type { ClusterPod } from './cluster-pod.js'
import type { DrainFlags } from './drain-filters.js'
import { drainGrace, type TimedPod } from './drain-timeline.js'

/**
 * `kubectl drain --disable-eviction` (kubectl pkg/drain/drain.go `deletePods`): the DELETEs go
 * out in list order at the node's start, no budget asked, then one wait polls every 1 s for all
 * of them, bounded by `--timeout`. The wait's error is the node's, the same for every pod still
 * there: 1.28–1.31 poll with `wait.PollImmediate` ("timed out waiting for the condition"), 1.32
 * on with `wait.PollUntilContextTimeout` (the context's "context deadline exceeded", kubectl
 * commit c329ccff7).
 */

function waitError(release: KubeVersion): string {
  return release.minor >= 32 ? 'context deadline exceeded' : 'timed out waiting for the condition'
}

export function deleteAll(
  pods: readonly ClusterPod[],
  start: number,
  context: { flags: DrainFlags; release: KubeVersion }
): TimedPod[] {
  const timeout = context.flags.timeoutSeconds
  return pods.map((pod) => {
    const goneAt = start + drainGrace(pod, context.flags)
    const inTime = timeout === null || goneAt < start + timeout
    const common = { pod, refusals: 0, blockedBy: null, refusedWith: null }
    if (inTime) return { ...common, outcome: { kind: 'evicted', at: start, goneAt } }
    const at = start + (timeout ?? 0)
    const error = waitError(context.release)
    return { ...common, outcome: { kind: 'timed-out', at, error, evictedAt: start, goneAt } }
  })
}
