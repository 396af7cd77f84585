/**
 * Reconnect delays to the API server. Two kinds of failure are told apart:
 *
 * - **Answered** (an HTTP error, a watch ERROR event): the API server is there and unwell, or
 *   shedding load (priority and fairness answers 429). Capped exponential backoff, as client-go's
 *   reflector does (`NewExponentialBackoffManager(800ms, 30s, …)` in tools/cache/reflector.go,
 *   whose comment gives its purpose: far fewer requests to an API server that is not healthy).
 * - **Unreachable** (no answer at all: connection refused, reset, no route, no DNS name): no
 *   process is there to load, so retrying costs the API server nothing. These retry within
 *   `unreachableMs` however long the outage, and do not grow the answered backoff: the view is
 *   current again within about that long of the API server's return, where client-go's delay
 *   has grown to 30–60 s after a minute's outage.
 *
 * Jitter (each delay drawn from the upper half of its step) keeps a fleet of extender replicas
 * from reconnecting in lockstep after an API server restart.
 */
export class CappedBackoff {
  readonly initialMs: number
  readonly maxMs: number
  readonly unreachableMs: number
  readonly #random: () => number
  #failures = 0

  constructor(
    initialMs: number,
    maxMs: number,
    random: () => number = Math.random,
    unreachableMs: number = Math.min(1_000, maxMs)
  ) {
    this.initialMs = initialMs
    this.maxMs = maxMs
    this.unreachableMs = unreachableMs
    this.#random = random
  }

  /** Consecutive answered failures since the last reset. */
  get failures(): number {
    return this.#failures
  }

  /** The delay after an answered failure: initial, doubling per failure, never above max. */
  next(): number {
    // 2 ** 30 is far past any cap; bounding the exponent keeps the arithmetic finite.
    const step = Math.min(this.maxMs, this.initialMs * 2 ** Math.min(this.#failures, 30))
    this.#failures++
    return this.#jittered(step)
  }

  /** The delay after a failure nothing answered: at most `unreachableMs`, however many. */
  nextUnreachable(): number {
    return this.#jittered(this.unreachableMs)
  }

  /** After a success: the next failure waits the initial delay again. */
  reset(): void {
    this.#failures = 0
  }

  #jittered(step: number): number {
    return Math.round(step / 2 + (step / 2) * this.#random())
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
