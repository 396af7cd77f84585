/**
 * The scheduler's score range (framework/interface.go `MaxNodeScore`, `MinNodeScore`) and
 * plugins/helper normalize_score.go `DefaultNormalizeScore`, which TaintToleration (reversed) and
 * NodeAffinity call as their NormalizeScore.
 */

export const MAX_NODE_SCORE = 100
export const MIN_NODE_SCORE = 0

/**
 * `DefaultNormalizeScore(MaxNodeScore, reverse, scores)`, in place: each score becomes
 * `100 × score / max` (int64 division, which truncates), or 100 minus that when `reverse`; when
 * the largest score is 0 every node keeps 0, or gets 100 when `reverse`.
 */
export function defaultNormalizeScore(scores: number[], reverse: boolean): void {
  let max = 0
  for (const score of scores) if (score > max) max = score
  if (max === 0) {
    if (reverse) scores.fill(MAX_NODE_SCORE)
    return
  }
  for (let i = 0; i < scores.length; i++) {
    const scaled = Math.trunc((MAX_NODE_SCORE * (scores[i] as number)) / max)
    scores[i] = reverse ? MAX_NODE_SCORE - scaled : scaled
  }
}
