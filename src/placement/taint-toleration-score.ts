import type { PreScore } from './score-framework.js'
import { defaultNormalizeScore } from './normalize-score.js'
import { PLUGIN_TAINT_TOLERATION } from './types.js'

/**
 * TaintToleration's scoring (plugins/tainttoleration taint_toleration.go `PreScore`, `Score`,
 * `NormalizeScore`), weight 3 in the default profile. PreScore keeps the tolerations whose effect
 * is empty or PreferNoSchedule; Score counts the node's PreferNoSchedule taints none of them
 * tolerates (`countIntolerableTaintsPreferNoSchedule`); NormalizeScore reverses it over the
 * scored nodes, so the node with the fewest such taints scores 100. A toleration of another
 * effect never tolerates a PreferNoSchedule taint, so the compiled set's PreferNoSchedule matcher
 * is that filtered list.
 */
export const preScoreTaintToleration: PreScore = (input) => ({
  name: PLUGIN_TAINT_TOLERATION,
  weight: 3,
  score: (node) => input.tolerations.countIntolerablePreferNoSchedule(node.node.compiled),
  normalize: (scores) => defaultNormalizeScore(scores, true),
})
