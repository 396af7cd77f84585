/**
 * The bytes of request bodies held at once, across every connection. --max-body bounds one
 * body; without this, many concurrent bodies under that limit could together take the process
 * past its memory limit. A body is charged as it is declared (Content-Length) or as its chunks
 * arrive, before anything is buffered, and its charge is returned when its reply is done.
 */
export class BodyBudget {
  readonly maxBytes: number
  #inFlight = 0

  constructor(maxBytes: number) {
    if (!Number.isSafeInteger(maxBytes) || maxBytes < 1) {
      throw new TypeError('the body budget must be a positive integer of bytes')
    }
    this.maxBytes = maxBytes
  }

  /** Bytes charged now. */
  get inFlight(): number {
    return this.#inFlight
  }

  /** A new request's account, charged nothing yet. */
  lease(): BodyLease {
    return new BodyLease(this)
  }

  /** @internal for BodyLease: charges `bytes` when they fit, else charges nothing. */
  charge(bytes: number): boolean {
    if (this.#inFlight + bytes > this.maxBytes) return false
    this.#inFlight += bytes
    return true
  }

  /** @internal for BodyLease. */
  refund(bytes: number): void {
    this.#inFlight -= bytes
  }
}

/** One request's charge against the budget, returned once by release(). */
export class BodyLease {
  readonly #budget: BodyBudget
  #charged = 0

  constructor(budget: BodyBudget) {
    this.#budget = budget
  }

  /** The budget's bound, for the refusal's message. */
  get maxBytes(): number {
    return this.#budget.maxBytes
  }

  /** Charges `bytes` more to this request; false (nothing charged) when they would not fit. */
  take(bytes: number): boolean {
    if (!this.#budget.charge(bytes)) return false
    this.#charged += bytes
    return true
  }

  /** Gives back all this request was charged; later calls do nothing. */
  release(): void {
    this.#budget.refund(this.#charged)
    this.#charged = 0
  }
}

/** How long a client refused for the budget is told to wait (Retry-After). */
export const BODY_BUDGET_RETRY_AFTER_SECONDS = 1

/** A body refused because the bodies already in flight hold the budget. */
export class BodyBudgetExceededError extends Error {
  constructor(maxBytes: number) {
    super(
      `the extender is holding its limit of ${maxBytes} bytes of request bodies in flight ` +
        '(--max-body-bytes-in-flight); retry shortly'
    )
    this.name = 'BodyBudgetExceededError'
  }
}
