import { nodeAffinityPreFilterNames, REASON_NODE_AFFINITY_CONFLICT } from './node-affinity.js'
import { preFilterNarrowing, releaseOf, type PreFilterNarrowing } from './kube-releases.js'
import type { Profile } from './profile.js'
import { PLUGIN_NODE_AFFINITY, type Rejection, type SnapshotInput } from './types.js'

/**
 * The PreFilter steps that narrow or reject before Filter. In v1.35 NodeName has no PreFilter
 * (nodename/node_name.go implements Filter, EnqueueExtensions and SignPod only), so a pod naming
 * a node, existing or not, reaches Filter on every node and NodeName rejects the others there.
 * NodeAffinity's PreFilter narrows to the `metadata.name In` names of its terms or rejects the
 * pod outright when a term's names conflict; schedule_one.go `findNodesThatFitPod` then judges
 * only the named nodes that exist, and the others fare as the release has it
 * (kube-releases.ts `preFilterNarrowing`).
 */
export interface PreFilterOutcome {
  readonly names: Set<string> | null
  readonly rejection: string | null
  readonly narrowing: PreFilterNarrowing
  /** The cycle's error where the release looks a named node up and it does not exist. */
  readonly error: string | null
}

export function preFilter(input: SnapshotInput): PreFilterOutcome {
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
export function leftOut(pre: PreFilterOutcome, names: Set<string>): Rejection {
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
