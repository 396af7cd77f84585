import type { CompiledNode } from '../core/index.js'
import type { CompiledTolerations } from '../core/index.js'
import type { DecidingTaint } from './taint-toleration.js'
import type { AffinityPod, NamespaceLabels } from './inter-pod-affinity.js'
import type { LabelledNode, NodeAffinitySpec } from './node-affinity.js'
import type { NominatedPod } from './nominated-pods.js'
import type { PostFilterPod } from './post-filter.js'
import type { PreemptionCandidate } from './preemption.js'
import type { RuleOptions } from '../core/index.js'

/** What the placement diagnosis (diagnosis.ts) reads and answers, and its names. */

export const PLUGIN_TAINT_TOLERATION = 'TaintToleration'
export const PLUGIN_NODE_AFFINITY = 'NodeAffinity'
export const PLUGIN_INTER_POD_AFFINITY = 'InterPodAffinity'

/** The default profile's other Filter plugins, none of which is judged here. */
export const UNJUDGED_CONSTRAINTS = [
  'resources (NodeResourcesFit)',
  'host ports (NodePorts)',
  'volumes (VolumeRestrictions, NodeVolumeLimits, VolumeBinding, VolumeZone)',
  'topology spread (PodTopologySpread)',
  'DRA (DynamicResources)',
] as const

/** The pod as the diagnosis reads it. */
export interface PlacementPod extends AffinityPod, PostFilterPod {
  readonly nodeAffinity: NodeAffinitySpec
}

export interface PlacementNode extends LabelledNode {
  readonly compiled: CompiledNode
}

export interface PlacementInput {
  readonly pod: PlacementPod
  readonly tolerations: CompiledTolerations
  readonly nodes: readonly PlacementNode[]
  /** Pods bound to nodes (terminal ones left out); null when unknown: InterPodAffinity unjudged. */
  readonly placedPods: readonly AffinityPod[] | null
  /** Pods not bound yet with `status.nominatedNodeName` set (unfinished); none when absent. */
  readonly nominatedPods?: readonly NominatedPod[]
  readonly namespaces: NamespaceLabels
  /** False when node labels are unknown (names-only requests): NodeAffinity unjudged. */
  readonly nodeLabelsKnown: boolean
  readonly options: RuleOptions
}

export type NodeVerdict = 'fits' | 'rejected' | 'cordoned'

export interface NodeDiagnosis {
  readonly name: string
  readonly verdict: NodeVerdict
  /** The plugin that rejected the node (at PreFilter or Filter); null when it fits. */
  readonly plugin: string | null
  readonly reason: string | null
  /** UnschedulableAndUnresolvable: preemption cannot help on this node. */
  readonly unresolvable: boolean
  /** What decided: the label, expression, taint, or pod and term; "" when it fits. */
  readonly detail: string
  readonly decidingTaints: readonly DecidingTaint[]
  readonly untoleratedPreferNoSchedule: number
  /** TaintToleration's score on the extender's 0–10 scale over the feasible nodes. */
  readonly score: number | null
  /** Sum of the matching preferred node affinity terms' weights. */
  readonly nodeAffinityWeight: number
  /** NodeAffinity's normalised score (0–100) over the feasible nodes. */
  readonly nodeAffinityScore: number | null
}

export interface PlacementDiagnosis {
  readonly nodes: readonly NodeDiagnosis[]
  readonly available: number
  readonly total: number
  /** FailedScheduling's message: FitError.Error, with the PostFilter part when it is known. */
  readonly summary: string
  /**
   * The PostFilter part of the message: "" when preemption nominates a node (nothing is
   * appended); null when the pod fits, or when the part is not known.
   */
  readonly postFilter: string | null
  /** The nodes where evicting lower-priority pods makes room (DefaultPreemption's candidates). */
  readonly preemptionCandidates: readonly PreemptionCandidate[]
  /**
   * The error that ends the scheduling cycle before a node is chosen (then also the summary);
   * null when there is none.
   */
  readonly schedulingError: string | null
  /** The PreFilter message when PreFilter rejected the pod outright; null otherwise. */
  readonly preFilterRejection: string | null
  readonly notJudged: readonly string[]
}

/** A node turned away at PreFilter or Filter: by which plugin, why, and what decided. */
export interface Rejection {
  readonly plugin: string
  readonly reason: string
  readonly unresolvable: boolean
  readonly detail: string
}
