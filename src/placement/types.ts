import type { CompiledTolerations } from '../core/index.js'
import type { DecidingTaint, NodeEviction } from './taint-toleration.js'
import type { ClusterPod } from './cluster-pod.js'
import type { NamespaceLabels } from './inter-pod-affinity.js'
import type { DisruptionBudget } from './disruption-budgets.js'
import type { PlacementNode } from './placement-node.js'
import type { Snapshot } from './snapshot.js'
import type { Workloads } from './workloads.js'
import type { PlacementPod } from './placement-pod.js'
import type { VolumeStorage } from './volume-storage.js'
import type { NominatedPod } from './nominated-pods.js'
import type { PreemptionCandidate } from './preemption.js'
import type { RuleOptions } from '../core/index.js'

/** What the placement diagnosis (diagnosis.ts) reads and answers, and its names. */

export const PLUGIN_TAINT_TOLERATION = 'TaintToleration'
export const PLUGIN_NODE_AFFINITY = 'NodeAffinity'
export const PLUGIN_INTER_POD_AFFINITY = 'InterPodAffinity'

/** The default profile's Filter plugins whose input explain does not read. */
export const UNJUDGED_CONSTRAINTS = [
  'volumes (VolumeRestrictions, NodeVolumeLimits, VolumeBinding, VolumeZone)',
  'DRA (DynamicResources)',
] as const

export type { PodVolumeClaim } from './cluster-pod.js'
export type { PlacementPod } from './placement-pod.js'

/** What a diagnosis reads besides the cluster: the pod, its tolerations and its surroundings. */
export interface PodPlacementInput {
  readonly pod: PlacementPod
  readonly tolerations: CompiledTolerations
  /** Pods not bound yet with `status.nominatedNodeName` set (unfinished); none when absent. */
  readonly nominatedPods?: readonly NominatedPod[]
  readonly namespaces: NamespaceLabels
  /** PodDisruptionBudgets, for the victims preemption picks; null when unknown. */
  readonly disruptionBudgets?: readonly DisruptionBudget[] | null
  /**
   * Only whether preemption finds a candidate is asked, by a caller that reads the budgets when
   * it does and then judges again with them: the dry run stops at its first candidate.
   */
  readonly firstCandidateOnly?: boolean
  /**
   * The PersistentVolumeClaims and StorageClasses read, for the volume plugins' PreFilters;
   * null or absent when none were read: a pod whose volumes name claims is then not judged by them.
   */
  readonly storage?: VolumeStorage | null
  /** False when node labels are unknown (names-only requests): NodeAffinity unjudged. */
  readonly nodeLabelsKnown: boolean
  readonly options: RuleOptions
}

export interface PlacementInput extends PodPlacementInput {
  readonly nodes: readonly PlacementNode[]
  /** Pods bound to nodes (terminal ones left out); null when unknown: InterPodAffinity unjudged. */
  readonly placedPods: readonly ClusterPod[] | null
}

/** The diagnosis' input over a snapshot built once (snapshot.ts), which many pods may share. */
export interface SnapshotInput extends PodPlacementInput {
  readonly snapshot: Snapshot
  /** The Services and controllers read with the cluster; null when they were not read. */
  readonly workloads?: Workloads | null
}

export type NodeVerdict = 'fits' | 'rejected' | 'cordoned'

export interface NodeDiagnosis {
  readonly name: string
  readonly verdict: NodeVerdict
  /** The plugin that rejected the node (at PreFilter or Filter); null when it fits. */
  readonly plugin: string | null
  /** The rejecting status' reasons joined with ", "; null when it fits. */
  readonly reason: string | null
  /** The rejecting status' reasons, each counted in the summary (NodeResourcesFit may give several). */
  readonly reasons: readonly string[]
  /** UnschedulableAndUnresolvable: preemption cannot help on this node. */
  readonly unresolvable: boolean
  /** What decided: the label, expression, taint, or pod and term; "" when it fits. */
  readonly detail: string
  readonly decidingTaints: readonly DecidingTaint[]
  /**
   * The pod passes kube-scheduler's own taint rules here, but the taint-eviction controller would
   * evict it (when, and why); null when it would stay or does not pass them.
   */
  readonly eviction: NodeEviction | null
  readonly untoleratedPreferNoSchedule: number
  /** TaintToleration's score on the extender's 0–10 scale over the feasible nodes. */
  readonly score: number | null
  /**
   * With `--evicting-nodes=avoid`, this extender's prioritize score (0–10) over the feasible
   * nodes: 0 where the pod would be evicted, the taint score raised to at least 1 elsewhere
   * (src/core filter-and-score.ts `rankEvictingLowest`); null in the other modes.
   */
  readonly extenderScore: number | null
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
  /** The pod's topology spread constraints that never filter (ScheduleAnyway, cluster defaults). */
  readonly spreadIgnored: readonly string[]
}

export type { PlacementNode, Rejection } from './framework.js'
