import { nodeAffinityPreFilterNames, REASON_NODE_AFFINITY_CONFLICT } from './node-affinity.js'
import { preFilterNarrowing, releaseOf, type PreFilterNarrowing } from './kube-releases.js'
import type { Profile } from './profile.js'
import { PLUGIN_NODE_AFFINITY, type Rejection, type SnapshotInput } from './types.js'
import { PLUGIN_VOLUME_BINDING } from './volume-binding.js'
import { volumesNotJudged } from './volume-plugins.js'

/**
 * The PreFilter steps that narrow or reject before Filter. In v1.35 NodeName has no PreFilter
 * (nodename/node_name.go implements Filter, EnqueueExtensions and SignPod only), so a pod naming
 * a node, existing or not, reaches Filter on every node and NodeName rejects the others there.
 * NodeAffinity's PreFilter narrows to the `metadata.name In` names of its terms or rejects the
 * pod outright when a term's names conflict; VolumeBinding's narrows to the hostnames its bound
 * claims' volumes are pinned to (volume-binding.ts). The framework keeps the nodes both leave
 * (runtime/framework.go `RunPreFilterPlugins`, `PreFilterResult.Merge`); schedule_one.go
 * `findNodesThatFitPod` then judges only those that exist, and the others fare as the release
 * has it (kube-releases.ts `preFilterNarrowing`). When the two leave no node in common, the
 * framework turns the pod away (`didn't satisfy plugin(s) … simultaneously`), which is not
 * modelled: VolumeBinding's narrowing is then set aside and VolumeBinding listed as not judged.
 */
export interface PreFilterOutcome {
  readonly names: Set<string> | null
  /** The plugins whose PreFilterResult narrowed `names`, in the profile's order. */
  readonly narrowedBy: readonly string[]
  readonly rejection: string | null
  readonly narrowing: PreFilterNarrowing
  /** The cycle's error where the release looks a named node up and it does not exist. */
  readonly error: string | null
  /** A "Not judged" entry the merge adds; null when none. */
  readonly notJudged: string | null
}

export function preFilter(input: SnapshotInput, profile: Profile): PreFilterOutcome {
  const narrowing = preFilterNarrowing(releaseOf(input.options))
  const none = { names: null, narrowedBy: [], rejection: null, narrowing, error: null }
  if (!input.nodeLabelsKnown) return { ...none, notJudged: null }
  const byAffinity = nodeAffinityPreFilterNames(input.pod.nodeAffinity)
  if (byAffinity !== null && byAffinity.size === 0)
    return { ...none, rejection: REASON_NODE_AFFINITY_CONFLICT, notJudged: null }
  const { names, narrowedBy, notJudged } = merged(byAffinity, profile.volumeNodes)
  // Up to v1.28.9 each name is looked up in the snapshot, in Go's map order: with several
  // missing, which one the error names varies; the first in sorted order is given.
  const missing = [...(names ?? [])].filter((n) => input.snapshot.get(n) === undefined).sort()[0]
  const error =
    narrowing === 'unjudged' && missing !== undefined
      ? `nodeinfo not found for node name ${JSON.stringify(missing)}`
      : null
  return { ...none, names, narrowedBy, error, notJudged }
}

/** NodeAffinity's names and VolumeBinding's, each null when the plugin leaves every node. */
function merged(byAffinity: Set<string> | null, byVolumes: ReadonlySet<string> | null) {
  const affinity = byAffinity === null ? [] : [PLUGIN_NODE_AFFINITY]
  if (byVolumes === null) return { names: byAffinity, narrowedBy: affinity, notJudged: null }
  if (byAffinity === null)
    return { names: new Set(byVolumes), narrowedBy: [PLUGIN_VOLUME_BINDING], notJudged: null }
  const both = new Set([...byAffinity].filter((n) => byVolumes.has(n)))
  if (both.size === 0)
    return {
      names: byAffinity,
      narrowedBy: affinity,
      notJudged: volumesNotJudged([PLUGIN_VOLUME_BINDING]),
    }
  return { names: both, narrowedBy: [PLUGIN_NODE_AFFINITY, PLUGIN_VOLUME_BINDING], notJudged: null }
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
 * first in the profile's order, NodeAffinity's conflict before the volume plugins'. The event
 * then gives its reason alone (`FitError.Error` with `PreFilterMsg`).
 */
export function preFilterRejection(pre: PreFilterOutcome, profile: Profile): Rejection | null {
  if (pre.rejection !== null)
    return {
      plugin: PLUGIN_NODE_AFFINITY,
      reasons: [pre.rejection],
      unresolvable: true,
      detail: 'PreFilter: the metadata.name fields of the terms leave no node',
    }
  const volumes = profile.rejection
  if (volumes === null) return null
  const { plugin, reason, detail } = volumes
  return { plugin, reasons: [reason], unresolvable: true, detail: `PreFilter: ${detail}` }
}
