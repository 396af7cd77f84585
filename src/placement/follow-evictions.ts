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
import type { PlacementPod } from './placement-pod.js'

/**
 * What a taint's or a drain's evictions do next, on kube-scheduler's snapshot: one eviction at a
 * time, in the order they happen, the pod is taken off its node (terminating-pods.ts says how
 * long it holds it); its owner's replacement is placed as the default profile places it
 * (replacement-placement.ts) when the owner makes it, among the evictions, and added to the
 * snapshot, so that later placements count it; and
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
  const clocks: Clocks = {
    budgets: new BudgetBreaks(input.disruptionBudgets),
    terminating: new TerminatingPods(snapshot),
  }
  const followed: FollowedEviction[] = []
  const made = new MadePods()
  // kube-scheduler places a new pod when its controller makes it, so replacements go in the
  // order they are made, among the evictions: a Job's, made after its back-off, after the
  // ReplicaSets' made at the next eviction. One made at an eviction's second goes after it, as
  // a controller makes it a few milliseconds after the deletion it sees.
  const placeMadeBefore = (seconds: number | null): void => {
    for (const next of made.takeBefore(seconds)) followed[next.index] = placeOne(at, next, clocks)
  }
  input.evictions.forEach((eviction, index) => {
    if (eviction.afterSeconds !== null) placeMadeBefore(eviction.afterSeconds)
    const outcome = evictOne(eviction, input.replacementOf, clocks)
    if ('createdAfterSeconds' in outcome) made.add({ ...outcome, index })
    else followed[index] = outcome
  })
  placeMadeBefore(null)
  return { evictions: followed, budgets: clocks.budgets.outcomes() }
}

interface Clocks {
  readonly budgets: BudgetBreaks
  readonly terminating: TerminatingPods
}

/** A replacement its controller makes at `createdAfterSeconds`, not placed yet. */
interface MadePod {
  readonly index: number
  readonly eviction: PlannedEviction & { readonly afterSeconds: number }
  readonly replacement: Replacement & { readonly pod: PlacementPod }
  readonly createdAfterSeconds: number
}

/** The replacements made and not placed yet, in the order they are made (ties as evicted). */
class MadePods {
  readonly #pods: MadePod[] = []

  add(pod: MadePod): void {
    let at = this.#pods.length
    while (at > 0 && (this.#pods[at - 1] as MadePod).createdAfterSeconds > pod.createdAfterSeconds)
      at -= 1
    this.#pods.splice(at, 0, pod)
  }

  /** Those made before `seconds` (every one when null), taken off in the order they are made. */
  takeBefore(seconds: number | null): MadePod[] {
    let count = 0
    while (count < this.#pods.length) {
      const next = this.#pods[count] as MadePod
      if (seconds !== null && next.createdAfterSeconds >= seconds) break
      count += 1
    }
    return this.#pods.splice(0, count)
  }
}

/** The eviction itself: the pod terminating on its node; what replaces it, to place later. */
function evictOne(
  eviction: PlannedEviction,
  replacementOf: ReplacementOf,
  { budgets, terminating }: Clocks
): FollowedEviction | Omit<MadePod, 'index'> {
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
  return {
    eviction: { ...eviction, afterSeconds: seconds },
    replacement: { ...replacement, pod: made },
    createdAfterSeconds: seconds + (replacement.afterSeconds ?? 0),
  }
}

/** A replacement placed as the default profile places it, when its controller makes it. */
function placeOne(
  at: PlacementSurroundings,
  { eviction, replacement, createdAfterSeconds }: MadePod,
  { budgets, terminating }: Clocks
): FollowedEviction {
  const { pod } = eviction
  const made = replacement.pod
  terminating.goneBy(createdAfterSeconds)
  if (replacement.waitsForOldPod) terminating.gone(pod)
  // The API server gives the new pod the priority of its class, the template's as the old
  // pod's was (admission `Priority`): the old pod's stands for it where the template has none.
  const withPriority = made.priority === null ? { ...made, priority: pod.priority } : made
  const { bound, ...placed } = placeReplacement(at, withPriority, replacement.tolerations)
  if (bound !== null) budgets.landed(bound, createdAfterSeconds)
  return {
    ...eviction,
    owner: replacement.owner,
    replacement: { name: made.name, createdAfterSeconds, ...placed },
    notReplaced: null,
  }
}
