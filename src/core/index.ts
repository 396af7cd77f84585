export * from './types.js'
export * from './reasons.js'
export * from './kube-version.js'
export { isDecimalInteger, parseInt64 } from './decimal-integer.js'
export {
  toleratesTaint,
  tolerationsTolerateTaint,
  findMatchingUntoleratedTaint,
} from './toleration.js'
export {
  referenceEvicts,
  referenceFilterNode,
  referenceCountIntolerablePreferNoSchedule,
} from './reference-rules.js'
export { MAX_EXTENDER_PRIORITY, normalizeReversedScores } from './normalize-score.js'
export {
  compiledNodeBytes,
  compiledTolerationsBytes,
  DECODED_NODE_BYTES,
} from './approximate-bytes.js'
export { compileNode } from './compiled-node.js'
export type { CompiledNode, NodeTaintsAt, SharedProfiles, SharedStrings } from './compiled-node.js'
export { EFFECT_SLOT_OTHER, type CompiledTaint } from './compiled-taint.js'
export { CompiledTolerations } from './compiled-tolerations.js'
export { tolerationSetSignature } from './toleration-set-signature.js'
export { TaintProfile, type ProfileJudge } from './taint-profile.js'
export { judgeProfiles, scoreProfiles, FilterVerdicts } from './filter-and-score.js'
export { IntList } from './int-list.js'
export { formatTaint } from './format-taint.js'
export {
  forecastPendingPod,
  withoutTaint,
  withTaint,
  type PendingPodEffect,
  type TaintRemoval,
} from './eviction-forecast.js'
export {
  boundsNoExecuteStay,
  evictsOnceBound,
  noExecuteTaints,
  taintEviction,
  type EvictionOutcome,
} from './taint-eviction.js'
export { isLabelKey, isLabelValue } from './label-syntax.js'
export { readFailureText } from './read-failure.js'
