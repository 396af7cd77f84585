import { summarizeAvailability } from './fit-error.js'
import type { FilterPlugin } from './framework.js'
import { nodeAffinityPreFilterNames, REASON_NODE_AFFINITY_CONFLICT } from './node-affinity.js'
import { filterWithNominatedPods, nominatedPodsAdded } from './nominated-pods.js'
import { nodeRow, scoreFeasible } from './rows.js'
import { postFilterOutcome, type PostFilterOutcome } from './post-filter.js'
import { dryRunPreemption } from './preemption.js'
import { releaseOf } from './kube-releases.js'
import { buildProfile } from './profile.js'
import type { NodeExplanation } from './taint-toleration.js'
import {
  PLUGIN_NODE_AFFINITY,
  type PlacementDiagnosis,
  type PlacementInput,
  type PlacementNode,
  type Rejection,
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
 * only the named nodes that exist and gives every other node the absent-nodes status
 * `node(s) didn't satisfy plugin(s) [NodeAffinity]` (`sets.List` of the narrowing plugins).
 */
function preFilter(input: PlacementInput): { names: Set<string> | null; rejection: string | null } {
  if (!input.nodeLabelsKnown) return { names: null, rejection: null }
  const names = nodeAffinityPreFilterNames(input.pod.nodeAffinity)
  if (names !== null && names.size === 0)
    return { names: null, rejection: REASON_NODE_AFFINITY_CONFLICT }
  return { names, rejection: null }
}

/** Filter over one node with the pods nominated to it. */
function filterNode(
  input: PlacementInput,
  filters: readonly FilterPlugin[],
  node: PlacementNode
): Rejection | null {
  return filterWithNominatedPods(
    filters,
    node,
    nominatedPodsAdded(input.pod, input.nominatedPods ?? [], node)
  )
}

/** Diagnoses the pod over the nodes as kube-scheduler's default profile would. */
export function diagnosePlacement(input: PlacementInput): PlacementDiagnosis {
  const profile = buildProfile(input)
  const pre = preFilter(input)
  const rejections = input.nodes.map((node): Rejection | null => {
    if (pre.rejection !== null)
      return {
        plugin: PLUGIN_NODE_AFFINITY,
        reasons: [pre.rejection],
        unresolvable: true,
        detail: 'PreFilter: the metadata.name fields of the terms leave no node',
      }
    if (pre.names !== null && !pre.names.has(node.name))
      return {
        plugin: PLUGIN_NODE_AFFINITY,
        reasons: [`node(s) didn't satisfy plugin(s) [${PLUGIN_NODE_AFFINITY}]`],
        unresolvable: true,
        detail: `PreFilter: not among metadata.name in (${[...pre.names].join(',')})`,
      }
    return filterNode(input, profile.filters, node)
  })
  const notJudged = [...profile.notJudged]
  const diagnosis = assemble(
    input,
    profile.filters,
    profile.taints.nodes,
    rejections,
    pre.rejection,
    notJudged
  )
  const spreadIgnored = profile.spreadIgnored
  if (profile.error === null || pre.rejection !== null) return { ...diagnosis, spreadIgnored }
  // A PreFilter error ends the cycle: no node is judged and the error is the event's message.
  return { ...diagnosis, summary: profile.error, schedulingError: profile.error, spreadIgnored }
}

function assemble(
  input: PlacementInput,
  filters: readonly FilterPlugin[],
  taintRows: readonly NodeExplanation[],
  rejections: readonly (Rejection | null)[],
  preFilterRejection: string | null,
  notJudged: string[]
): PlacementDiagnosis {
  const feasible = input.nodes.filter((_, i) => rejections[i] === null)
  const scores = scoreFeasible(input, feasible)
  const nodes = input.nodes.map((node, i) =>
    nodeRow(node, rejections[i] ?? null, taintRows[i], scores, {
      weight: scores.weights[i] ?? 0,
      at: feasible.indexOf(node),
      avoidsEvicting: input.options.evictingNodes === 'avoid',
    })
  )
  const total = input.nodes.length
  const filterSummary =
    preFilterRejection !== null
      ? `0/${total} nodes are available: ${preFilterRejection}.`
      : summarizeAvailability(
          total,
          feasible.length,
          rejections.flatMap((r) => (r === null ? [] : r.reasons))
        )
  const postFilter = feasible.length > 0 ? null : runPostFilter(input, filters, rejections)
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
  input: PlacementInput,
  filters: readonly FilterPlugin[],
  rejections: readonly (Rejection | null)[]
): PostFilterOutcome {
  const potential = input.nodes.filter((_, i) => rejections[i]?.unresolvable === false)
  return postFilterOutcome(
    releaseOf(input.options),
    input.pod,
    input.nodes.length,
    potential.map((n) => n.name),
    () =>
      dryRunPreemption({
        pod: input.pod,
        placed: input.placedPods ?? [],
        nominated: input.nominatedPods ?? [],
        filters,
        total: input.nodes.length,
        potential,
        budgets: input.disruptionBudgets ?? null,
      })
  )
}
