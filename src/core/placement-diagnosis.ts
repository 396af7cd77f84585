import { explainPlacement, summarizeAvailability, type NodeExplanation } from './explain.js'
import { InterPodAffinityState, REASON_POD_AFFINITY } from './inter-pod-affinity.js'
import {
  nodeAffinityMismatch,
  nodeAffinityPreFilterNames,
  normalizeNodeAffinityScores,
  preferredNodeAffinityWeight,
  REASON_NODE_AFFINITY,
  REASON_NODE_AFFINITY_CONFLICT,
} from './node-affinity.js'
import { MAX_EXTENDER_PRIORITY, normalizeReversedScores } from './normalize-score.js'
import { postFilterMessage } from './post-filter.js'
import {
  PLUGIN_INTER_POD_AFFINITY,
  PLUGIN_NODE_AFFINITY,
  PLUGIN_NODE_NAME,
  PLUGIN_NODE_UNSCHEDULABLE,
  PLUGIN_TAINT_TOLERATION,
  REASON_NODE_NAME,
  UNJUDGED_CONSTRAINTS,
  type NodeDiagnosis,
  type PlacementDiagnosis,
  type PlacementInput,
  type PlacementNode,
} from './placement-types.js'

/**
 * kube-scheduler's diagnosis of one pod over a set of nodes, for the constraints this project
 * judges: PreFilter (NodeAffinity narrowing to `metadata.name` fields, or rejecting conflicting
 * ones), then the default profile's Filter order (pkg/scheduler/apis/config/v1
 * default_plugins.go: NodeUnschedulable, NodeName, TaintToleration, NodeAffinity, …,
 * InterPodAffinity), where a node's reason is its first rejecting plugin's; then the FitError
 * summary (pkg/scheduler/framework types.go `FitError.Error`) and, where known, what PostFilter
 * appends to it (post-filter.ts).
 */

interface Rejection {
  readonly plugin: string
  readonly reason: string
  readonly unresolvable: boolean
  readonly detail: string
}

/**
 * NodeAffinity PreFilter: the candidate names, or the rejection of every node. NodeName's own
 * PreFilter is left out: kube-scheduler never schedules a pod that already has `spec.nodeName`
 * (its informer skips assigned pods), and whether that PreFilter narrows to the named node has
 * varied between releases; NodeName's Filter then rejects the other nodes with its own reason.
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
  interPod: InterPodAffinityState | null
): Rejection | null {
  const { pod } = input
  const taintReason = taints?.reason ?? null
  if (taintReason !== null && taints?.verdict === 'cordoned')
    return {
      plugin: PLUGIN_NODE_UNSCHEDULABLE,
      reason: taintReason,
      unresolvable: true,
      detail: '',
    }
  if (pod.nodeName !== '' && pod.nodeName !== node.name)
    return {
      plugin: PLUGIN_NODE_NAME,
      reason: REASON_NODE_NAME,
      unresolvable: true,
      detail: `spec.nodeName is ${pod.nodeName}`,
    }
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
  const hit = interPod?.filter(node) ?? null
  if (hit === null) return null
  // Only an unmet affinity is unresolvable; anti-affinity may be resolved by preemption.
  const unresolvable = hit.reason === REASON_POD_AFFINITY
  return { plugin: PLUGIN_INTER_POD_AFFINITY, ...hit, unresolvable }
}

/** Diagnoses the pod over the nodes as kube-scheduler's default profile would. */
export function diagnosePlacement(input: PlacementInput): PlacementDiagnosis {
  const taints = explainPlacement(
    input.tolerations,
    input.nodes.map((n) => n.compiled),
    input.options
  )
  const interPod =
    input.placedPods === null
      ? null
      : new InterPodAffinityState(input.pod, input.placedPods, input.nodes, input.namespaces)
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
  const taintScores = Int32Array.from(feasible, (n) =>
    input.tolerations.countIntolerablePreferNoSchedule(n.compiled)
  )
  normalizeReversedScores(taintScores, MAX_EXTENDER_PRIORITY)
  const weights = input.nodes.map((n) =>
    input.nodeLabelsKnown ? preferredNodeAffinityWeight(input.pod.nodeAffinity, n) : 0
  )
  const affinityScores = normalizeNodeAffinityScores(
    input.nodes.flatMap((_, i) => (rejections[i] === null ? [weights[i] ?? 0] : []))
  )
  const nodes = input.nodes.map((node, i): NodeDiagnosis => {
    const rejection = rejections[i] ?? null
    const at = feasible.indexOf(node)
    const taintRow = taintRows[i]
    return {
      name: node.name,
      verdict:
        rejection === null
          ? 'fits'
          : rejection.plugin === PLUGIN_NODE_UNSCHEDULABLE
            ? 'cordoned'
            : 'rejected',
      plugin: rejection?.plugin ?? null,
      reason: rejection?.reason ?? null,
      unresolvable: rejection?.unresolvable ?? false,
      detail: rejection?.detail ?? '',
      decidingTaints:
        rejection?.plugin === PLUGIN_TAINT_TOLERATION ||
        rejection?.plugin === PLUGIN_NODE_UNSCHEDULABLE
          ? (taintRow?.decidingTaints ?? [])
          : [],
      untoleratedPreferNoSchedule: taintRow?.untoleratedPreferNoSchedule ?? 0,
      score: at < 0 ? null : (taintScores[at] as number),
      nodeAffinityWeight: weights[i] ?? 0,
      nodeAffinityScore: at < 0 ? null : (affinityScores[at] as number),
    }
  })
  const total = input.nodes.length
  const filterSummary =
    preFilterRejection !== null
      ? `0/${total} nodes are available: ${preFilterRejection}.`
      : summarizeAvailability(
          total,
          feasible.length,
          rejections.flatMap((r) => (r === null ? [] : [r.reason]))
        )
  const everyNodeUnresolvable = rejections.every((r) => r?.unresolvable === true)
  const postFilter =
    feasible.length > 0 ? null : postFilterMessage(input.pod, total, everyNodeUnresolvable)
  if (feasible.length === 0 && postFilter === null)
    notJudged.push('preemption (DefaultPreemption: depends on the priorities of the pods placed)')
  const summary = postFilter === null ? filterSummary : `${filterSummary} ${postFilter}`
  return {
    nodes,
    available: feasible.length,
    total,
    summary,
    postFilter,
    preFilterRejection,
    notJudged,
  }
}
