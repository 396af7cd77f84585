import { truncateEventMessage } from './field-errors.js'
import type { FilterPlugin, PlacementNode, PodChanges, PreFilterResult } from './framework.js'
import type { SpreadNode } from './pod-topology-spread-constraints.js'
import { PLUGIN_POD_TOPOLOGY_SPREAD, PodTopologySpread } from './pod-topology-spread.js'
import type { PlacementInput } from './types.js'

/**
 * PodTopologySpread in the profile (kubernetes v1.35 podtopologyspread filtering.go): PreFilter
 * over every node and the placed pods, Skip when the pod has no DoNotSchedule constraint, and
 * Filter node by node; a pass that adds or removes pods runs AddPod and RemovePod on a clone of
 * the PreFilter state, as the framework runs them on a copy of the cycle state.
 */

/** What the PreFilter of PodTopologySpread answers, with the constraints that do not filter. */
export interface SpreadPreFilter {
  readonly result: PreFilterResult
  /** PreFilter's error, which ends the scheduling cycle; null when there is none. */
  readonly error: string | null
  /** The pod's constraints that never filter, one line each ("" when none). */
  readonly notes: readonly string[]
}

function spreadNodes(nodes: readonly PlacementNode[]): Map<PlacementNode, SpreadNode> {
  return new Map(
    nodes.map((n) => [n, { name: n.name, labels: n.labels, taints: n.compiled.taints }])
  )
}

function ignoredNotes(spread: PodTopologySpread): string[] {
  const notes = spread.ignored.map(
    (c) => `topologySpreadConstraints[${c.index}] (${c.topologyKey}): ${c.why}`
  )
  if (spread.clusterDefaults)
    notes.push("none set, so the scheduler's defaults apply (ScheduleAnyway)")
  return notes
}

/**
 * PodTopologySpread's PreFilter. Without the placed pods a pod with DoNotSchedule constraints
 * is not judged; one without them is, since PreFilter skips the plugin whatever the pods.
 */
export function preFilterPodTopologySpread(input: PlacementInput): SpreadPreFilter {
  const pod = input.pod
  const nodes = spreadNodes(input.nodes)
  const spread = PodTopologySpread.prepare({
    pod: {
      namespace: pod.namespace,
      labels: pod.labels,
      nodeAffinity: pod.nodeAffinity,
      tolerations: input.tolerations.tolerations,
      topologySpreadConstraints: pod.topologySpreadConstraints ?? [],
    },
    nodes: [...nodes.values()],
    placedPods: input.placedPods ?? [],
    options: input.options,
  })
  const notes = ignoredNotes(spread)
  if (spread.error !== null)
    return {
      result: null,
      // `RunPreFilterPlugins` wraps a PreFilter error; the event records it truncated.
      error: truncateEventMessage(
        `running PreFilter plugin "${PLUGIN_POD_TOPOLOGY_SPREAD}": ${spread.error}`
      ),
      notes,
    }
  if (spread.skipped) return { result: null, error: null, notes }
  if (input.placedPods === null)
    return {
      result: { notJudged: 'topology spread (PodTopologySpread: no pods given)' },
      error: null,
      notes,
    }
  return { result: spreadFilter(spread, nodes), error: null, notes }
}

function spreadFilter(
  spread: PodTopologySpread,
  nodes: ReadonlyMap<PlacementNode, SpreadNode>
): FilterPlugin {
  return {
    name: PLUGIN_POD_TOPOLOGY_SPREAD,
    filter(node, changes) {
      const hit = changed(spread, nodes.get(node), changes).filter(node)
      if (hit === null) return null
      const { reason, unresolvable, detail } = hit
      return { plugin: PLUGIN_POD_TOPOLOGY_SPREAD, reasons: [reason], unresolvable, detail }
    },
  }
}

/** The state after the pass's AddPod and RemovePod calls, on a clone when there are any. */
function changed(
  spread: PodTopologySpread,
  node: SpreadNode | undefined,
  changes: PodChanges
): PodTopologySpread {
  if (node === undefined || (changes.added.length === 0 && changes.removed.size === 0))
    return spread
  const copy = spread.clone()
  for (const pod of changes.added) copy.addPod(pod, node)
  for (const pod of changes.removed) if (pod.nodeName === node.name) copy.removePod(pod, node)
  return copy
}
