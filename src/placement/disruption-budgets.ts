import type { ClusterPod } from './cluster-pod.js'
import { labelSelectorMatches, type LabelSelector } from './label-requirements.js'

/**
 * PodDisruptionBudgets as preemption reads them (defaultpreemption default_preemption.go
 * `filterPodsWithPDBViolation`): which victims evicting would take a budget below zero.
 */

export interface DisruptionBudget {
  readonly namespace: string
  readonly name: string
  /** `spec.selector`; null when unset (selects nothing). */
  readonly selector: LabelSelector | null
  /** `status.disruptionsAllowed`. */
  readonly disruptionsAllowed: number
  /** The names in `status.disruptedPods`: already counted by the API server. */
  readonly disruptedPods: ReadonlySet<string>
  /** `status.currentHealthy`; 0 when unset. The Eviction API weighs it for a pod not Ready. */
  readonly currentHealthy?: number
  /** `status.desiredHealthy`; 0 when unset. */
  readonly desiredHealthy?: number
  /** `metadata.generation`; 0 when unset. */
  readonly generation?: number
  /** `status.observedGeneration`; 0 when unset: a status behind its spec refuses evictions. */
  readonly observedGeneration?: number
  /** `spec.unhealthyPodEvictionPolicy`: `IfHealthyBudget`, `AlwaysAllow`, or "" when unset. */
  readonly unhealthyPodEvictionPolicy?: string
}

function selects(budget: DisruptionBudget, pod: ClusterPod): boolean {
  const selector = budget.selector
  if (selector === null) return false
  // A nil or empty selector matches nothing here (`selector.Empty()`).
  if (Object.keys(selector.matchLabels).length === 0 && selector.matchExpressions.length === 0)
    return false
  return labelSelectorMatches(selector, pod.labels)
}

/**
 * The victims split in two, each keeping its order: those whose eviction takes a matching
 * budget's allowance below zero, counted pod by pod in that order, and the others. A pod
 * without labels matches no budget; one listed in a budget's `disruptedPods` does not count
 * against it.
 */
export function splitByBudgetViolation(
  victims: readonly ClusterPod[],
  budgets: readonly DisruptionBudget[]
): { violating: ClusterPod[]; nonViolating: ClusterPod[] } {
  if (budgets.length === 0) return { violating: [], nonViolating: [...victims] }
  const allowed = budgets.map((b) => b.disruptionsAllowed)
  const violating: ClusterPod[] = []
  const nonViolating: ClusterPod[] = []
  for (const pod of victims) {
    let violated = false
    if (Object.keys(pod.labels).length > 0) {
      budgets.forEach((budget, i) => {
        if (budget.namespace !== pod.namespace || !selects(budget, pod)) return
        if (budget.disruptedPods.has(pod.name)) return
        allowed[i] = (allowed[i] as number) - 1
        if ((allowed[i] as number) < 0) violated = true
      })
    }
    ;(violated ? violating : nonViolating).push(pod)
  }
  return { violating, nonViolating }
}
