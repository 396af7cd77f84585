import type { PreScore } from './framework.js'
import { preScoreImageLocality } from './image-locality.js'
import { preScoreNodeAffinity } from './node-affinity-score.js'
import { preScoreBalancedAllocation } from './node-resources-balanced-allocation.js'
import { preScoreNodeResourcesFit } from './node-resources-fit-score.js'
import { preScoreTaintToleration } from './taint-toleration-score.js'

/**
 * The default profile's Score plugins in their order (apis/config/v1 default_plugins.go
 * `getDefaultPlugins`): TaintToleration (weight 3), NodeAffinity (2), NodeResourcesFit (1),
 * VolumeBinding (1; it scores only with the alpha storage-capacity scoring, so 0 or Skip for
 * every pod), PodTopologySpread (2), InterPodAffinity (2), NodeResourcesBalancedAllocation (1),
 * ImageLocality (1); from v1.34 DynamicResources, which scores 0 for a pod without resource
 * claims. PodTopologySpread's PreScore (pod-topology-spread-score.ts) and InterPodAffinity's
 * (inter-pod-affinity-score.ts) take their places between NodeResourcesFit and
 * NodeResourcesBalancedAllocation.
 */
export const DEFAULT_SCORE_PLUGINS: readonly PreScore[] = [
  preScoreTaintToleration,
  preScoreNodeAffinity,
  preScoreNodeResourcesFit,
  preScoreBalancedAllocation,
  preScoreImageLocality,
]
