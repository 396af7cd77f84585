import type { ClusterPod } from './cluster-pod.js'
import type { CycleState } from './cycle-state.js'
import type { NodeInfo } from './node-info.js'
export type { PlacementNode } from './placement-node.js'

/**
 * The scheduling framework's Filter contract as the profile (profile.ts) runs it: each plugin's
 * PreFilter has run once for the pod, writing what it computed into the cycle state, and Filter
 * then judges one NodeInfo of the snapshot at a time. Passes that change the pods on a node, the
 * nominated pods' first pass (`RunFilterPluginsWithNominatedPods` over `addGENominatedPods`) and
 * preemption's dry run (`SelectVictimsOnNode`), work on a clone of the NodeInfo and of the cycle
 * state: the pod is added to or removed from the NodeInfo, and each plugin with
 * PreFilterExtensions updates its data in the state with AddPod or RemovePod.
 */

export interface FilterPlugin {
  readonly name: string
  /** Filter on one node; null when the node passes. */
  filter(state: CycleState, node: NodeInfo): Rejection | null
  /** PreFilterExtensions' AddPod: `pod` was placed on `node` (already in it). */
  addPod?(state: CycleState, pod: ClusterPod, node: NodeInfo): void
  /** PreFilterExtensions' RemovePod: `pod` was taken off `node`. */
  removePod?(state: CycleState, pod: ClusterPod, node: NodeInfo): void
}

/**
 * What a plugin's PreFilter answers: its Filter; Skip (`null`: Filter is not run for this
 * pod, and AddPod/RemovePod neither); or the plugin is not judged here, with why.
 */
export type PreFilterResult = FilterPlugin | null | { readonly notJudged: string }

export function isNotJudged(result: PreFilterResult): result is { readonly notJudged: string } {
  return result !== null && 'notJudged' in result
}

/** A node turned away at PreFilter or Filter: by which plugin, why, and what decided. */
export interface Rejection {
  readonly plugin: string
  /** The status' reasons (`Status.Reasons()`): one per insufficient resource for NodeResourcesFit. */
  readonly reasons: readonly string[]
  readonly unresolvable: boolean
  readonly detail: string
}
