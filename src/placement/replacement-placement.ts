import { CompiledTolerations, type RuleOptions, type Toleration } from '../core/index.js'
import type { ClusterPod } from './cluster-pod.js'
import type { DisruptionBudget } from './disruption-budgets.js'
import type { NamespaceLabels } from './inter-pod-affinity.js'
import { diagnoseAndChoose, type Sample } from './placement-choice.js'
import { pickPreemptionNodes, type CandidateVictims } from './preemption-pick.js'
import type { Snapshot } from './snapshot.js'
import { releaseOf } from './kube-releases.js'
import type { NodeEviction } from './taint-toleration.js'
import type { PlacementDiagnosis, PlacementPod } from './types.js'
import { assumePodVolumes, type VolumeAssumption } from './volume-assumption.js'
import type { Workloads } from './workloads.js'

/**
 * One replacement placed on the snapshot as kube-scheduler's default profile places it: the
 * choice among the feasible nodes; when none is feasible and DefaultPreemption would nominate a
 * node, the node `pickOneNodeForPreemption` takes, the pod counted there at once (nominated,
 * it holds the node for the pods of no higher priority, and is bound once its victims are gone)
 * and its victims returned for the caller to delete: they terminate on the node for their grace
 * period, as any deleted pod does; otherwise it stays Pending with the FitError message explain
 * gives. The placed pod is added to the snapshot so that later placements count it.
 */

/**
 * What the placement of every replacement shares; the claims, volumes and classes read (null
 * when not read) with the volumes assumed bound to the replacements placed so far.
 */
export interface PlacementSurroundings extends VolumeAssumption {
  readonly snapshot: Snapshot
  readonly namespaces: NamespaceLabels
  readonly budgets: readonly DisruptionBudget[]
  readonly options: RuleOptions
  readonly workloads: Workloads | null
}

export interface PlacedReplacement {
  /** The node it is bound to; null when it stays Pending. */
  readonly node: string | null
  /** The nodes kube-scheduler picks among at random (the tied best, or preemption's ties). */
  readonly tiedNodes: readonly string[]
  readonly score: number | null
  /**
   * With more feasible nodes than kube-scheduler scores (over 100 nodes), how many it would
   * score: its pick may then lie outside `tiedNodes`; null when it scores every feasible node.
   */
  readonly sample: Sample | null
  /** The FailedScheduling message when it stays Pending; null when it lands. */
  readonly reason: string | null
  /** When Pending, the reason that turned away the most nodes (the first in order of ties). */
  readonly commonestReason: string | null
  /** The pods preemption deletes to make room (`namespace/name`). */
  readonly preempts: readonly string[]
  /** Those pods as they are in the snapshot, still there: the caller deletes them. */
  readonly victims: readonly ClusterPod[]
  /** The taint-eviction controller evicts it again from its node: the eviction loop. */
  readonly evictedAgain: NodeEviction | null
  /** The pod as bound, in the snapshot; null when Pending. */
  readonly bound: ClusterPod | null
  /**
   * What the judging could not read (explain's "Not judged" line): the volume plugins for a
   * claim the PV controller binds first, DRA for resource claims; none for most pods.
   */
  readonly notJudged: readonly string[]
}

/**
 * What kube-scheduler decides for a replacement, in names: placing the pod again on the same
 * snapshot takes it without judging every node again (follow-replay.ts).
 */
export type PlacementDecision = Omit<PlacedReplacement, 'victims' | 'bound'>

function bind(at: PlacementSurroundings, pod: PlacementPod, node: string): ClusterPod {
  const bound = { ...pod, nodeName: node }
  const info = at.snapshot.get(node)
  if (info !== undefined) assumePodVolumes(at, pod, info, releaseOf(at.options))
  at.snapshot.addPod(bound)
  return bound
}

