import { REASON_UNTOLERATED_TAINT, type KubeVersion } from '../core/index.js'
import { extenderRuleFilter } from './extender-rule.js'
import { profileHasDynamicResources, releaseOf, untoleratedTaintReason } from './kube-releases.js'
import { isNotJudged, type FilterPlugin, type PreFilterResult } from './framework.js'
import { PLUGIN_INTER_POD_AFFINITY } from './types.js'
import { CycleState } from './cycle-state.js'
import { InterPodAffinityState, REASON_POD_AFFINITY } from './inter-pod-affinity.js'
import { AffinityPodChanges } from './inter-pod-affinity-counts.js'
import { nodeAffinityMismatch, REASON_NODE_AFFINITY } from './node-affinity.js'
import { nodeNameFilter, PLUGIN_NODE_NAME } from './node-name.js'
import { preFilterNodePorts } from './node-ports.js'
import { preFilterNodeResourcesFit } from './node-resources-fit.js'
import { nodeUnschedulableFilter, PLUGIN_NODE_UNSCHEDULABLE } from './node-unschedulable.js'
import { preFilterPodTopologySpread } from './pod-topology-spread-plugin.js'
import { taintVerdicts, type TaintVerdict } from './taint-toleration.js'
import { judgeVolumes, volumesNotJudged } from './volume-plugins.js'
import type { VolumeRejection } from './volume-verdicts.js'
import {
  PLUGIN_NODE_AFFINITY,
  PLUGIN_TAINT_TOLERATION,
  UNJUDGED_CONSTRAINTS,
  type PlacementPod,
  type SnapshotInput,
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
  /** What the PreFilters wrote for the pod's cycle. */
  readonly state: CycleState
  /** The taint rules' verdict on each node, by its place in the snapshot's node list. */
  readonly taints: readonly TaintVerdict[]
  readonly notJudged: string[]
  /** A volume PreFilter turned the pod away (UnschedulableAndUnresolvable); null when none. */
  readonly rejection: VolumeRejection | null
  /** The nodes VolumeBinding's PreFilterResult leaves; null when it leaves every node. */
  readonly volumeNodes: ReadonlySet<string> | null
  /** A PreFilter's error, which ends the scheduling cycle before Filter; null when none. */
  readonly error: string | null
  /** The pod's topology spread constraints that never filter, one line each. */
  readonly spreadIgnored: readonly string[]
}

