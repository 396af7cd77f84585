import { isFinishedPod, type ClusterPod } from './cluster-pod.js'
import type { DisruptionBudget } from './disruption-budgets.js'
import { labelSelectorMatches } from './label-requirements.js'

/**
 * The Eviction API's decision for one pod (pkg/registry/core/pod/storage/eviction.go
 * `EvictionREST.Create`, `canIgnorePDB`, `getPodDisruptionBudgets`, `checkAndDecrement`), over
 * the budgets' stored status, which each granted eviction decrements before the disruption
 * controller recounts: evictions sent together see each other's.
 */

export type EvictionAnswer =
  /** The pod is deleted; `budget` is the one whose allowance it took, null when none. */
  | { readonly kind: 'evicted'; readonly budget: string | null }
  /** 429: kubectl drain says so and retries every 5 s, holding the drain there. */
  | {
      readonly kind: 'refused'
      readonly budget: string
      readonly message: string
      readonly cause: string
    }
  /** Any other error: kubectl drain gives the pod up and the node's drain fails. */
  | { readonly kind: 'failed'; readonly code: number; readonly message: string }

/** `MaxDisruptedPodSize`: more unconfirmed evictions than this and the budget refuses all. */
const MAX_DISRUPTED_PODS = 2000

const VIOLATES = "Cannot evict pod as it would violate the pod's disruption budget."

/** `canIgnorePDB`: a pod finished, not started or already terminating is deleted at once. */
function ignoresBudgets(pod: ClusterPod): boolean {
  return isFinishedPod(pod) || pod.phase === 'Pending' || pod.terminating === true
}

const nameOf = (budget: DisruptionBudget): string => `${budget.namespace}/${budget.name}`

/**
 * One budget's allowance as the API server holds it while the drain runs: each granted eviction
 * takes one, as `checkAndDecrement` does before the disruption controller recounts; the
 * recount (`updatePdbStatus`) gives it back only when a pod it selects becomes Ready again.
 * `healthy` is null when the status was read without `currentHealthy`.
 */
interface HeldBudget {
  readonly budget: DisruptionBudget
  allowed: number
  healthy: number | null
}

export class EvictionBudgets {
  private readonly held: HeldBudget[]

  constructor(budgets: readonly DisruptionBudget[]) {
    this.held = budgets.map((budget) => ({
      budget,
      allowed: budget.disruptionsAllowed,
      healthy: budget.currentHealthy ?? null,
    }))
  }

  /**
   * A pod of `namespace` with `labels` became Ready: the disruption controller's recount
   * (`countHealthyPods`, `updatePdbStatus`) makes the allowance currentHealthy − desiredHealthy
   * again, at least 0; without the counts read, one more.
   */
  becameReady(namespace: string, labels: Readonly<Record<string, string>>): void {
    for (const held of this.held) {
      const { budget } = held
      if (budget.namespace !== namespace || !labelSelectorMatches(budget.selector, labels)) continue
      if (held.healthy === null || budget.desiredHealthy === undefined) held.allowed += 1
      else held.allowed = Math.max(0, (held.healthy += 1) - budget.desiredHealthy)
    }
  }

  /**
   * The budgets of the pod's namespace whose selector matches its labels. Unlike preemption's
   * reading, an empty selector matches every pod here (`LabelSelectorAsSelector` of `{}`), an
   * absent one none.
   */
  private matching(pod: ClusterPod): HeldBudget[] {
    return this.held.filter(
      (h) =>
        h.budget.namespace === pod.namespace && labelSelectorMatches(h.budget.selector, pod.labels)
    )
  }

  /** The answer to `POST pods/NAME/eviction` for the pod, its allowance taken when granted. */
  evict(pod: ClusterPod): EvictionAnswer {
    if (ignoresBudgets(pod)) return { kind: 'evicted', budget: null }
    const budgets = this.matching(pod)
    if (budgets.length > 1)
      return {
        kind: 'failed',
        code: 500,
        message:
          'This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.',
      }
    const held = budgets[0]
    if (held === undefined) return { kind: 'evicted', budget: null }
    if (pod.ready !== true && this.unhealthyMayGo(held)) return { kind: 'evicted', budget: null }
    return this.checkAndDecrement(held)
  }

  /**
   * A pod not Ready goes without touching the allowance under `AlwaysAllow`, or, by default
   * (`IfHealthyBudget`), while the budget has the healthy pods it needs.
   */
  private unhealthyMayGo(held: HeldBudget): boolean {
    if (held.budget.unhealthyPodEvictionPolicy === 'AlwaysAllow') return true
    const desired = held.budget.desiredHealthy ?? 0
    return (held.budget.currentHealthy ?? 0) >= desired && desired > 0
  }

  private checkAndDecrement(held: HeldBudget): EvictionAnswer {
    const { budget } = held
    const name = nameOf(budget)
    if ((budget.observedGeneration ?? 0) < (budget.generation ?? 0))
      return this.refusal(
        held,
        `The disruption budget ${budget.name} is still being processed by the server.`
      )
    if (held.allowed < 0) return this.forbidden(budget, 'pdb disruptions allowed is negative')
    if (budget.disruptedPods.size > MAX_DISRUPTED_PODS)
      return this.forbidden(
        budget,
        'DisruptedPods map too big - too many evictions not confirmed by PDB controller'
      )
    if (held.allowed === 0)
      return this.refusal(
        held,
        `The disruption budget ${budget.name} needs ${budget.desiredHealthy ?? 0} healthy pods and has ${budget.currentHealthy ?? 0} currently`
      )
    held.allowed -= 1
    if (held.healthy !== null) held.healthy -= 1
    return { kind: 'evicted', budget: name }
  }

  private refusal(held: HeldBudget, cause: string): EvictionAnswer {
    return { kind: 'refused', budget: nameOf(held.budget), message: VIOLATES, cause }
  }

  private forbidden(budget: DisruptionBudget, why: string): EvictionAnswer {
    return {
      kind: 'failed',
      code: 403,
      message: `poddisruptionbudget.policy "${budget.name}" is forbidden: ${why}`,
    }
  }
}
