import { truncateEventMessage } from './field-errors.js'
import type { CycleState } from './cycle-state.js'
import type { FilterPlugin, PlacementNode, PreFilterResult } from './framework.js'
import type { NodeInfo } from './node-info.js'
import {
  selectorMatches,
  WHEN_UNSATISFIABLE_DO_NOT_SCHEDULE,
  type HardConstraint,
  type SpreadNode,
} from './pod-topology-spread-constraints.js'
import { PLUGIN_POD_TOPOLOGY_SPREAD, PodTopologySpread } from './pod-topology-spread.js'
import type { Snapshot } from './snapshot.js'
import type { SnapshotInput } from './types.js'

/**
 * PodTopologySpread in the profile (kubernetes v1.35 podtopologyspread filtering.go): PreFilter
 * over every node of the snapshot, its state written to the cycle state; Skip when the pod has
 * no DoNotSchedule constraint; Filter node by node; a pass that adds or removes pods runs AddPod
 * and RemovePod on the state of a cloned cycle state.
 */

/** What the PreFilter of PodTopologySpread answers, with the constraints that do not filter. */
export interface SpreadPreFilter {
  readonly result: PreFilterResult
  /** PreFilter's error, which ends the scheduling cycle; null when there is none. */
  readonly error: string | null
  /** The pod's constraints that never filter, one line each ("" when none). */
  readonly notes: readonly string[]
}

export function spreadNode(n: PlacementNode): SpreadNode {
  return { name: n.name, labels: n.labels, taints: n.compiled.taints }
}

/**
 * `countPodsMatchSelector` for one constraint on every node at once, from the snapshot's index:
 * the pods of the namespace its selector may match, not terminating, counted by the node name
 * they are bound to.
 */
export function matchingPodsByNode(
  snapshot: Snapshot,
  namespace: string,
  c: HardConstraint
): Map<string, number> {
  const counts = new Map<string, number>()
  if (c.countsNothing) return counts
  for (const pod of snapshot.candidates(namespace, c.selector))
    if (pod.terminating !== true && selectorMatches(c, pod.labels))
      counts.set(pod.nodeName, (counts.get(pod.nodeName) ?? 0) + 1)
  return counts
}

/** `countPodsMatchSelector` for one constraint on each node, each constraint counted once. */
function indexedCounts(snapshot: Snapshot, namespace: string) {
  const byConstraint = new Map<HardConstraint, Map<string, number>>()
  return (node: SpreadNode, c: HardConstraint): number => {
    let counts = byConstraint.get(c)
    if (counts === undefined) {
      counts = matchingPodsByNode(snapshot, namespace, c)
      byConstraint.set(c, counts)
    }
    return counts.get(node.name) ?? 0
  }
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
export function preFilterPodTopologySpread(
  input: SnapshotInput,
  state: CycleState
): SpreadPreFilter {
  const { pod, snapshot } = input
  // The nodes as the plugin reads them, made only for a pod with a constraint that filters.
  const filters = (pod.topologySpreadConstraints ?? []).some(
    (c) => c.whenUnsatisfiable === WHEN_UNSATISFIABLE_DO_NOT_SCHEDULE
  )
  const nodes = new Map(filters ? snapshot.nodes.map((n) => [n, spreadNode(n)]) : [])
  const spread = PodTopologySpread.prepareCounted(
    {
      pod: {
        namespace: pod.namespace,
        labels: pod.labels,
        nodeAffinity: pod.nodeAffinity,
        tolerations: input.tolerations.tolerations,
        topologySpreadConstraints: pod.topologySpreadConstraints ?? [],
      },
      nodes: [...nodes.values()],
      options: input.options,
    },
    indexedCounts(snapshot, pod.namespace)
  )
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
  if (!snapshot.podsKnown)
    return {
      result: { notJudged: 'topology spread (PodTopologySpread: no pods given)' },
      error: null,
      notes,
    }
  state.write(PLUGIN_POD_TOPOLOGY_SPREAD, spread)
  return { result: spreadFilter(nodes), error: null, notes }
}

/** Filter over the state PreFilter wrote; AddPod and RemovePod change a clone's counts. */
function spreadFilter(nodes: ReadonlyMap<PlacementNode, SpreadNode>): FilterPlugin {
  const stateOf = (state: CycleState) => state.read<PodTopologySpread>(PLUGIN_POD_TOPOLOGY_SPREAD)
  const nodeOf = (info: NodeInfo) => nodes.get(info.node) ?? spreadNode(info.node)
  return {
    name: PLUGIN_POD_TOPOLOGY_SPREAD,
    filter(state, node) {
      const hit = stateOf(state).filter(node.node)
      if (hit === null) return null
      const { reason, unresolvable, detail } = hit
      return { plugin: PLUGIN_POD_TOPOLOGY_SPREAD, reasons: [reason], unresolvable, detail }
    },
    addPod: (state, pod, node) => stateOf(state).addPod(pod, nodeOf(node)),
    removePod: (state, pod, node) => stateOf(state).removePod(pod, nodeOf(node)),
  }
}
