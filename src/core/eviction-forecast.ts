import type { RejectionReason } from './reasons.js'
import {
  referenceCountIntolerablePreferNoSchedule,
  referenceFilterNode,
} from './reference-rules.js'
import { toleratesTaint } from './toleration.js'
import type { NodeTaints, RuleOptions, Taint, Toleration } from './types.js'
import { TAINT_EFFECT_NO_EXECUTE } from './types.js'

/**
 * What a new taint does to a node's pods. For NoExecute this mirrors the taint-eviction
 * controller, kubernetes/kubernetes pkg/controller/tainteviction/taint_eviction.go:
 * `processPodOnNode` takes every NoExecute taint of the node (`getNoExecuteTaints`), asks
 * `v1helper.GetMatchingTolerations` (pkg/apis/core/v1/helper) for the tolerations used —
 * for each taint the FIRST toleration in the pod's list that tolerates it — and evicts at once
 * when a taint is untolerated. Otherwise `getMinTolerationTime` over the used tolerations
 * decides: any `tolerationSeconds <= 0` evicts at once, none set means the pod stays, else it is
 * evicted after the smallest value.
 */

export type EvictionOutcome =
  | { readonly kind: 'stays' }
  | { readonly kind: 'evicted-now'; readonly because: string; readonly taints: readonly Taint[] }
  | { readonly kind: 'evicted-after'; readonly seconds: bigint; readonly toleration: Toleration }

/** `getNoExecuteTaints`: the node's taints with effect exactly NoExecute, in order. */
export function noExecuteTaints(taints: readonly Taint[]): Taint[] {
  return taints.filter((t) => t.effect === TAINT_EFFECT_NO_EXECUTE)
}

/** The taint-eviction controller's decision for one pod on a node with these NoExecute taints. */
export function forecastNoExecuteEviction(
  taints: readonly Taint[],
  tolerations: readonly Toleration[],
  options: RuleOptions
): EvictionOutcome {
  if (taints.length === 0) return { kind: 'stays' }
  const used: Toleration[] = []
  const untolerated: Taint[] = []
  for (const taint of taints) {
    const first = tolerations.find((t) => toleratesTaint(t, taint, options))
    if (first === undefined) untolerated.push(taint)
    else used.push(first)
  }
  if (untolerated.length > 0) {
    return { kind: 'evicted-now', because: 'untolerated NoExecute taint', taints: untolerated }
  }
  let minimum: Toleration | null = null
  for (const toleration of used) {
    const seconds = toleration.tolerationSeconds
    if (seconds === null) continue
    if (seconds <= 0n) {
      return { kind: 'evicted-now', because: `tolerationSeconds ${seconds} <= 0`, taints: [] }
    }
    if (minimum === null || seconds < (minimum.tolerationSeconds as bigint)) minimum = toleration
  }
  if (minimum === null) return { kind: 'stays' }
  return {
    kind: 'evicted-after',
    seconds: minimum.tolerationSeconds as bigint,
    toleration: minimum,
  }
}

/** A node's taints once `added` is applied: a taint with the same key and effect is replaced. */
export function withTaint(taints: readonly Taint[], added: Taint): Taint[] {
  const kept = taints.filter((t) => !(t.key === added.key && t.effect === added.effect))
  kept.push(added)
  return kept
}

export interface PendingPodEffect {
  /** Fits the node now, would not with the new taint. */
  readonly turnedAway: boolean
  /** More untolerated PreferNoSchedule taints: prioritize would rank the node lower. */
  readonly scoresLower: boolean
  readonly reasonAfter: RejectionReason | null
}

/** What the new taint changes for a pending pod considering this node. */
export function forecastPendingPod(
  node: NodeTaints,
  added: Taint,
  tolerations: readonly Toleration[],
  options: RuleOptions
): PendingPodEffect {
  const after: NodeTaints = { ...node, taints: withTaint(node.taints, added) }
  const reasonBefore = referenceFilterNode(tolerations, node, options)
  const reasonAfter = referenceFilterNode(tolerations, after, options)
  const softBefore = referenceCountIntolerablePreferNoSchedule(tolerations, node, options)
  const softAfter = referenceCountIntolerablePreferNoSchedule(tolerations, after, options)
  return {
    turnedAway: reasonBefore === null && reasonAfter !== null,
    scoresLower: reasonAfter === null && softAfter > softBefore,
    reasonAfter,
  }
}
