import { summarizeAvailability } from './fit-error.js'
import { groupBy } from './group-by.js'
import { filterWithNominatedPods, nominatedPodsAdded } from './nominated-pods.js'
import { nodeRow, scoreFeasible } from './rows.js'
import { postFilterOutcome, type PostFilterOutcome } from './post-filter.js'
import { dryRunPreemption } from './preemption.js'
import { podsAsReleaseKeeps, releaseOf } from './kube-releases.js'
import { leftOut, preFilter, preFilterRejection, removePodFailure } from './pre-filter.js'
import { buildProfile, type Profile } from './profile.js'
import { spreadScoreNotJudged } from './pod-topology-spread-score.js'
import { Snapshot } from './snapshot.js'
import {
  type PlacementDiagnosis,
  type PlacementInput,
  type PlacementNode,
  type Rejection,
  type SnapshotInput,
} from './types.js'

/**
 * kube-scheduler's diagnosis of one pod over a set of nodes, for the constraints this project
 * judges: PreFilter (pre-filter.ts: NodeAffinity narrowing to `metadata.name` fields, or
 * rejecting conflicting ones; the volume plugins turning the pod away for its claims), then the default profile's Filter plugins in order (profile.ts), with the nominated
 * pods (nominated-pods.ts), where a node's reasons are its first rejecting plugin's; then the FitError
 * summary (pkg/scheduler/framework types.go `FitError.Error`) and, where known, what PostFilter
 * appends to it (post-filter.ts).
 */

/** Diagnoses the pod over the nodes as kube-scheduler's default profile would. */
export function diagnosePlacement(input: PlacementInput): PlacementDiagnosis {
  const { nodes, placedPods, ...pod } = input
  const placed = placedPods && podsAsReleaseKeeps(placedPods, releaseOf(input.options))
  return diagnoseInSnapshot({ ...pod, snapshot: Snapshot.build(nodes, placed) })
}

/**
 * The diagnosis over a snapshot, which it reads and leaves as it was: many pods can be judged
 * against one snapshot built once.
 */
export function diagnoseInSnapshot(asGiven: SnapshotInput): PlacementDiagnosis {
  const input = withReleaseFields(asGiven)
  const profile = buildProfile(input)
  const pre = preFilter(input, profile)
  // The nominated pods by node, read once per pod rather than once per node.
  const nominated = groupBy(input.nominatedPods ?? [], (p) => p.nominatedNodeName)
  const rejected = preFilterRejection(pre, profile)
  const rejections = input.snapshot.nodeInfoList.map((info): Rejection | null => {
    const node = info.node
    if (rejected !== null) return rejected
    if (pre.names !== null && !pre.names.has(node.name)) return leftOut(pre, pre.names)
    const toNode = nominated.size === 0 ? undefined : nominated.get(node.name)
    const added = toNode === undefined ? [] : nominatedPodsAdded(input.pod, toNode, node)
    return filterWithNominatedPods(profile.filters, profile.state, info, added)
  })
  const notJudged = [...profile.notJudged]
  const rejection = rejected?.reasons[0] ?? null
  const removePodFails = removePodFailure(pre)
  const diagnosis = assemble(input, profile, rejections, rejection, notJudged, removePodFails)
  const spreadIgnored = profile.spreadIgnored
  const error = rejection !== null ? null : (profile.error ?? pre.error)
  if (error === null) return { ...diagnosis, spreadIgnored }
  // A PreFilter error, or then a named node missing from the snapshot, ends the cycle: no node is
  // judged and the error is the event's message.
  return { ...diagnosis, summary: error, schedulingError: error, spreadIgnored }
}

/**
 * The pod and the nominated ones as the release's API server keeps them (kube-releases.ts
 * `resourcesAsReleaseKeeps`); the snapshot's pods are built so by whoever builds it.
 */
export function withReleaseFields(input: SnapshotInput): SnapshotInput {
  const release = releaseOf(input.options)
  const [pod = input.pod] = podsAsReleaseKeeps([input.pod], release)
  const nominatedPods = input.nominatedPods && podsAsReleaseKeeps(input.nominatedPods, release)
  return { ...input, pod, nominatedPods }
}

