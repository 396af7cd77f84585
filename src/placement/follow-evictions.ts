import type { RuleOptions } from '../core/index.js'
import { BudgetBreaks, type BudgetOutcome } from './budget-breaks.js'
import type { ClusterPod } from './cluster-pod.js'
import type { DisruptionBudget } from './disruption-budgets.js'
import type { PlannedEviction } from './eviction-plan.js'
import type { NamespaceLabels } from './inter-pod-affinity.js'
import { podsAsReleaseKeeps, releaseOf } from './kube-releases.js'
import { feasibleNodesTied, type ChooseNode } from './node-choice.js'
import type { PlacementNode } from './placement-node.js'
import {
  placeReplacement,
  type PlacedReplacement,
  type PlacementSurroundings,
} from './replacement-placement.js'
import type { Replacement, ReplacementOf } from './replacement-source.js'
import { Snapshot } from './snapshot.js'
import { TerminatingPods } from './terminating-pods.js'
import type { Workloads } from './workloads.js'

/**
 * What a taint's or a drain's evictions do next, on kube-scheduler's snapshot: one eviction at a
 * time, in the order they happen, the pod is taken off its node (terminating-pods.ts says how
 * long it holds it), its owner's replacement is placed as the default profile places it
 * (replacement-placement.ts) and added to the snapshot, so that later placements count it; and
 * the PodDisruptionBudgets the evictions break, and when (budget-breaks.ts). Pure: the caller
 * reads the cluster and plans the evictions (taint-evictions.ts for a taint).
 */

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
  readonly workloads?: Workloads | null
  /** Where a pod lands; every feasible node tied when not given. */
  readonly choose?: ChooseNode
}

export interface FollowedReplacement extends Omit<PlacedReplacement, 'bound'> {
  readonly owner: Replacement['owner']
  /** The new pod's name; null when the owner makes none (`reason` says why). */
  readonly name: string | null
  /** Seconds after the taint or the drain's start when the new pod is made. */
  readonly createdAfterSeconds: number
  readonly note: string | null
}

export interface FollowedEviction extends PlannedEviction {
  /** What recreates the pod and where it goes; null when nothing does (a bare pod). */
  readonly replacement: FollowedReplacement | null
}

export interface EvictionFollowUp {
  readonly evictions: readonly FollowedEviction[]
  /** Every budget that selects an evicted pod counted healthy, broken or not. */
  readonly budgets: readonly BudgetOutcome[]
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
    choose: input.choose ?? feasibleNodesTied,
  }
  const budgets = new BudgetBreaks(input.disruptionBudgets)
  const terminating = new TerminatingPods(snapshot)
  const evictions = input.evictions.map((eviction): FollowedEviction => {
    const seconds = eviction.afterSeconds
    if (seconds === null) return { ...eviction, replacement: null }
    terminating.goneBy(seconds)
    budgets.evicted(eviction.pod, seconds)
    const replacement = input.replacementOf(eviction.pod)
    terminating.evict(eviction.pod, seconds, replacement?.waitsForOldPod ?? false)
    if (replacement === null) return { ...eviction, replacement: null }
    const followed = follow(at, replacement, seconds, terminating)
    if (followed.bound !== null) budgets.landed(followed.bound, followed.createdAfterSeconds)
    const { bound: _bound, ...shown } = followed
    return { ...eviction, replacement: shown }
  })
  return { evictions, budgets: budgets.outcomes() }
}

function follow(
  at: PlacementSurroundings,
  replacement: Replacement,
  evictedAt: number,
  terminating: TerminatingPods
): FollowedReplacement & { readonly bound: PlacedReplacement['bound'] } {
  const createdAfterSeconds = evictedAt + replacement.afterSeconds
  const made = { owner: replacement.owner, createdAfterSeconds, note: replacement.note }
  const { pod } = replacement
  if (pod === null)
    return {
      ...made,
      name: null,
      node: null,
      tiedNodes: [],
      score: null,
      reason: replacement.note,
      preempts: [],
      evictedAgain: null,
      bound: null,
    }
  terminating.goneBy(createdAfterSeconds)
  return { ...made, name: pod.name, ...placeReplacement(at, { ...replacement, pod }) }
}
