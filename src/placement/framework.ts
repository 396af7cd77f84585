import type { ClusterPod } from './cluster-pod.js'
import type { CompiledNode } from '../core/index.js'
import type { LabelledNode } from './node-affinity.js'
import type { ResourceList } from './pod-requests.js'

/**
 * The scheduling framework's Filter contract as the profile (profile.ts) runs it: each plugin's
 * PreFilter has run once for the pod and the cycle (its state kept in the plugin object), and
 * Filter then judges one node at a time. Passes that change the pods on a node, the nominated
 * pods' first pass (`RunFilterPluginsWithNominatedPods` over `addGENominatedPods`) and
 * preemption's dry run (`SelectVictimsOnNode`), hand the plugin the change, which it applies
 * as its PreFilterExtensions AddPod and RemovePod would: without rebuilding the cycle state.
 */

/** The pods a pass adds to a node and takes off it, against the cycle state PreFilter built. */
export interface PodChanges {
  /** Placed on the node for the pass: the nominated pods of equal or higher priority. */
  readonly added: readonly ClusterPod[]
  /** Taken off the node: the victims preemption tries. */
  readonly removed: ReadonlySet<ClusterPod>
}

export const NO_CHANGES: PodChanges = { added: [], removed: new Set() }

export interface FilterPlugin {
  readonly name: string
  /** Filter on one node after `changes`; null when the node passes. */
  filter(node: PlacementNode, changes: PodChanges): Rejection | null
}

/**
 * What a plugin's PreFilter answers: its Filter; Skip (`null`: Filter is not run for this
 * pod, and AddPod/RemovePod neither); or the plugin is not judged here, with why.
 */
export type PreFilterResult = FilterPlugin | null | { readonly notJudged: string }

export function isNotJudged(result: PreFilterResult): result is { readonly notJudged: string } {
  return result !== null && 'notJudged' in result
}

/** The pods on each node, as the snapshot's NodeInfo lists them. */
export function podsByNode(pods: readonly ClusterPod[]): Map<string, ClusterPod[]> {
  const byNode = new Map<string, ClusterPod[]>()
  for (const pod of pods) {
    const list = byNode.get(pod.nodeName)
    if (list === undefined) byNode.set(pod.nodeName, [pod])
    else list.push(pod)
  }
  return byNode
}

export interface PlacementNode extends LabelledNode {
  readonly compiled: CompiledNode
  /** `status.allocatable`; absent or null when unknown: NodeResourcesFit unjudged. */
  readonly allocatable?: ResourceList | null
}

/** A node turned away at PreFilter or Filter: by which plugin, why, and what decided. */
export interface Rejection {
  readonly plugin: string
  /** The status' reasons (`Status.Reasons()`): one per insufficient resource for NodeResourcesFit. */
  readonly reasons: readonly string[]
  readonly unresolvable: boolean
  readonly detail: string
}
