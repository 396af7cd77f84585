import type { PreScore } from './score-framework.js'
import { preScoreImageLocality } from './image-locality.js'
import { preScoreInterPodAffinity } from './inter-pod-affinity-score.js'
import { preScoreNodeAffinity } from './node-affinity-score.js'
import { preScoreBalancedAllocation } from './node-resources-balanced-allocation.js'
import { preScoreNodeResourcesFit } from './node-resources-fit-score.js'
import { preScorePodTopologySpread } from './pod-topology-spread-score.js'
import { preScoreTaintToleration } from './taint-toleration-score.js'

/**
 * The default profile's Score plugins in their order (apis/config/v1 default_plugins.go
 * `getDefaultPlugins`): TaintToleration (weight 3), NodeAffinity (2), NodeResourcesFit (1),
 * VolumeBinding (1; it scores only with the alpha storage-capacity scoring, so 0 or Skip for
 * every pod), PodTopologySpread (2), InterPodAffinity (2), NodeResourcesBalancedAllocation (1),
 * ImageLocality (1); from v1.34 DynamicResources, which scores 0 for a pod without resource
 * claims.
 */
export const DEFAULT_SCORE_PLUGINS: readonly PreScore[] = [
  preScoreTaintToleration,
  preScoreNodeAffinity,
  preScoreNodeResourcesFit,
  preScorePodTopologySpread,
  preScoreInterPodAffinity,
  preScoreBalancedAllocation,
  preScoreImageLocality,
]
