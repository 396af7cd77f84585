/**
 * Capped exponential backoff with jitter, for reconnecting to the API server. Jitter (each
 * delay drawn from the upper half of its step) keeps a fleet of extender replicas from
 * reconnecting in lockstep after an API server restart.
 */
export class CappedBackoff {
  readonly initialMs: number
  readonly maxMs: number
  readonly #random: () => number
  #failures = 0

  constructor(initialMs: number, maxMs: number, random: () => number = Math.random) {
    this.initialMs = initialMs
    this.maxMs = maxMs
    this.#random = random
  }

  /** Consecutive failures since the last reset. */
  get failures(): number {
    return this.#failures
  }

  /** The delay before the next attempt: initial, doubling per failure, never above max. */
  next(): number {
    // 2 ** 30 is far past any cap; bounding the exponent keeps the arithmetic finite.
    const step = Math.min(this.maxMs, this.initialMs * 2 ** Math.min(this.#failures, 30))
    this.#failures++
    return Math.round(step / 2 + (step / 2) * this.#random())
  }

  /** After a success: the next failure waits the initial delay again. */
  reset(): void {
    this.#failures = 0
  }
}

/** Resolves after `ms`, or at once when `signal` aborts; never rejects. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0 || signal.aborted) return Promise.resolve()
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    signal.addEventListener('abort', done, { once: true })
  })
}
