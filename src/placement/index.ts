export {
  explainPlacement,
  type Comparison,
  type DecidingTaint,
  type NodeEviction,
  type NodeExplanation,
  type PlacementExplanation,
  type Verdict,
} from './taint-toleration.js'
export { NO_NODES_AVAILABLE, summarizeAvailability } from './fit-error.js'
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
  runFilters,
  type FilterVerdict,
  type NominatedPod,
} from './nominated-pods.js'
export type { FilterPlugin, PreFilterResult } from './framework.js'
export { CycleState, type StateData } from './cycle-state.js'
export { NodeInfo } from './node-info.js'
export type { ImageStateSummary } from './image-states.js'
export type { NodeImage } from './placement-node.js'
export { Snapshot } from './snapshot.js'
export { buildProfile, type Profile } from './profile.js'
export type { ClusterPod, HostPort } from './cluster-pod.js'
export { isFinishedPod } from './cluster-pod.js'
export {
  NO_RESOURCES,
  podRequests,
  type ContainerResources,
  type PodResources,
  type ResourceList,
} from './pod-requests.js'
export { parseQuantity } from './quantity.js'
export { PLUGIN_NODE_PORTS, REASON_NODE_PORTS } from './node-ports.js'
export { PLUGIN_NODE_RESOURCES_FIT } from './node-resources-fit.js'
export type { DisruptionBudget } from './disruption-budgets.js'
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
export { diagnoseInSnapshot, diagnosePlacement } from './diagnosis.js'
export {
  REASON_NO_VICTIMS,
  REASON_PREEMPTION_NOT_HELPFUL,
  type PreemptionCandidate,
} from './preemption.js'
export { PLUGIN_NODE_NAME, REASON_NODE_NAME } from './node-name.js'
export { PLUGIN_NODE_UNSCHEDULABLE } from './node-unschedulable.js'
export {
  PLUGIN_SCHEDULING_GATES,
  schedulingGateValidationErrors,
  schedulingGatesRejection,
} from './scheduling-gates.js'
export {
  DEFAULT_SCHEDULER_NAME,
  isDefaultProfilePod,
  otherSchedulerOf,
  schedulerNameOf,
} from './scheduler-name.js'
export { PLUGIN_EXTENDER } from './extender-rule.js'
export {
  UNJUDGED_CONSTRAINTS,
  type NodeDiagnosis,
  type PlacementDiagnosis,
  type PlacementInput,
  type PlacementNode,
  type PlacementPod,
  type PodPlacementInput,
  type PodVolumeClaim,
  type SnapshotInput,
} from './types.js'
export {
  PLUGIN_POD_TOPOLOGY_SPREAD,
  PodTopologySpread,
  REASON_TOPOLOGY_SPREAD,
  REASON_TOPOLOGY_SPREAD_MISSING_LABEL,
  type PodTopologySpreadInput,
  type SpreadPlacedPod,
  type SpreadRejection,
} from './pod-topology-spread.js'
export type {
  IgnoredConstraint,
  SpreadCountedPod,
  SpreadNode,
  SpreadPod,
  TopologySpreadConstraint,
} from './pod-topology-spread-constraints.js'
export { tolerationValidationErrors } from './toleration-validation.js'
export { podsAsReleaseKeeps } from './kube-releases.js'
export type {
  ControllerReference,
  EphemeralClaimTemplate,
  WeightedPodAffinityTerm,
} from './cluster-pod.js'
export type { PreScore, PreScoreResult, ScorePlugin } from './score-framework.js'
export type { JobFacts, ServiceSelector, Workload, WorkloadKind, Workloads } from './workloads.js'
export type { PlannedEviction } from './eviction-plan.js'
export { filterDrainPod, type DrainFlags, type DrainVerdict } from './drain-filters.js'
export { EvictionBudgets, type EvictionAnswer } from './eviction-api.js'
export { planDrain } from './drain-plan.js'
export type {
  DrainedPod,
  DrainedPodState,
  DrainInput,
  DrainNode,
  DrainPlan,
  NodeDrain,
  NodeDrainState,
  PodGroup,
} from './drain-types.js'
export { goDuration, type Landing } from './drain-timeline.js'
export {
  followEvictions,
  type EvictionFollowUp,
  type FollowedEviction,
  type FollowedReplacement,
  type FollowInput,
  type ReplacementOf,
} from './follow-evictions.js'
export { FollowReplay } from './follow-replay.js'
export type { PlacementDecision } from './replacement-placement.js'
export { queueOrder, type PendingPlacement, type PendingPod } from './pending-placements.js'
export { newDaemonPods, type ChangedNode } from './daemon-pods.js'
export type { BudgetOutcome } from './budget-breaks.js'
export { planTaintEvictions, type TolerantPod } from './taint-evictions.js'
export { DEFAULT_GRACE_SECONDS } from './terminating-pods.js'
export {
  diagnoseAndChoose,
  type Choice,
  type PlacementChoice,
  type Sample,
} from './placement-choice.js'
export {
  EXTENDER_WEIGHT,
  numFeasibleNodesToFind,
  prioritizeNodes,
  tiedBest,
  type NodeScore,
  type PluginScore,
  type Prioritized,
} from './scoring.js'
export { DEFAULT_SCORE_PLUGINS } from './score-plugins.js'
export {
  replacementFor,
  type Replacement,
  type ReplacementNode,
  type ReplacementOutcome,
  type ReplacementOwner,
} from './replacement.js'
export { NEW_POD_SUFFIX } from './replacement-pod.js'
export { WorkloadIndex } from './workload-index.js'
export { volumesNotJudged } from './volume-plugins.js'
export {
  volumeStorage,
  type AttachFacts,
  type CapacityFacts,
  type ClaimFacts,
  type CsiDriverFacts,
  type CsiNodeFacts,
  type CsiVolumeSource,
  type PersistentVolumeFacts,
  type StorageCapacityFacts,
  type StorageClassFacts,
  type TopologySelectorTerm,
  type VolumeAttachmentFacts,
  type VolumeBindingFacts,
  type VolumeStorage,
} from './volume-storage.js'
