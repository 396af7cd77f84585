/**
 * kube-scheduler's FitError wording (types.go `FitError.Error`): counts per distinct reason, sorted
 * as Go's sort.Strings. With no node available and no reason counted (every node left out of the
 * statuses) Go writes the head and its colon alone.
 */
export function summarizeAvailability(
  total: number,
  available: number,
  reasons: readonly string[]
): string {
  const counts = new Map<string, number>()
  for (const reason of reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1)
  const parts = [...counts].map(([reason, count]) => `${count} ${reason}`)
  parts.sort()
  const head = `${available}/${total} nodes are available`
  if (parts.length > 0) return `${head}: ${parts.join(', ')}.`
  return available === 0 && total > 0 ? `${head}:` : `${head}.`
}

/**
 * kube-scheduler's message when its snapshot holds no node at all (scheduler.go
 * `ErrNoNodesAvailable`): schedule_one.go `schedulePod` returns it before PreFilter, and
 * `handleSchedulingFailure` writes the error's text alone as the FailedScheduling event, with
 * no "0/0 nodes are available" count and no PostFilter part; the same words in 1.28 and 1.35.
 */
export const NO_NODES_AVAILABLE = 'no nodes available to schedule pods'