function staticFilters(input: SnapshotInput, taints: readonly TaintVerdict[]): FilterPlugin[] {
  const pod = input.pod
  const release = releaseOf(input.options)
  const filters: FilterPlugin[] = [
    {
      name: PLUGIN_NODE_UNSCHEDULABLE,
      filter: (_state, node) => nodeUnschedulableFilter(taints[node.position]),
    },
    { name: PLUGIN_NODE_NAME, filter: (_state, node) => nodeNameFilter(pod.nodeName, node.name) },
    {
      name: PLUGIN_TAINT_TOLERATION,
      filter(_state, node) {
        const row = taints[node.position]
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
      filter(_state, node) {
        const miss = nodeAffinityMismatch(pod.nodeAffinity, node.node)
        if (miss === null) return null
        const reasons = [REASON_NODE_AFFINITY]
        return { plugin: PLUGIN_NODE_AFFINITY, reasons, unresolvable: true, detail: miss }
      },
    })
  return filters
}

/**
 * InterPodAffinity's PreFilter: its counts over the snapshot, or Skip. The counts are shared;
 * the cycle state holds what AddPod and RemovePod change of them.
 */
function preFilterInterPodAffinity(input: SnapshotInput, cycle: CycleState): PreFilterResult {
  if (!input.snapshot.podsKnown)
    return { notJudged: 'inter-pod affinity (InterPodAffinity: no pods given)' }
  const counts = new InterPodAffinityState(input.pod, input.snapshot, input.namespaces)
  if (counts.skipped) return null
  cycle.write(PLUGIN_INTER_POD_AFFINITY, new AffinityPodChanges())
  const changesOf = (state: CycleState) => state.read<AffinityPodChanges>(PLUGIN_INTER_POD_AFFINITY)
  return {
    name: PLUGIN_INTER_POD_AFFINITY,
    addPod: (state, pod, node) => counts.addPod(changesOf(state), pod, node.node),
    removePod: (state, pod) => void changesOf(state).removed.add(pod),
    filter(state, node) {
      const hit = counts.filter(node, changesOf(state))
      if (hit === null) return null
      // Only an unmet affinity is unresolvable; anti-affinity may be resolved by preemption.
      const unresolvable = hit.reason === REASON_POD_AFFINITY
      const { reason, detail } = hit
      return { plugin: PLUGIN_INTER_POD_AFFINITY, reasons: [reason], unresolvable, detail }
    },
  }
}

/**
 * The volume plugins (volume-plugins.ts): their Filters, the entry naming those not judged, and
 * the PreFilter that turned the pod away, if one did.
 */
function preFilterVolumes(input: SnapshotInput): {
  results: PreFilterResult[]
  rejection: VolumeRejection | null
  eligible: ReadonlySet<string> | null
} {
  const release = releaseOf(input.options)
  const judged = judgeVolumes(input.pod, input.storage, input.snapshot, release)
  const { rejection, filters, unjudged, eligible } = judged
  const notJudged = unjudged.length === 0 ? [] : [{ notJudged: volumesNotJudged(unjudged) }]
  return { results: [...filters, ...notJudged], rejection, eligible }
}

/**
 * DynamicResources, whose input is not read: its PreFilter skips a pod without resource claims
 * (`PreFilter`: no claims, `framework.Skip`), which it then never rejects. Before v1.34 the
 * default profile has no DynamicResources (kube-releases.ts `profileHasDynamicResources`), so
 * nothing is left unjudged there.
 */
function unjudgedClaims(pod: PlacementPod, release: KubeVersion): PreFilterResult {
  const judges = pod.resourceClaims > 0 && profileHasDynamicResources(release)
  return judges ? { notJudged: UNJUDGED_CONSTRAINTS[1] } : null
}

/** Runs every PreFilter of the profile for the pod, into a new cycle state. */
export function buildProfile(input: SnapshotInput): Profile {
  const nodes = input.snapshot.nodes
  const taints = taintVerdicts(
    input.tolerations,
    nodes.map((n) => n.compiled),
    input.options
  )
  const notJudged: string[] = []
  if (!input.nodeLabelsKnown) notJudged.push('node affinity (NodeAffinity: no node labels)')
  const filters = staticFilters(input, taints)
  const state = new CycleState()
  const spread = preFilterPodTopologySpread(input, state)
  const volumes = preFilterVolumes(input)
  const preFiltered: PreFilterResult[] = [
    preFilterNodePorts(input),
    preFilterNodeResourcesFit(input),
    ...volumes.results,
    spread.result,
    preFilterInterPodAffinity(input, state),
    unjudgedClaims(input.pod, releaseOf(input.options)),
  ]
  for (const result of preFiltered) {
    if (result === null) continue
    if (isNotJudged(result)) notJudged.push(result.notJudged)
    else filters.push(result)
  }
  filters.push(extenderRuleFilter(input.options, taints))
  // A volume PreFilter that turns the pod away ends the cycle before PodTopologySpread's runs.
  const rejection = volumes.rejection
  const error = rejection === null ? spread.error : null
  const volumeNodes = volumes.eligible
  const spreadIgnored = spread.notes
  // framework.go `RunPreFilterPlugins` stops at the first PreFilter that turns the pod away, and
  // then no Filter runs: what only a Filter or a later PreFilter would judge decides nothing.
  const said = rejection === null ? notJudged : []
  return { filters, state, taints, notJudged: said, rejection, volumeNodes, error, spreadIgnored }
}
