import { nodeAffinityPreFilterNames, REASON_NODE_AFFINITY_CONFLICT } from './node-affinity.js'
import { preFilterNarrowing, releaseOf, type PreFilterNarrowing } from './kube-releases.js'
import type { Profile } from './profile.js'
import { PLUGIN_NODE_AFFINITY, type Rejection, type SnapshotInput } from './types.js'
import { PLUGIN_VOLUME_BINDING } from './volume-binding.js'
import { PLUGIN_POD_TOPOLOGY_SPREAD } from './pod-topology-spread.js'

/**
 * The PreFilter steps that narrow or reject before Filter. In v1.35 NodeName has no PreFilter
 * (nodename/node_name.go implements Filter, EnqueueExtensions and SignPod only), so a pod naming
 * a node, existing or not, reaches Filter on every node and NodeName rejects the others there.
 * NodeAffinity's PreFilter narrows to the `metadata.name In` names of its terms or rejects the
 * pod outright when a term's names conflict; VolumeBinding's narrows to the hostnames its bound
 * claims' volumes are pinned to (volume-binding.ts). The framework keeps the nodes both leave
 * (runtime/framework.go `RunPreFilterPlugins`, `PreFilterResult.Merge`); schedule_one.go
 * `findNodesThatFitPod` then judges only those that exist, and the others fare as the release
 * has it (kube-releases.ts `preFilterNarrowing`). When what they leave is no node, the framework
 * turns the pod away at once (`node(s) didn't satisfy plugin VolumeBinding`, or `plugin(s)
 * [NodeAffinity VolumeBinding] simultaneously`), the PreFilters after VolumeBinding's left
 * unrun: Unschedulable up to the releases of `unjudged` narrowing, so that preemption tries
 * every node and fails on the first pod it takes off (`removePodFailure`);
 * UnschedulableAndUnresolvable since kubernetes/kubernetes#119779, the change that made them
 * `filtered-out`.
 */
export interface PreFilterOutcome {
  readonly names: Set<string> | null
  /** The plugins whose PreFilterResult narrowed `names`, in the profile's order. */
  readonly narrowedBy: readonly string[]
  readonly rejection: string | null
  readonly narrowing: PreFilterNarrowing
  /** The cycle's error where the release looks a named node up and it does not exist. */
  readonly error: string | null
  /** The PreFilterResults merged leave no node: `narrowedBy` turned the pod away. */
  readonly noneLeft: boolean
}

export function preFilter(input: SnapshotInput, profile: Profile): PreFilterOutcome {
  const narrowing = preFilterNarrowing(releaseOf(input.options))
  const none = { names: null, narrowedBy: [], rejection: null, narrowing, error: null }
  if (!input.nodeLabelsKnown) return { ...none, noneLeft: false }
  const byAffinity = nodeAffinityPreFilterNames(input.pod.nodeAffinity)
  if (byAffinity !== null && byAffinity.size === 0)
    return { ...none, rejection: REASON_NODE_AFFINITY_CONFLICT, noneLeft: false }
  const { names, narrowedBy } = merged(byAffinity, profile.volumeNodes)
  if (names !== null && names.size === 0) return { ...none, narrowedBy, noneLeft: true }
  // Up to v1.28.9 each name is looked up in the snapshot, in Go's map order: with several
  // missing, which one the error names varies; the first in sorted order is given.
  const missing = [...(names ?? [])].filter((n) => input.snapshot.get(n) === undefined).sort()[0]
  const error =
    narrowing === 'unjudged' && missing !== undefined
      ? `nodeinfo not found for node name ${JSON.stringify(missing)}`
      : null
  return { ...none, names, narrowedBy, error, noneLeft: false }
}

/**
 * The nodes NodeAffinity's names and VolumeBinding's leave (`PreFilterResult.Merge`), and the
 * plugins that narrowed; either set null when its plugin leaves every node. VolumeBinding's
 * alone is empty when its volumes are pinned to hosts no one node is among.
 */
function merged(byAffinity: Set<string> | null, byVolumes: ReadonlySet<string> | null) {
  const affinity = byAffinity === null ? [] : [PLUGIN_NODE_AFFINITY]
  if (byVolumes === null) return { names: byAffinity, narrowedBy: affinity }
  if (byAffinity === null) return { names: new Set(byVolumes), narrowedBy: [PLUGIN_VOLUME_BINDING] }
  const both = new Set([...byAffinity].filter((n) => byVolumes.has(n)))
  return { names: both, narrowedBy: [PLUGIN_NODE_AFFINITY, PLUGIN_VOLUME_BINDING] }
}

