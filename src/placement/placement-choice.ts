import { diagnoseInSnapshot, withReleaseFields } from './diagnosis.js'
import { nodeAffinityPreFilterNames } from './node-affinity.js'
import type { NodeInfo } from './node-info.js'
import { numFeasibleNodesToFind, prioritizeNodes, tiedBest, type NodeScore } from './scoring.js'
import type { PlacementDiagnosis, SnapshotInput } from './types.js'

/**
 * Where kube-scheduler would place one pod (schedule_one.go `schedulePod`): the diagnosis; with
 * no feasible node, no choice; with the pod's nominated node feasible, that node; with one
 * feasible node, that node, chosen without scoring; with more, the scores (scoring.ts) and the
 * nodes tied at the highest total, one of which `selectHost` picks at random.
 */

/** The node kube-scheduler would pick, or one of the tied best it picks among. */
export interface Choice {
  /** The tied best, in the snapshot's node order. */
  readonly nodes: readonly string[]
  /** Their total; null when one node was feasible and chosen without scoring. */
  readonly score: number | null
  /**
   * The pod's nominated node (`status.nominatedNodeName`), tried alone before the others and
   * feasible, so chosen without scoring (`findNodesThatFitPod`, `evaluateNominatedNode`).
   */
  readonly nominated: boolean
}

/** How many of the feasible nodes kube-scheduler scores when there are more than it looks for. */
export interface Sample {
  /** `numFeasibleNodesToFind`: the feasible nodes it finds, then scores. */
  readonly scored: number
  readonly feasible: number
}

export interface PlacementChoice {
  readonly diagnosis: PlacementDiagnosis
  /** null when the pod fits nowhere or the cycle fails (the diagnosis says why). */
  readonly choice: Choice | null
  /** Every feasible node's scores, in node order; empty when fewer than two were feasible. */
  readonly scores: readonly NodeScore[]
  /** The plugins not scored, with why. */
  readonly notScored: readonly string[]
  /**
   * With more feasible nodes than kube-scheduler looks for, it scores a rotating share of them
   * and its pick may not be among these tied best; null when it scores every feasible node.
   */
  readonly sample: Sample | null
}

/** The nodes Filter runs on: those a `metadata.name` node affinity names, else every node. */
function candidateCount(input: SnapshotInput): number {
  const names = input.nodeLabelsKnown ? nodeAffinityPreFilterNames(input.pod.nodeAffinity) : null
  if (names === null) return input.snapshot.nodes.length
  return input.snapshot.nodes.filter((n) => names.has(n.name)).length
}

/**
 * The pod's nominated node when it is feasible: findNodesThatFitPod tries it alone after PreFilter
 * and, when it passes every filter, takes it as the only feasible node, the others never
 * filtered nor scored (schedule_one.go `evaluateNominatedNode`; so in v1.35 too). Its filters are
 * those the diagnosis ran on it, nominated pods counted alike; a name the snapshot lacks is
 * passed over, as `nodeInfoSnapshot.Get`'s error is only logged.
 */
function feasibleNominatedNode(input: SnapshotInput, feasible: readonly NodeInfo[]): string | null {
  const name = input.pod.nominatedNodeName
  if (name === '') return null
  const info = input.snapshot.get(name)
  return info !== undefined && feasible.includes(info) ? name : null
}

/** The diagnosis of one pod over a snapshot and the node kube-scheduler would choose. */
export function diagnoseAndChoose(asGiven: SnapshotInput): PlacementChoice {
  const diagnosis = diagnoseInSnapshot(asGiven)
  const none = { diagnosis, choice: null, scores: [], notScored: [], sample: null }
  if (diagnosis.schedulingError !== null || diagnosis.available === 0) return none
  const feasibleAt = diagnosis.nodes.flatMap((n, i) => (n.verdict === 'fits' ? [i] : []))
  const infos = asGiven.snapshot.nodeInfoList
  const feasible = feasibleAt.map((i) => infos[i] as NodeInfo)
  const nominated = feasibleNominatedNode(asGiven, feasible)
  if (nominated !== null)
    return { ...none, choice: { nodes: [nominated], score: null, nominated: true } }
  if (feasible.length === 1)
    return { ...none, choice: { nodes: [feasible[0]?.name ?? ''], score: null, nominated: false } }
  const avoid = asGiven.options.evictingNodes === 'avoid'
  const extender = avoid ? feasibleAt.map((i) => diagnosis.nodes[i]?.extenderScore ?? 0) : null
  const input = withReleaseFields(asGiven)
  const prioritized = prioritizeNodes(input, feasible, extender)
  if (prioritized.error !== null) {
    const failed = { ...diagnosis, summary: prioritized.error, schedulingError: prioritized.error }
    return { ...none, diagnosis: failed, notScored: prioritized.notJudged }
  }
  const best = tiedBest(prioritized.nodes)
  const toFind = numFeasibleNodesToFind(candidateCount(input))
  return {
    diagnosis,
    choice: best === null ? null : { nodes: best.names, score: best.total, nominated: false },
    scores: prioritized.nodes,
    notScored: prioritized.notJudged,
    sample: feasible.length > toFind ? { scored: toFind, feasible: feasible.length } : null,
  }
}
