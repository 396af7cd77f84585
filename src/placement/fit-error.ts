/** kube-scheduler's FitError wording: counts per distinct reason, sorted as Go's sort.Strings. */
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
  return parts.length === 0 ? `${head}.` : `${head}: ${parts.join(', ')}.`
}
