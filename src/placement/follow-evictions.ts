import type { RuleOptions } from '../core/index.js'
import { BudgetBreaks, type BudgetOutcome } from './budget-breaks.js'
import type { ClusterPod } from './cluster-pod.js'
import type { DisruptionBudget } from './disruption-budgets.js'
import type { PlannedEviction } from './eviction-plan.js'
import type { NamespaceLabels } from './inter-pod-affinity.js'
import { podsAsReleaseKeeps, releaseOf } from './kube-releases.js'
import type { PlacementNode } from './placement-node.js'
import {
  placeReplacement,
  type PlacedReplacement,
  type PlacementSurroundings,
} from './replacement-placement.js'
import type { Replacement } from './replacement.js'
import { Snapshot } from './snapshot.js'
import { DEFAULT_GRACE_SECONDS, TerminatingPods } from './terminating-pods.js'
import type { Workloads } from './workloads.js'

/**
 * What a taint's or a drain's evictions do next, on kube-scheduler's snapshot: one eviction at a
 * time, in the order they happen, the pod is taken off its node (terminating-pods.ts says how
 * long it holds it), its owner's replacement is placed as the default profile places it
 * (replacement-placement.ts) and added to the snapshot, so that later placements count it; and
 * the PodDisruptionBudgets the evictions break, and when (budget-breaks.ts). Pure: the caller
 * reads the cluster and plans the evictions (taint-evictions.ts for a taint).
 */

/** Who replaces an evicted pod (replacement.ts `replacementFor`, the node's taints given). */
export type ReplacementOf = (pod: ClusterPod) => Replacement

export interface FollowInput {
  /** The nodes as they are once changed: the new taint applied, or cordoned. */
  readonly nodes: readonly PlacementNode[]
  /** The unfinished pods bound to them; the planned evictions' pods are among them. */
  readonly pods: readonly ClusterPod[]
  /** The evictions in the order they happen; those with `afterSeconds` null never happen. */
  readonly evictions: readonly PlannedEviction[]
  readonly replacementOf: ReplacementOf
  readonly namespaces: NamespaceLabels
  /** PodDisruptionBudgets; empty when none were read. */
  readonly disruptionBudgets: readonly DisruptionBudget[]
  /** The rules, with `evictingNodes` as the extender is run (`--evicting-nodes`). */
  readonly options: RuleOptions
  /** The Services and controllers, for PodTopologySpread's default constraints; null: unread. */
  readonly workloads?: Workloads | null
}

export interface FollowedReplacement extends Omit<PlacedReplacement, 'bound'> {
  /** The new pod's name. */
  readonly name: string
  /** Seconds after the taint or the drain's start when the new pod is made. */
  readonly createdAfterSeconds: number
}

export interface FollowedEviction extends PlannedEviction {
  /** The owner as an operator names it (a ReplicaSet's Deployment); null for a bare pod. */
  readonly owner: Replacement['owner']
  /** The new pod and where it goes; null when nothing recreates the pod or it is not evicted. */
  readonly replacement: FollowedReplacement | null
  /** Why nothing recreates the pod, or why that is not known; null when something does. */
  readonly notReplaced: string | null
}

export interface EvictionFollowUp {
  readonly evictions: readonly FollowedEviction[]
  /** Every budget that selects an evicted pod counted healthy, broken or not. */
  readonly budgets: readonly BudgetOutcome[]
}

/** The grace period the pod's deletion keeps it for (the API server's default when unset). */
function graceOf(pod: ClusterPod): number {
  return pod.gracePeriodSeconds ?? DEFAULT_GRACE_SECONDS
}

export function followEvictions(input: FollowInput): EvictionFollowUp {
  const release = releaseOf(input.options)
  const snapshot = Snapshot.build(input.nodes, podsAsReleaseKeeps(input.pods, release))
  const at: PlacementSurroundings = {
    snapshot,
    namespaces: input.namespaces,
    budgets: input.disruptionBudgets,
    options: input.options,
    workloads: input.workloads ?? null,
  }
  const budgets = new BudgetBreaks(input.disruptionBudgets)
  const terminating = new TerminatingPods(snapshot)
  return {
    evictions: input.evictions.map((eviction) =>
      followOne(at, eviction, input.replacementOf, { budgets, terminating })
    ),
    budgets: budgets.outcomes(),
  }
}

interface Clocks {
  readonly budgets: BudgetBreaks
  readonly terminating: TerminatingPods
}

function followOne(
  at: PlacementSurroundings,
  eviction: PlannedEviction,
  replacementOf: ReplacementOf,
  { budgets, terminating }: Clocks
): FollowedEviction {
  const seconds = eviction.afterSeconds
  const { pod } = eviction
  if (seconds === null)
    return { ...eviction, owner: pod.controller ?? null, replacement: null, notReplaced: null }
  terminating.goneBy(seconds)
  budgets.evicted(pod, seconds)
  terminating.evict(pod, seconds, graceOf(pod))
  const replacement = replacementOf(pod)
  const { owner } = replacement
  const made = replacement.pod
  if (replacement.outcome !== 'recreated' || made === null)
    return { ...eviction, owner, replacement: null, notReplaced: replacement.reason }
  const createdAfterSeconds = seconds + (replacement.afterSeconds ?? 0)
  terminating.goneBy(createdAfterSeconds)
  if (replacement.waitsForOldPod) terminating.gone(pod)
  // The API server gives the new pod the priority of its class, the template's as the old
  // pod's was (admission `Priority`): the old pod's stands for it where the template has none.
  const withPriority = made.priority === null ? { ...made, priority: pod.priority } : made
  const { bound, ...placed } = placeReplacement(at, withPriority, replacement.tolerations)
  if (bound !== null) budgets.landed(bound, createdAfterSeconds)
  return {
    ...eviction,
    owner,
    replacement: { name: made.name, createdAfterSeconds, ...placed },
    notReplaced: null,
  }
}
