import { summarizeAvailability } from './fit-error.js'
import { explainPlacement, type NodeExplanation } from './taint-toleration.js'
import { InterPodAffinityState, REASON_POD_AFFINITY } from './inter-pod-affinity.js'
import {
  nodeAffinityMismatch,
  nodeAffinityPreFilterNames,
  REASON_NODE_AFFINITY,
  REASON_NODE_AFFINITY_CONFLICT,
} from './node-affinity.js'
import {
  filterWithNominatedPods,
  nominatedPodsAdded,
  type InterPodVerdict,
} from './nominated-pods.js'
import { nodeNameFilter } from './node-name.js'
import { nodeUnschedulableFilter } from './node-unschedulable.js'
import { nodeRow, scoreFeasible } from './rows.js'
import { postFilterOutcome, type PostFilterOutcome } from './post-filter.js'
import { dryRunPreemption } from './preemption.js'
import {
  PLUGIN_INTER_POD_AFFINITY,
  PLUGIN_NODE_AFFINITY,
  PLUGIN_TAINT_TOLERATION,
  UNJUDGED_CONSTRAINTS,
  type PlacementDiagnosis,
  type PlacementInput,
  type PlacementNode,
  type Rejection,
} from './types.js'

/**
 * kube-scheduler's diagnosis of one pod over a set of nodes, for the constraints this project
 * judges: PreFilter (NodeAffinity narrowing to `metadata.name` fields, or rejecting conflicting
 * ones), then the default profile's Filter order (pkg/scheduler/apis/config/v1
 * default_plugins.go: NodeUnschedulable, NodeName, TaintToleration, NodeAffinity, …,
 * InterPodAffinity), where a node's reason is its first rejecting plugin's; then the FitError
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

function filterNode(
  input: PlacementInput,
  node: PlacementNode,
  taints: NodeExplanation | undefined,
  interPod: ((node: PlacementNode) => InterPodVerdict) | null
): Rejection | null {
  const { pod } = input
  const cordoned = nodeUnschedulableFilter(taints)
  if (cordoned !== null) return cordoned
  const named = nodeNameFilter(pod.nodeName, node.name)
  if (named !== null) return named
  const taintReason = taints?.reason ?? null
  if (taintReason !== null)
    return { plugin: PLUGIN_TAINT_TOLERATION, reason: taintReason, unresolvable: true, detail: '' }
  if (input.nodeLabelsKnown) {
    const miss = nodeAffinityMismatch(pod.nodeAffinity, node)
    if (miss !== null)
      return {
        plugin: PLUGIN_NODE_AFFINITY,
        reason: REASON_NODE_AFFINITY,
        unresolvable: true,
        detail: miss,
      }
  }
  const hit = interPod === null ? null : interPod(node)
  if (hit === null) return null
  // Only an unmet affinity is unresolvable; anti-affinity may be resolved by preemption.
  const unresolvable = hit.reason === REASON_POD_AFFINITY
  return { plugin: PLUGIN_INTER_POD_AFFINITY, ...hit, unresolvable }
}

/**
 * InterPodAffinity's Filter over the cycle state PreFilter builds from the placed pods, run with
 * the pods nominated to each node (nominated-pods.ts); null when no pods are given.
 */
function interPodAffinityFilter(
  input: PlacementInput
): ((node: PlacementNode) => InterPodVerdict) | null {
  const placed = input.placedPods
  if (placed === null) return null
  const { pod, nodes, namespaces } = input
  const state = new InterPodAffinityState(pod, placed, nodes, namespaces)
  const nominated = input.nominatedPods ?? []
  return (node) =>
    filterWithNominatedPods(
      state.skipped,
      nominatedPodsAdded(pod, nominated, node),
      (added) =>
        new InterPodAffinityState(pod, [...placed, ...added], nodes, namespaces).filter(node),
      () => state.filter(node)
    )
}

/** Diagnoses the pod over the nodes as kube-scheduler's default profile would. */
export function diagnosePlacement(input: PlacementInput): PlacementDiagnosis {
  const taints = explainPlacement(
    input.tolerations,
    input.nodes.map((n) => n.compiled),
    input.options
  )
  const interPod = interPodAffinityFilter(input)
  const notJudged: string[] = [...UNJUDGED_CONSTRAINTS]
  if (!input.nodeLabelsKnown) notJudged.unshift('node affinity (NodeAffinity: no node labels)')
  if (interPod === null) notJudged.push('inter-pod affinity (InterPodAffinity: no pods given)')

  const pre = preFilter(input)
  const rejections = input.nodes.map((node, i): Rejection | null => {
    if (pre.rejection !== null)
      return {
        plugin: PLUGIN_NODE_AFFINITY,
        reason: pre.rejection,
        unresolvable: true,
        detail: 'PreFilter: the metadata.name fields of the terms leave no node',
      }
    if (pre.names !== null && !pre.names.has(node.name))
      return {
        plugin: PLUGIN_NODE_AFFINITY,
        reason: `node(s) didn't satisfy plugin(s) [${PLUGIN_NODE_AFFINITY}]`,
        unresolvable: true,
        detail: `PreFilter: not among metadata.name in (${[...pre.names].join(',')})`,
      }
    return filterNode(input, node, taints.nodes[i], interPod)
  })
  return assemble(input, taints.nodes, rejections, pre.rejection, notJudged)
}

function assemble(
  input: PlacementInput,
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
    })
  )
  const total = input.nodes.length
  const filterSummary =
    preFilterRejection !== null
      ? `0/${total} nodes are available: ${preFilterRejection}.`
      : summarizeAvailability(
          total,
          feasible.length,
          rejections.flatMap((r) => (r === null ? [] : [r.reason]))
        )
  const postFilter = feasible.length > 0 ? null : runPostFilter(input, rejections)
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
  }
}

/**
 * PostFilter over the diagnosis: the nodes whose rejection is not UnschedulableAndUnresolvable
 * are those `nodesWherePreemptionMightHelp` keeps, and the dry run judges them with the pods.
 */
function runPostFilter(
  input: PlacementInput,
  rejections: readonly (Rejection | null)[]
): PostFilterOutcome {
  const potential = input.nodes.filter((_, i) => rejections[i]?.unresolvable === false)
  return postFilterOutcome(
    input.pod,
    input.nodes.length,
    potential.map((n) => n.name),
    () =>
      dryRunPreemption({
        pod: input.pod,
        placed: input.placedPods ?? [],
        nominated: input.nominatedPods ?? [],
        nodes: input.nodes,
        namespaces: input.namespaces,
        potential,
      })
  )
}