function commonestReason(diagnosis: PlacementDiagnosis): string | null {
  const counts = new Map<string, number>()
  for (const node of diagnosis.nodes)
    for (const reason of node.reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1)
  let best: string | null = null
  for (const [reason, count] of [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    if (best === null || count > (counts.get(best) ?? 0)) best = reason
  return best ?? diagnosis.schedulingError
}

function evictionOn(diagnosis: PlacementDiagnosis, node: string): NodeEviction | null {
  return diagnosis.nodes.find((n) => n.name === node)?.eviction ?? null
}

/**
 * The node's pods the victims name, each pod taken once: a StatefulSet's new pod shares its name
 * with the old one, which may still be terminating on the node, and two pods of one name are two
 * victims, not one twice. Pods of one name on one node are one controller's, from one template:
 * either stands for the other.
 */
function podsNamed(names: readonly string[], pods: readonly ClusterPod[]): ClusterPod[] {
  const left = [...pods]
  return names.flatMap((name) => {
    const at = left.findIndex((p) => `${p.namespace}/${p.name}` === name)
    return at < 0 ? [] : left.splice(at, 1)
  })
}

/** Preemption's candidates with their victims as snapshot pods; empty when unknown. */
function candidatesOf(
  at: PlacementSurroundings,
  diagnosis: PlacementDiagnosis
): CandidateVictims[] {
  if (diagnosis.postFilter !== '') return []
  return diagnosis.preemptionCandidates.flatMap((candidate) => {
    const pods = at.snapshot.get(candidate.node)?.pods ?? []
    const victims = podsNamed(candidate.victims ?? [], pods)
    return candidate.victims === null ? [] : [{ candidate, victims }]
  })
}

function preempt(
  at: PlacementSurroundings,
  diagnosis: PlacementDiagnosis
): PlacementDecision | null {
  const picked = pickPreemptionNodes(candidatesOf(at, diagnosis))
  const first = picked[0]
  if (first === undefined) return null
  const node = first.candidate.node
  return {
    node,
    tiedNodes: picked.map((c) => c.candidate.node),
    score: null,
    sample: null,
    reason: null,
    commonestReason: null,
    preempts: first.victims.map((v) => `${v.namespace}/${v.name}`),
    evictedAgain: evictionOn(diagnosis, node),
    notJudged: diagnosis.notJudged,
  }
}

/** Where kube-scheduler's default profile places `pod` on the snapshot, which it leaves as is. */
export function decidePlacement(
  at: PlacementSurroundings,
  pod: PlacementPod,
  tolerations: readonly Toleration[]
): PlacementDecision {
  const none = {
    score: null,
    sample: null,
    preempts: [],
    evictedAgain: null,
    commonestReason: null,
    notJudged: [],
  }
  // A pod bound already is not scheduled (eventhandlers.go `assignedPod`): it runs where bound.
  if (pod.nodeName !== '')
    return { ...none, node: pod.nodeName, tiedNodes: [pod.nodeName], reason: null }
  const { diagnosis, choice, sample } = diagnoseAndChoose({
    pod,
    tolerations: new CompiledTolerations(tolerations, at.options),
    snapshot: at.snapshot,
    namespaces: at.namespaces,
    disruptionBudgets: at.budgets,
    nodeLabelsKnown: true,
    options: at.options,
    workloads: at.workloads,
    storage: at.storage,
  })
  const node = choice?.nodes[0]
  if (choice === null || node === undefined)
    return (
      preempt(at, diagnosis) ?? {
        ...none,
        node: null,
        tiedNodes: [],
        reason: diagnosis.summary,
        commonestReason: commonestReason(diagnosis),
        notJudged: diagnosis.notJudged,
      }
    )
  // kube-scheduler binds one of the tied nodes at random; the first stands for them in the
  // snapshot, so that later placements count the pod somewhere.
  return {
    ...none,
    node,
    tiedNodes: choice.nodes,
    score: choice.score,
    sample,
    reason: null,
    evictedAgain: evictionOn(diagnosis, node),
    notJudged: diagnosis.notJudged,
  }
}

/**
 * The decision carried out on the snapshot: the pod bound to its node, and its victims, the
 * node's pods it names (found before the pod is added), returned for the caller to delete.
 */
export function applyPlacement(
  at: PlacementSurroundings,
  pod: PlacementPod,
  decision: PlacementDecision
): PlacedReplacement {
  const { node, preempts } = decision
  if (node === null) return { ...decision, victims: [], bound: null }
  const victims =
    preempts.length === 0 ? [] : podsNamed(preempts, at.snapshot.get(node)?.pods ?? [])
  return { ...decision, victims, bound: bind(at, pod, node) }
}