/** `RunPreFilterPlugins`' words for merged results that leave no node. */
function noNodeLeftReason(plugins: readonly string[]): string {
  if (plugins.length === 1) return `node(s) didn't satisfy plugin ${plugins[0] as string}`
  return `node(s) didn't satisfy plugin(s) [${plugins.join(' ')}] simultaneously`
}

/** What a node's detail says when the plugins that narrowed left no node. */
const NONE_LEFT: Readonly<Record<string, string>> = {
  [PLUGIN_VOLUME_BINDING]: 'its bound volumes are pinned to hosts no one node is among',
  [`${PLUGIN_NODE_AFFINITY} ${PLUGIN_VOLUME_BINDING}`]:
    'its metadata.name terms and the hosts its bound volumes are pinned to have no node in common',
}

/** What a left-out node's detail says it is not among, by the plugins that narrowed. */
const AMONG: Readonly<Record<string, string>> = {
  [PLUGIN_NODE_AFFINITY]: 'metadata.name in',
  [PLUGIN_VOLUME_BINDING]: 'the hosts its bound volumes are pinned to',
  [`${PLUGIN_NODE_AFFINITY} ${PLUGIN_VOLUME_BINDING}`]:
    'the nodes both its metadata.name terms and its bound volumes name',
}

/**
 * A node PreFilterResult leaves out, as the release treats it: without a status (`unjudged`,
 * `uncounted`) it adds no reason to the FitError, and preemption tries it only up to the
 * release that made a missing status mean UnschedulableAndUnresolvable.
 */
export function leftOut(pre: PreFilterOutcome, names: Set<string>): Rejection {
  const among = AMONG[pre.narrowedBy.join(' ')] ?? 'metadata.name in'
  const detail = `PreFilter: not among ${among} (${[...names].join(',')})`
  const plugin = pre.narrowedBy[0] ?? PLUGIN_NODE_AFFINITY
  if (pre.narrowing === 'unjudged' || pre.narrowing === 'uncounted') {
    const unresolvable = pre.narrowing === 'uncounted'
    return { plugin, reasons: [], unresolvable, detail }
  }
  // The absent nodes' status names the plugins that narrowed, sorted (`sets.List`).
  const reason =
    pre.narrowing === 'filtered-out'
      ? 'node is filtered out by the prefilter result'
      : `node(s) didn't satisfy plugin(s) [${[...pre.narrowedBy].sort().join(' ')}]`
  return { plugin, reasons: [reason], unresolvable: true, detail }
}

/**
 * The PreFilter that turns the pod away before any node is judged, as every node's status: the
 * first in the profile's order, NodeAffinity's conflict before the volume plugins', or the merge
 * that leaves no node (which a volume plugin's refusal never meets: VolumeBinding's PreFilter
 * narrows only when it passes, and not when a bound claim's volume is missing, VolumeZone's one
 * refusal). The event then gives its reason alone (`FitError.Error` with `PreFilterMsg`).
 */
export function preFilterRejection(pre: PreFilterOutcome, profile: Profile): Rejection | null {
  if (pre.rejection !== null)
    return {
      plugin: PLUGIN_NODE_AFFINITY,
      reasons: [pre.rejection],
      unresolvable: true,
      detail: 'PreFilter: the metadata.name fields of the terms leave no node',
    }
  if (pre.noneLeft)
    return {
      plugin: PLUGIN_VOLUME_BINDING,
      reasons: [noNodeLeftReason(pre.narrowedBy)],
      unresolvable: pre.narrowing !== 'unjudged',
      detail: `PreFilter: ${NONE_LEFT[pre.narrowedBy.join(' ')] ?? 'no node is left'}`,
    }
  const volumes = profile.rejection
  if (volumes === null) return null
  const { plugin, reason, detail } = volumes
  return { plugin, reasons: [reason], unresolvable: true, detail: `PreFilter: ${detail}` }
}

/**
 * What each pod preemption takes off a node gives when the merge left no node in a release that
 * lets preemption try: the PreFilters after VolumeBinding's did not run, and RemovePod of the
 * first of them with a PreFilter extension, PodTopologySpread, finds no state of its own
 * (framework.go `RunPreFilterExtensionRemovePod`, podtopologyspread `getPreFilterState`,
 * CycleState.Read's `ErrNotFound`). VolumeRestrictions, before it, either skipped (and is
 * passed over) or wrote its state.
 */
export function removePodFailure(pre: PreFilterOutcome): string | null {
  if (!pre.noneLeft || pre.narrowing !== 'unjudged') return null
  const spread = PLUGIN_POD_TOPOLOGY_SPREAD
  return `running RemovePod on PreFilter plugin "${spread}": reading "PreFilter${spread}" from cycleState: not found`
}
