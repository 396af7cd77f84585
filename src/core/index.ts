export * from './types.js'
export * from './reasons.js'
export { isDecimalInteger, parseInt64 } from './decimal-integer.js'
export {
  toleratesTaint,
  tolerationsTolerateTaint,
  findMatchingUntoleratedTaint,
} from './toleration.js'
export {
  referenceFilterNode,
  referenceCountIntolerablePreferNoSchedule,
} from './reference-rules.js'
export { MAX_EXTENDER_PRIORITY, normalizeReversedScores } from './normalize-score.js'
export { compiledNodeBytes, compiledTolerationsBytes } from './approximate-bytes.js'
export { compileNode } from './compiled-node.js'
export type { CompiledNode, NodeTaintsAt, SharedProfiles, SharedStrings } from './compiled-node.js'
export { EFFECT_SLOT_OTHER, type CompiledTaint } from './compiled-taint.js'
export { CompiledTolerations, tolerationSetSignature } from './compiled-tolerations.js'
export { TaintProfile, type ProfileJudge } from './taint-profile.js'
export { judgeProfiles, scoreProfiles, FilterVerdicts } from './filter-and-score.js'
export { IntList } from './int-list.js'
export {
  explainPlacement,
  formatTaint,
  summarizeAvailability,
  type Comparison,
  type DecidingTaint,
  type NodeExplanation,
  type PlacementExplanation,
  type Verdict,
} from './explain.js'
export {
  forecastNoExecuteEviction,
  forecastPendingPod,
  noExecuteTaints,
  withTaint,
  type EvictionOutcome,
  type PendingPodEffect,
} from './eviction-forecast.js'
export { isLabelKey, isLabelValue } from './label-syntax.js'
export {
  formatRequirement,
  labelSelectorMatches,
  labelSelectorProblem,
  parseGoInt64,
  requirementMatches,
  requirementProblem,
  requirementValidationProblem,
  REQUIREMENT_OPERATORS,
  type LabelRequirement,
  type LabelSelector,
  type Labels,
} from './label-requirements.js'
export {
  fieldRequirementProblem,
  MAX_NODE_SCORE,
  nodeAffinityMismatch,
  nodeAffinityPreFilterNames,
  normalizeNodeAffinityScores,
  preferredNodeAffinityWeight,
  REASON_NODE_AFFINITY,
  REASON_NODE_AFFINITY_CONFLICT,
  termProblem,
  termValidationProblem,
  type LabelledNode,
  type NodeAffinitySpec,
  type NodeSelectorTerm,
  type PreferredSchedulingTerm,
} from './node-affinity.js'
export {
  aggregateText,
  fieldErrorText,
  goQuote,
  labelKeyErrors,
  labelValueErrors,
  truncateEventMessage,
  type FieldError,
} from './field-errors.js'
export {
  filterWithNominatedPods,
  nominatedPodsAdded,
  type InterPodVerdict,
  type NominatedPod,
} from './nominated-pods.js'
export { preferredTermsParseError, termParseErrors } from './preferred-terms-parse.js'
export {
  InterPodAffinityState,
  REASON_EXISTING_ANTI_AFFINITY,
  REASON_POD_AFFINITY,
  REASON_POD_ANTI_AFFINITY,
  type AffinityPod,
  type NamespaceLabels,
  type PodAffinityTerm,
} from './inter-pod-affinity.js'
export { diagnosePlacement } from './placement-diagnosis.js'
export {
  REASON_NO_VICTIMS,
  REASON_PREEMPTION_NOT_HELPFUL,
  type PreemptionCandidate,
} from './preemption.js'
export {
  REASON_NODE_NAME,
  UNJUDGED_CONSTRAINTS,
  type NodeDiagnosis,
  type PlacementDiagnosis,
  type PlacementInput,
  type PlacementNode,
  type PlacementPod,
} from './placement-types.js'
export { tolerationValidationErrors } from './toleration-validation.js'
