import { toleratesTaint } from './toleration.js'
import type { RuleOptions, Taint, Toleration } from './types.js'
import { TAINT_EFFECT_NO_EXECUTE } from './types.js'

/**
 * Whether the taint-eviction controller would evict a pod bound to a node, and after how long:
 * the one rule `forecast` applies to running pods and the verbs and `explain` to pending ones
 * (`--evicting-nodes`). It mirrors kubernetes/kubernetes pkg/controller/tainteviction
 * taint_eviction.go: `processPodOnNode` takes the node's NoExecute taints (`getNoExecuteTaints`)
 * and asks `v1helper.GetMatchingTolerations` (pkg/apis/core/v1/helper) for the tolerations used,
 * for each taint the FIRST toleration in the pod's list that tolerates it; an untolerated taint
 * evicts at once. Otherwise `getMinTolerationTime` over the used tolerations decides: any
 * `tolerationSeconds <= 0` evicts at once, none set means the pod stays, else the smallest value.
 * The controller starts that clock when it sees the pod on the node, whatever the taint's age.
 */

export type EvictionOutcome =
  | { readonly kind: 'stays' }
  | {
      readonly kind: 'evicted-now'
      readonly because: string
      /** The untolerated NoExecute taints; empty when a `tolerationSeconds <= 0` decided. */
      readonly taints: readonly Taint[]
      /** The used toleration whose `tolerationSeconds <= 0` decided; null for untolerated taints. */
      readonly toleration: Toleration | null
    }
  | {
      readonly kind: 'evicted-after'
      readonly seconds: bigint
      /** The used toleration with the smallest `tolerationSeconds` (the first of equals). */
      readonly toleration: Toleration
      /** The taint it was used for. */
      readonly taint: Taint
    }

const STAYS: EvictionOutcome = Object.freeze({ kind: 'stays' })

/** `getNoExecuteTaints`: the node's taints with effect exactly NoExecute, in order. */
export function noExecuteTaints(taints: readonly Taint[]): Taint[] {
  return taints.filter((t) => t.effect === TAINT_EFFECT_NO_EXECUTE)
}

/**
 * The controller's decision for a pod with these tolerations on a node with these taints (all of
 * them: effects other than NoExecute are left out here, as `getNoExecuteTaints` leaves them).
 */
export function taintEviction(
  tolerations: readonly Toleration[],
  taints: readonly Taint[],
  options: RuleOptions
): EvictionOutcome {
  const used: Toleration[] = []
  const usedFor: Taint[] = []
  const untolerated: Taint[] = []
  for (const taint of taints) {
    if (taint.effect !== TAINT_EFFECT_NO_EXECUTE) continue
    const first = tolerations.find((t) => toleratesTaint(t, taint, options))
    if (first === undefined) untolerated.push(taint)
    else {
      used.push(first)
      usedFor.push(taint)
    }
  }
  if (untolerated.length > 0) {
    return {
      kind: 'evicted-now',
      because: 'untolerated NoExecute taint',
      taints: untolerated,
      toleration: null,
    }
  }
  let minimum = -1
  for (let i = 0; i < used.length; i++) {
    const seconds = (used[i] as Toleration).tolerationSeconds
    if (seconds === null) continue
    if (seconds <= 0n) {
      const because = `tolerationSeconds ${seconds} <= 0`
      return { kind: 'evicted-now', because, taints: [], toleration: used[i] as Toleration }
    }
    if (minimum < 0 || seconds < ((used[minimum] as Toleration).tolerationSeconds as bigint)) {
      minimum = i
    }
  }
  if (minimum < 0) return STAYS
  const toleration = used[minimum] as Toleration
  return {
    kind: 'evicted-after',
    seconds: toleration.tolerationSeconds as bigint,
    toleration,
    taint: usedFor[minimum] as Taint,
  }
}

/**
 * The extender's own rule (`--evicting-nodes`): the pod tolerates every NoExecute taint of the
 * node, so the scheduler would place it there, yet the controller would evict it, because a
 * used toleration bounds its stay with `tolerationSeconds`.
 */
export function evictsOnceBound(outcome: EvictionOutcome): boolean {
  return (
    outcome.kind === 'evicted-after' ||
    (outcome.kind === 'evicted-now' && outcome.toleration !== null)
  )
}

/**
 * Whether a toleration could bound a pod's stay: it sets `tolerationSeconds` and its effect
 * reaches NoExecute taints. A pod with none is never evicted from a node whose NoExecute taints it
 * tolerates, which lets the verbs skip the rule for it.
 */
export function boundsNoExecuteStay(toleration: Toleration): boolean {
  return (
    toleration.tolerationSeconds !== null &&
    (toleration.effect === '' || toleration.effect === TAINT_EFFECT_NO_EXECUTE)
  )
}
