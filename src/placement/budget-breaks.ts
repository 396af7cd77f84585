import type { ClusterPod } from './cluster-pod.js'
import type { DisruptionBudget } from './disruption-budgets.js'
import { labelSelectorMatches } from './label-requirements.js'

/**
 * The PodDisruptionBudgets a series of evictions takes below `minAvailable` (above
 * `maxUnavailable`), and when. The taint-eviction controller deletes pods without the Eviction
 * API, so no budget stops it (pkg/controller/tainteviction `addConditionAndDeletePod`); the
 * budget is broken once more of its healthy pods are gone than `status.disruptionsAllowed`
 * allowed, that being currentHealthy − desiredHealthy (pkg/controller/disruption
 * `updatePdbStatus`). A pod counts as healthy as the disruption controller counts it
 * (`countHealthyPods`): not terminating, not among `disruptedPods`, Ready (a pod whose
 * readiness was not read counts as Ready). A replacement that lands counts as healthy again for
 * evictions at a later second than its own creation: it starts and becomes Ready in between,
 * which the snapshot cannot time more closely.
 */

export interface BudgetOutcome {
  readonly namespace: string
  readonly name: string
  /** Seconds after the taint or the drain when the budget is first broken; null: never. */
  readonly brokenAfterSeconds: number | null
}

interface Tally {
  readonly budget: DisruptionBudget
  lost: number
  readonly restoredAt: number[]
  brokenAt: number | null
}

/**
 * The disruption controller's selection (`getPodsForPdb`): the budget's namespace, its selector
 * as policy/v1 reads it, where an empty selector matches every pod and a missing one none.
 */
function selects(budget: DisruptionBudget, pod: ClusterPod): boolean {
  if (budget.namespace !== pod.namespace || budget.selector === null) return false
  return labelSelectorMatches(budget.selector, pod.labels)
}

function healthy(budget: DisruptionBudget, pod: ClusterPod): boolean {
  return pod.terminating !== true && pod.ready !== false && !budget.disruptedPods.has(pod.name)
}

export class BudgetBreaks {
  readonly #tallies: Tally[]

  constructor(budgets: readonly DisruptionBudget[]) {
    this.#tallies = budgets.map((budget) => ({ budget, lost: 0, restoredAt: [], brokenAt: null }))
  }

  /** `pod` is deleted `at` seconds in; evictions must come in the order of their time. */
  evicted(pod: ClusterPod, at: number): void {
    for (const tally of this.#tallies) {
      if (!selects(tally.budget, pod) || !healthy(tally.budget, pod)) continue
      tally.lost++
      const back = tally.restoredAt.filter((r) => r < at).length
      if (tally.brokenAt === null && tally.lost - back > tally.budget.disruptionsAllowed)
        tally.brokenAt = at
    }
  }

  /** A replacement created `at` seconds in has landed on a node. */
  landed(pod: ClusterPod, at: number): void {
    for (const tally of this.#tallies) if (selects(tally.budget, pod)) tally.restoredAt.push(at)
  }

  /** Every budget that selects an evicted healthy pod, in the order the budgets were given. */
  outcomes(): BudgetOutcome[] {
    return this.#tallies
      .filter((t) => t.lost > 0)
      .map((t) => ({
        namespace: t.budget.namespace,
        name: t.budget.name,
        brokenAfterSeconds: t.brokenAt,
      }))
  }
}
