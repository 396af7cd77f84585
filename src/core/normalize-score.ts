/** kube-scheduler's extender score range (extender/v1 `MaxExtenderPriority`). */
export const MAX_EXTENDER_PRIORITY = 10

/**
 * Upstream's `DefaultNormalizeScore(maxPriority, reverse=true, scores)`, in place: raw counts of
 * untolerated PreferNoSchedule taints become `maxPriority - floor(maxPriority * count / maxCount)`,
 * so the node with the fewest such taints scores highest. When no node has any, every node gets
 * `maxPriority`. Upstream divides int64s, which truncates; counts are non-negative and small, so
 * `Math.floor` of the float quotient is the same number.
 */
export function normalizeReversedScores(
  scores: Int32Array | number[],
  maxPriority: number = MAX_EXTENDER_PRIORITY
): void {
  let maxCount = 0
  for (let i = 0; i < scores.length; i++) {
    const score = scores[i] as number
    if (score > maxCount) maxCount = score
  }
  if (maxCount === 0) {
    scores.fill(maxPriority)
    return
  }
  for (let i = 0; i < scores.length; i++) {
    scores[i] = maxPriority - Math.floor((maxPriority * (scores[i] as number)) / maxCount)
  }
}
