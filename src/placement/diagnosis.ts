import { summarizeAvailability } from './fit-error.js'
import { nodeAffinityPreFilterNames, REASON_NODE_AFFINITY_CONFLICT } from './node-affinity.js'
import { groupBy } from './group-by.js'
import { filterWithNominatedPods, nominatedPodsAdded } from './nominated-pods.js'
import { nodeRow, scoreFeasible } from './rows.js'
import { postFilterOutcome, type PostFilterOutcome } from './post-filter.js'
import { dryRunPreemption } from './preemption.js'
import {
  podsAsReleaseKeeps,
  preFilterNarrowing,
  releaseOf,
  type PreFilterNarrowing,
} from './kube-releases.js'
import { buildProfile, type Profile } from './profile.js'
import { spreadScoreNotJudged } from './pod-topology-spread-score.js'
import { Snapshot } from './snapshot.js'
import {
  PLUGIN_NODE_AFFINITY,
  type PlacementDiagnosis,
  type PlacementInput,
  type PlacementNode,
  type Rejection,
  type SnapshotInput,
} from './types.js'

/**
 * kube-scheduler's diagnosis of one pod over a set of nodes, for the constraints this project
 * judges: PreFilter (NodeAffinity narrowing to `metadata.name` fields, or rejecting conflicting
 * ones), then the default profile's Filter plugins in order (profile.ts), with the nominated
 * pods (nominated-pods.ts), where a node's reasons are its first rejecting plugin's; then the FitError
 * summary (pkg/scheduler/framework types.go `FitError.Error`) and, where known, what PostFilter
 * appends to it (post-filter.ts).
 */

/**
 * The PreFilter steps that narrow or reject before Filter. In v1.35 NodeName has no PreFilter
 * (nodename/node_name.go implements Filter, EnqueueExtensions and SignPod only), so a pod naming
 * a node, existing or not, reaches Filter on every node and NodeName rejects the others there.
 * NodeAffinity's PreFilter narrows to the `metadata.name In` names of its terms or rejects the
 * pod outright when a term's names conflict; schedule_one.go `findNodesThatFitPod` then judges
 * only the named nodes that exist, and the others fare as the release has it
 * (kube-releases.ts `preFilterNarrowing`).
 */
interface PreFilterOutcome {
  readonly names: Set<string> | null
  readonly rejection: string | null
  readonly narrowing: PreFilterNarrowing
  /** The cycle's error where the release looks a named node up and it does not exist. */
  readonly error: string | null
}

function preFilter(input: SnapshotInput): PreFilterOutcome {
  const narrowing = preFilterNarrowing(releaseOf(input.options))
  const none = { names: null, rejection: null, narrowing, error: null }
  if (!input.nodeLabelsKnown) return none
  const names = nodeAffinityPreFilterNames(input.pod.nodeAffinity)
  if (names !== null && names.size === 0)
    return { ...none, rejection: REASON_NODE_AFFINITY_CONFLICT }
  // Up to v1.28.9 each name is looked up in the snapshot, in Go's map order: with several
  // missing, which one the error names varies; the first in sorted order is given.
  const missing = [...(names ?? [])].filter((n) => input.snapshot.get(n) === undefined).sort()[0]
  const error =
    narrowing === 'unjudged' && missing !== undefined
      ? `nodeinfo not found for node name ${JSON.stringify(missing)}`
      : null
  return { ...none, names, error }
}

/**
 * A node PreFilterResult leaves out, as the release treats it: without a status (`unjudged`,
 * `uncounted`) it adds no reason to the FitError, and preemption tries it only up to the
 * release that made a missing status mean UnschedulableAndUnresolvable.
 */
function leftOut(pre: PreFilterOutcome, names: Set<string>): Rejection {
  const detail = `PreFilter: not among metadata.name in (${[...names].join(',')})`
  if (pre.narrowing === 'unjudged' || pre.narrowing === 'uncounted') {
    const unresolvable = pre.narrowing === 'uncounted'
    return { plugin: PLUGIN_NODE_AFFINITY, reasons: [], unresolvable, detail }
  }
  const reason =
    pre.narrowing === 'filtered-out'
      ? 'node is filtered out by the prefilter result'
      : `node(s) didn't satisfy plugin(s) [${PLUGIN_NODE_AFFINITY}]`
  return { plugin: PLUGIN_NODE_AFFINITY, reasons: [reason], unresolvable: true, detail }
}

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
  const pre = preFilter(input)
  // The nominated pods by node, read once per pod rather than once per node.
  const nominated = groupBy(input.nominatedPods ?? [], (p) => p.nominatedNodeName)
  const rejections = input.snapshot.nodeInfoList.map((info): Rejection | null => {
    const node = info.node
    if (pre.rejection !== null)
      return {
        plugin: PLUGIN_NODE_AFFINITY,
        reasons: [pre.rejection],
        unresolvable: true,
        detail: 'PreFilter: the metadata.name fields of the terms leave no node',
      }
    if (pre.names !== null && !pre.names.has(node.name)) return leftOut(pre, pre.names)
    const toNode = nominated.size === 0 ? undefined : nominated.get(node.name)
    const added = toNode === undefined ? [] : nominatedPodsAdded(input.pod, toNode, node)
    return filterWithNominatedPods(profile.filters, profile.state, info, added)
  })
  const notJudged = [...profile.notJudged]
  const diagnosis = assemble(input, profile, rejections, pre.rejection, notJudged)
  const spreadIgnored = profile.spreadIgnored
  const error = pre.rejection !== null ? null : (profile.error ?? pre.error)
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
  notJudged: string[]
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
  const postFilter = feasible.length > 0 ? null : runPostFilter(input, profile, rejections)
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
  rejections: readonly (Rejection | null)[]
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
