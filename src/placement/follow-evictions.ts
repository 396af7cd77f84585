import type { RuleOptions } from '../core/index.js'
import { BudgetBreaks, type BudgetOutcome } from './budget-breaks.js'
import type { ClusterPod } from './cluster-pod.js'
import type { DisruptionBudget } from './disruption-budgets.js'
import type { PlannedEviction } from './eviction-plan.js'
import type { NamespaceLabels } from './inter-pod-affinity.js'
import { podsAsReleaseKeeps, releaseOf } from './kube-releases.js'
import type { PlacementNode } from './placement-node.js'
import type { VolumeStorage } from './volume-storage.js'
import { FollowReplay } from './follow-replay.js'
import {
  applyPlacement,
  decidePlacement,
  type PlacedReplacement,
  type PlacementSurroundings,
} from './replacement-placement.js'
import type { Replacement } from './replacement.js'
import { MadePods, NewPodNames, type Cause, type MadePod } from './made-pods.js'
import { placePendingPod, type PendingPlacement, type PendingPod } from './pending-placements.js'
import { Snapshot } from './snapshot.js'
import { assumingVolumes } from './volume-assumption.js'
import { DEFAULT_GRACE_SECONDS, TerminatingPods } from './terminating-pods.js'
import type { Workloads } from './workloads.js'

/**
 * What a taint's or a drain's evictions do next, on kube-scheduler's snapshot: one eviction at a
 * time, in the order they happen, the pod is taken off its node (terminating-pods.ts says how
 * long it holds it); its owner's replacement is placed as the default profile places it
 * (replacement-placement.ts) when the owner makes it, among the evictions, and added to the
 * snapshot, so that later placements count it; and
 * the PodDisruptionBudgets the evictions break, and when (budget-breaks.ts). A replacement that
 * lands only by preemption deletes its victims then, as kube-scheduler's `prepareCandidate` does
 * through `util.DeletePod` (a graceful delete, no Eviction API): each victim is followed as an
 * evicted pod is, counted against its budgets and its own replacement placed in turn, which may
 * preempt others. The chain ends: a pod is followed once (by namespace, name and uid), and a
 * victim's priority is below its preemptor's. Pure: the caller reads the cluster and plans the
 * evictions (taint-evictions.ts for a taint).
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
  /** The claims, volumes and classes, for the volume plugins; null or absent: unread. */
  readonly storage?: VolumeStorage | null
  /** Pods already pending, placed first in the order given (pending-placements.ts); none: none. */
  readonly pending?: readonly PendingPod[]
  /**
   * The snapshot and the decisions of the previous follow-up of the same cluster (nodes, pods,
   * namespaces, budgets, options and workloads), taken where this one comes the same way; this
   * one's are kept for the next.
   */
  readonly replay?: FollowReplay
}

export interface FollowedReplacement extends Omit<PlacedReplacement, 'bound' | 'victims'> {
  /** The new pod's name. */
  readonly name: string
  /** Seconds after the taint or the drain's start when the new pod is made. */
  readonly createdAfterSeconds: number
}

const EVICTED: Cause = { cause: 'evicted', preemptedBy: null }

export interface FollowedEviction extends PlannedEviction, Cause {
  /** The owner as an operator names it (a ReplicaSet's Deployment); null for a bare pod. */
  readonly owner: Replacement['owner']
  /** The new pod and where it goes; null when nothing recreates the pod or it is not evicted. */
  readonly replacement: FollowedReplacement | null
  /** Why nothing recreates the pod, or why that is not known; null when something does. */
  readonly notReplaced: string | null
}

export interface EvictionFollowUp {
  /** Where each pending pod asked for goes, in the order placed; none unless asked for. */
  readonly pending: readonly PendingPlacement[]
  readonly evictions: readonly FollowedEviction[]
  /** Every budget that selects an evicted pod counted healthy, broken or not. */
  readonly budgets: readonly BudgetOutcome[]
}

