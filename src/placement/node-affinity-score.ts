import type { PreScore } from './score-framework.js'
import { preferredNodeAffinityWeight } from './node-affinity.js'
import { defaultNormalizeScore } from './normalize-score.js'
import { preferredTermsParseError } from './preferred-terms-parse.js'
import { PLUGIN_NODE_AFFINITY } from './types.js'

/**
 * NodeAffinity's scoring (plugins/nodeaffinity node_affinity.go `PreScore`, `Score`,
 * `NormalizeScore`; component-helpers `PreferredSchedulingTerms.Score`), weight 2. PreScore
 * parses the preferred terms, and a term that does not parse fails the cycle; a pod without
 * preferred terms is skipped (v1.35's PreScore; v1.28 scored every node 0, the same totals).
 * Score sums the weights of the terms the node matches; NormalizeScore scales them to 0–100 over
 * the scored nodes.
 */
export const preScoreNodeAffinity: PreScore = (input) => {
  if (!input.nodeLabelsKnown) return { notJudged: 'NodeAffinity (no node labels)' }
  const spec = input.pod.nodeAffinity
  const problem = preferredTermsParseError(spec.preferred)
  if (problem !== null)
    return { error: `running PreScore plugin "${PLUGIN_NODE_AFFINITY}": ${problem}` }
  if (spec.preferred.length === 0) return null
  return {
    name: PLUGIN_NODE_AFFINITY,
    weight: 2,
    score: (node) => preferredNodeAffinityWeight(spec, node.node),
    normalize: (scores) => defaultNormalizeScore(scores, false),
  }
}
