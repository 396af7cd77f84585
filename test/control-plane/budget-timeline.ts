import type { KubeApi } from '../support/control-plane/index.js'
import { watchObjects, type ObjectWatch } from './object-watch.js'

/**
 * When each PodDisruptionBudget was first seen broken (the disruption controller's status with
 * fewer healthy pods than it desires), by a watch of the budgets of one namespace.
 */
export class BudgetTimeline {
  readonly #brokenAt = new Map<string, number>()
  #watch: ObjectWatch | null = null

  constructor(
    private readonly api: KubeApi,
    private readonly namespace: string
  ) {}

  async start(): Promise<void> {
    const path = `/apis/policy/v1/namespaces/${this.namespace}/poddisruptionbudgets`
    this.#watch = await watchObjects(this.api, path, (_type, pdb, at) => {
      const status = pdb.status as { currentHealthy?: number; desiredHealthy?: number } | undefined
      const broken = (status?.currentHealthy ?? 0) < (status?.desiredHealthy ?? 0)
      if (broken && !this.#brokenAt.has(pdb.metadata.name))
        this.#brokenAt.set(pdb.metadata.name, at)
    })
  }

  stop(): void {
    this.#watch?.stop()
  }

  /** The budgets first seen broken after `at`, and when. */
  brokenAfter(at: number): Map<string, number> {
    return new Map([...this.#brokenAt].filter(([, when]) => when >= at))
  }
}
