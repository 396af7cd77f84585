import { REASON_UNTOLERATED_TAINT } from '../core/index.js'
import { extenderRuleFilter } from './extender-rule.js'
import { releaseOf, untoleratedTaintReason } from './kube-releases.js'
import { isNotJudged, type FilterPlugin, type PreFilterResult } from './framework.js'
import { PLUGIN_INTER_POD_AFFINITY } from './types.js'
import { InterPodAffinityState, REASON_POD_AFFINITY } from './inter-pod-affinity.js'
import { nodeAffinityMismatch, REASON_NODE_AFFINITY } from './node-affinity.js'
import { nodeNameFilter, PLUGIN_NODE_NAME } from './node-name.js'
import { preFilterNodePorts } from './node-ports.js'
import { preFilterNodeResourcesFit } from './node-resources-fit.js'
import { nodeUnschedulableFilter, PLUGIN_NODE_UNSCHEDULABLE } from './node-unschedulable.js'
import { preFilterPodTopologySpread } from './pod-topology-spread-plugin.js'
import {
  explainPlacement,
  type NodeExplanation,
  type PlacementExplanation,
} from './taint-toleration.js'
import {
  PLUGIN_NODE_AFFINITY,
  PLUGIN_TAINT_TOLERATION,
  UNJUDGED_CONSTRAINTS,
  type PlacementInput,
  type PlacementNode,
} from './types.js'

/**
 * The default profile's Filter plugins in their order (pkg/scheduler/apis/config/v1
 * default_plugins.go): NodeUnschedulable, NodeName, TaintToleration, NodeAffinity, NodePorts,
 * NodeResourcesFit, the volume plugins (VolumeRestrictions, NodeVolumeLimits, VolumeBinding,
 * VolumeZone), PodTopologySpread, InterPodAffinity, then DynamicResources (inserted before
 * DefaultPreemption). Each PreFilter runs once; a node's status is its first rejecting plugin's.
 * This extender's own rule comes last, as kube-scheduler calls extenders after every Filter.
 */

export interface Profile {
  /** The plugins whose Filter runs, in order; those PreFilter skipped are left out. */
  readonly filters: readonly FilterPlugin[]
  /** The taint rules' node by node explanation, in `input.nodes` order. */
  readonly taints: PlacementExplanation
  readonly notJudged: string[]
  /** A PreFilter's error, which ends the scheduling cycle before Filter; null when none. */
  readonly error: string | null
  /** The pod's topology spread constraints that never filter, one line each. */
  readonly spreadIgnored: readonly string[]
}

/** The taint rules' explanation of each node, as the taint filters and the extender's rule read it. */
type TaintRows = ReadonlyMap<PlacementNode, NodeExplanation | undefined>

function staticFilters(input: PlacementInput, byNode: TaintRows): FilterPlugin[] {
  const pod = input.pod
  const release = releaseOf(input.options)
  const filters: FilterPlugin[] = [
    {
      name: PLUGIN_NODE_UNSCHEDULABLE,
      filter: (node) => nodeUnschedulableFilter(byNode.get(node)),
    },
    { name: PLUGIN_NODE_NAME, filter: (node) => nodeNameFilter(pod.nodeName, node.name) },
    {
      name: PLUGIN_TAINT_TOLERATION,
      filter(node) {
        const row = byNode.get(node)
        if (row === undefined || row.reason === null) return null
        const reason =
          row.reason === REASON_UNTOLERATED_TAINT
            ? untoleratedTaintReason(release, row.decidingTaints[0]?.taint)
            : row.reason
        return {
          plugin: PLUGIN_TAINT_TOLERATION,
          reasons: [reason],
          unresolvable: true,
          detail: '',
        }
      },
    },
  ]
  if (input.nodeLabelsKnown)
    filters.push({
      name: PLUGIN_NODE_AFFINITY,
      filter(node) {
        const miss = nodeAffinityMismatch(pod.nodeAffinity, node)
        if (miss === null) return null
        const reasons = [REASON_NODE_AFFINITY]
        return { plugin: PLUGIN_NODE_AFFINITY, reasons, unresolvable: true, detail: miss }
      },
    })
  return filters
}

/** InterPodAffinity's PreFilter: its counts over the placed pods, or Skip. */
function preFilterInterPodAffinity(input: PlacementInput): PreFilterResult {
  const placed = input.placedPods
  if (placed === null) return { notJudged: 'inter-pod affinity (InterPodAffinity: no pods given)' }
  const state = new InterPodAffinityState(input.pod, placed, input.nodes, input.namespaces)
  if (state.skipped) return null
  return {
    name: PLUGIN_INTER_POD_AFFINITY,
    filter(node, changes) {
      const hit = state.filter(node, changes)
      if (hit === null) return null
      // Only an unmet affinity is unresolvable; anti-affinity may be resolved by preemption.
      const unresolvable = hit.reason === REASON_POD_AFFINITY
      const { reason, detail } = hit
      return { plugin: PLUGIN_INTER_POD_AFFINITY, reasons: [reason], unresolvable, detail }
    },
  }
}

/** Runs every PreFilter of the profile for the pod. */
export function buildProfile(input: PlacementInput): Profile {
  const taints = explainPlacement(
    input.tolerations,
    input.nodes.map((n) => n.compiled),
    input.options
  )
  const notJudged: string[] = []
  if (!input.nodeLabelsKnown) notJudged.push('node affinity (NodeAffinity: no node labels)')
  const byNode: TaintRows = new Map(input.nodes.map((n, i) => [n, taints.nodes[i]]))
  const filters = staticFilters(input, byNode)
  const spread = preFilterPodTopologySpread(input)
  const preFiltered: PreFilterResult[] = [
    preFilterNodePorts(input),
    preFilterNodeResourcesFit(input),
    { notJudged: UNJUDGED_CONSTRAINTS[0] },
    spread.result,
    preFilterInterPodAffinity(input),
    { notJudged: UNJUDGED_CONSTRAINTS[1] },
  ]
  for (const result of preFiltered) {
    if (result === null) continue
    if (isNotJudged(result)) notJudged.push(result.notJudged)
    else filters.push(result)
  }
  filters.push(extenderRuleFilter(input.options, byNode))
  return { filters, taints, notJudged, error: spread.error, spreadIgnored: spread.notes }
}
