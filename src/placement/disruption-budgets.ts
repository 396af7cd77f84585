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

function hasAnyKey(labels: Readonly<Record<string, string>>): boolean {
  for (const _ in labels) return true
  return false
}

/** A budget that can select a pod, and its place in the budgets' list. */
interface Selecting {
  readonly at: number
  readonly budget: DisruptionBudget
  readonly selector: LabelSelector
}

/**
 * The budgets by namespace, those that can select anything: a nil or empty selector matches
 * nothing here (`selector.Empty()`). Kept per list of budgets, since preemption's dry run asks
 * for every node it tries.
 */
const byNamespaceOf = new WeakMap<readonly DisruptionBudget[], Map<string, Selecting[]>>()

function budgetsByNamespace(budgets: readonly DisruptionBudget[]): Map<string, Selecting[]> {
  let found = byNamespaceOf.get(budgets)
  if (found !== undefined) return found
  found = new Map()
  for (const [at, budget] of budgets.entries()) {
    const selector = budget.selector
    if (selector === null) continue
    if (!hasAnyKey(selector.matchLabels) && selector.matchExpressions.length === 0) continue
    const inNamespace = found.get(budget.namespace)
    if (inNamespace === undefined) found.set(budget.namespace, [{ at, budget, selector }])
    else inNamespace.push({ at, budget, selector })
  }
  byNamespaceOf.set(budgets, found)
  return found
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
  const byNamespace = budgetsByNamespace(budgets)
  const violating: ClusterPod[] = []
  const nonViolating: ClusterPod[] = []
  for (const pod of victims) {
    let violated = false
    const inNamespace = hasAnyKey(pod.labels) ? byNamespace.get(pod.namespace) : undefined
    for (const { at, budget, selector } of inNamespace ?? []) {
      if (!labelSelectorMatches(selector, pod.labels)) continue
      if (budget.disruptedPods.has(pod.name)) continue
      allowed[at] = (allowed[at] as number) - 1
      if ((allowed[at] as number) < 0) violated = true
    }
    ;(violated ? violating : nonViolating).push(pod)
  }
  return { violating, nonViolating }
}