function assemble(
  input: SnapshotInput,
  profile: Profile,
  rejections: readonly (Rejection | null)[],
  preFilterRejection: string | null,
  notJudged: string[],
  removePodFails: string | null
): PlacementDiagnosis {
  const all = input.snapshot.nodes
  const { feasible, feasibleAt, reasons } = tally(all, rejections)
  const scores = scoreFeasible(input, feasible, feasibleAt)
  // Scoring runs only when two or more nodes pass the filters (schedule_one.go `schedulePod`).
  if (feasible.length > 1) notJudged.push(...spreadScoreNotJudged(input))
  const nodes = all.map((node, i) =>
    nodeRow(node, rejections[i] ?? null, profile.taints[i], scores, {
      weight: scores.weights[i] ?? 0,
      at: feasibleAt[i] ?? -1,
      avoidsEvicting: input.options.evictingNodes === 'avoid',
    })
  )
  const total = all.length
  const filterSummary =
    preFilterRejection !== null
      ? `0/${total} nodes are available: ${preFilterRejection}.`
      : summarizeAvailability(total, feasible.length, reasons)
  const postFilter =
    feasible.length > 0 ? null : runPostFilter(input, profile, rejections, removePodFails)
  if (postFilter?.notJudged != null) notJudged.push(postFilter.notJudged)
  const postFilterMessage = postFilter?.message ?? null
  const schedulingError = scores.error
  const summary =
    schedulingError ??
    (postFilterMessage === null || postFilterMessage === ''
      ? filterSummary
      : `${filterSummary} ${postFilterMessage}`)
  return {
    nodes,
    available: feasible.length,
    total,
    summary,
    postFilter: postFilterMessage,
    preemptionCandidates: postFilter?.candidates ?? [],
    schedulingError,
    preFilterRejection,
    notJudged,
    spreadIgnored: [],
  }
}

/**
 * PostFilter over the diagnosis: the nodes whose rejection is not UnschedulableAndUnresolvable
 * are those `nodesWherePreemptionMightHelp` keeps, and the dry run judges them with the pods.
 */
function runPostFilter(
  input: SnapshotInput,
  profile: Profile,
  rejections: readonly (Rejection | null)[],
  removePodFails: string | null
): PostFilterOutcome {
  const { snapshot } = input
  const potential = snapshot.nodeInfoList.filter((_, i) => rejections[i]?.unresolvable === false)
  const total = snapshot.nodes.length
  return postFilterOutcome(
    releaseOf(input.options),
    input.pod,
    total,
    potential.map((n) => n.name),
    () =>
      dryRunPreemption({
        pod: input.pod,
        nominated: input.nominatedPods ?? [],
        filters: profile.filters,
        state: profile.state,
        total,
        potential,
        orderOf: (pod) => snapshot.orderOf(pod),
        budgets: input.disruptionBudgets ?? null,
        firstCandidateOnly: input.firstCandidateOnly === true,
        removePodFails,
      })
  )
}

/**
 * In one pass over the verdicts: the feasible nodes, each node's place among them (-1 for a node
 * turned away), and every rejection's reasons in node order, which the summary counts.
 */
function tally(
  nodes: readonly PlacementNode[],
  rejections: readonly (Rejection | null)[]
): { feasible: PlacementNode[]; feasibleAt: number[]; reasons: string[] } {
  const feasible: PlacementNode[] = []
  const feasibleAt: number[] = []
  const reasons: string[] = []
  for (let i = 0; i < rejections.length; i++) {
    const rejection = rejections[i]
    if (rejection == null) {
      feasibleAt.push(feasible.length)
      feasible.push(nodes[i] as PlacementNode)
    } else {
      feasibleAt.push(-1)
      for (const reason of rejection.reasons) reasons.push(reason)
    }
  }
  return { feasible, feasibleAt, reasons }
}
