import type { RejectionReason } from '../core/index.js'
import type { PodTolerations } from '../protocol/index.js'
import type { ExtenderMetrics, Logger, Verb } from './ports.js'

/** The counters of ExtenderMetrics that decisions feed. */
export type DecisionCounters = Pick<ExtenderMetrics, 'nodesEvaluated' | 'nodesRejected'>

/**
 * What the verbs tell operators about each decision: node counters for every verb and reason,
 * and one debug line per pod (built only when debug is on, so the hot path formats nothing).
 */
export class DecisionRecords {
  readonly #metrics: DecisionCounters
  readonly #logger: Logger

  constructor(metrics: DecisionCounters, logger: Logger) {
    this.#metrics = metrics
    this.#logger = logger
  }

  evaluated(verb: Verb, count: number): void {
    this.#metrics.nodesEvaluated(verb, count)
  }

  filter(
    pod: PodTolerations,
    evaluated: number,
    passed: number,
    reasons: readonly RejectionReason[]
  ): void {
    this.#metrics.nodesEvaluated('filter', evaluated)
    this.rejections(reasons)
    if (this.#logger.isEnabled('debug')) {
      this.#logger.debug('filter', {
        pod: podRef(pod),
        candidates: evaluated,
        passed,
        rejected: reasons.length,
      })
    }
  }

  /** One counter update per run of equal reasons (rejections come in long runs of one). */
  rejections(reasons: readonly RejectionReason[]): void {
    let run = 0
    for (let i = 0; i < reasons.length; i++) {
      run++
      const reason = reasons[i] as RejectionReason
      if (reasons[i + 1] !== reason) {
        this.#metrics.nodesRejected(reason, run)
        run = 0
      }
    }
  }

  preempt(pod: PodTolerations, candidates: number, dropped: number): void {
    this.#metrics.nodesEvaluated('preempt', candidates)
    if (this.#logger.isEnabled('debug')) {
      this.#logger.debug('preempt', { pod: podRef(pod), candidates, dropped })
    }
  }
}

export function podRef(pod: PodTolerations): { name: string; namespace: string } {
  return { name: pod.name, namespace: pod.namespace }
}