export function followEvictions(input: FollowInput): EvictionFollowUp {
  const release = releaseOf(input.options)
  const replay = input.replay ?? new FollowReplay()
  const snapshot = replay.begin(() =>
    Snapshot.build(input.nodes, podsAsReleaseKeeps(input.pods, release))
  )
  const at: PlacementSurroundings = {
    snapshot,
    namespaces: input.namespaces,
    budgets: input.disruptionBudgets,
    options: input.options,
    workloads: input.workloads ?? null,
    ...assumingVolumes(input.storage ?? null),
  }
  const state: FollowState = {
    budgets: new BudgetBreaks(input.disruptionBudgets),
    terminating: new TerminatingPods(snapshot),
    names: new NewPodNames(),
    replay,
  }
  const followed: FollowedEviction[] = []
  const made = new MadePods()
  let nextIndex = input.evictions.length
  const gone = new Map<string, Cause & { readonly at: number }>()
  const follow = (eviction: PlannedEviction, index: number, cause: Cause): void => {
    if (eviction.afterSeconds !== null)
      gone.set(keyOf(eviction.pod), { ...cause, at: eviction.afterSeconds })
    const outcome = evictOne(eviction, input.replacementOf, state, cause)
    if ('createdAfterSeconds' in outcome) made.add({ ...outcome, index })
    else followed[index] = outcome
  }
  // kube-scheduler places a new pod when its controller makes it, so replacements go in the
  // order they are made, among the evictions: a Job's, made after its back-off, after the
  // ReplicaSets' made at the next eviction. One made at an eviction's second goes after it, as
  // a controller makes it a few milliseconds after the deletion it sees.
  // The pods a preemption deletes, followed as evicted pods, each once.
  const preempted = (victims: readonly ClusterPod[], seconds: number, by: string | null): void => {
    const cause: Cause = { cause: 'preempted', preemptedBy: by }
    for (const pod of victims.filter((v) => !gone.has(keyOf(v))))
      follow({ pod, afterSeconds: seconds, blockedBy: null }, nextIndex++, cause)
  }
  const placeMadeBefore = (seconds: number | null): void => {
    for (let next = made.takeBefore(seconds); next !== undefined; next = made.takeBefore(seconds)) {
      const { entry, victims } = placeOne(at, next, state)
      followed[next.index] = entry
      preempted(victims, next.createdAfterSeconds, entry.replacement?.name ?? null)
    }
  }
  const pending = (input.pending ?? []).map((pendingPod) => {
    const { placement, victims } = placePendingPod(at, pendingPod, state.replay, state.budgets)
    preempted(victims, 0, pendingPod.pod.name)
    return placement
  })
  input.evictions.forEach((eviction, index) => {
    if (eviction.afterSeconds !== null) placeMadeBefore(eviction.afterSeconds)
    const earlier = gone.get(keyOf(eviction.pod))
    if (earlier === undefined || eviction.afterSeconds === null) follow(eviction, index, EVICTED)
    else followed[index] = goneBefore(eviction, earlier)
  })
  placeMadeBefore(null)
  return { pending, evictions: followed, budgets: state.budgets.outcomes() }
}

/** A pod as the follow-up tells pods apart: a StatefulSet's new pod keeps the name, not the uid. */
function keyOf(pod: ClusterPod): string {
  return `${pod.namespace}/${pod.name}/${pod.uid ?? ''}`
}

/** A planned eviction of a pod preempted before it: nothing is left to evict. */
function goneBefore(eviction: PlannedEviction, earlier: Cause & { at: number }): FollowedEviction {
  const { pod } = eviction
  return {
    ...eviction,
    ...EVICTED,
    afterSeconds: null,
    owner: pod.controller ?? null,
    replacement: null,
    notReplaced: `preempted at +${earlier.at} s by ${earlier.preemptedBy ?? ''} (its own row)`,
  }
}

/** What one follow-up keeps and changes as it goes, beside the snapshot. */
interface FollowState {
  readonly budgets: BudgetBreaks
  readonly terminating: TerminatingPods
  readonly names: NewPodNames
  readonly replay: FollowReplay
}

/** The eviction itself: the pod terminating on its node; what replaces it, to place later. */
function evictOne(
  eviction: PlannedEviction,
  replacementOf: ReplacementOf,
  { budgets, terminating, replay }: FollowState,
  cause: Cause
): FollowedEviction | Omit<MadePod, 'index'> {
  const seconds = eviction.afterSeconds
  const { pod } = eviction
  const base = { ...eviction, ...cause }
  if (seconds === null)
    return { ...base, owner: pod.controller ?? null, replacement: null, notReplaced: null }
  replay.step(`evict ${keyOf(pod)} at ${seconds}`)
  terminating.goneBy(seconds)
  budgets.evicted(pod, seconds)
  // The grace period the deletion keeps it for: the API server's default when unset.
  terminating.evict(pod, seconds, pod.gracePeriodSeconds ?? DEFAULT_GRACE_SECONDS)
  const replacement = replacementOf(pod)
  const { owner } = replacement
  const made = replacement.pod
  if (replacement.outcome !== 'recreated' || made === null)
    return { ...base, owner, replacement: null, notReplaced: replacement.reason }
  return {
    cause,
    eviction: { ...eviction, afterSeconds: seconds },
    replacement: { ...replacement, pod: made },
    createdAfterSeconds: seconds + (replacement.afterSeconds ?? 0),
  }
}

/**
 * A replacement placed as the default profile places it, when its controller makes it; with
 * the pods its preemption deletes, if any.
 */
function placeOne(
  at: PlacementSurroundings,
  { eviction, replacement, createdAfterSeconds, cause, index }: MadePod,
  { budgets, terminating, names, replay }: FollowState
): { entry: FollowedEviction; victims: readonly ClusterPod[] } {
  const { pod } = eviction
  const made = replacement.pod
  terminating.goneBy(createdAfterSeconds)
  if (replacement.waitsForOldPod) terminating.gone(pod)
  // The API server gives the new pod the priority of its class, the template's as the old
  // pod's was (admission `Priority`): the old pod's stands for it where the template has none.
  // It gives it a name and a uid too: the forecast's own (NewPodNames, and the uid because a
  // StatefulSet's new pod keeps the old one's name), so that a later preemption of it is
  // followed and named.
  const name = names.next(made.name)
  const newPod = { ...made, name, priority: made.priority ?? pod.priority, uid: `<new ${index}>` }
  const decision = replay.placement(
    `place ${index} ${made.name} for ${keyOf(pod)} at ${createdAfterSeconds}`,
    () => decidePlacement(at, newPod, replacement.tolerations)
  )
  const { bound, victims, ...placed } = applyPlacement(at, newPod, decision)
  if (bound !== null) budgets.landed(bound, createdAfterSeconds)
  const entry = {
    ...eviction,
    ...cause,
    owner: replacement.owner,
    replacement: { name, createdAfterSeconds, ...placed },
    notReplaced: null,
  }
  return { entry, victims }
}
