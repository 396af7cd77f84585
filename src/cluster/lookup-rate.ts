/**
 * A token bucket: `perSecond` takes a second on average, up to `burst` at once after a quiet
 * spell (client-go's flowcontrol token bucket, which bounds a client's requests to the API
 * server the same way). Shared by every call, so many calls naming unknown nodes cost the API
 * server no more than one.
 */
export class LookupRate {
  readonly #perMs: number
  readonly #burst: number
  readonly #now: () => number
  #tokens: number
  #at: number

  constructor(perSecond: number, burst: number, now: () => number) {
    if (!Number.isFinite(perSecond) || perSecond <= 0) {
      throw new TypeError(`lookups per second must be a positive number, got ${perSecond}`)
    }
    if (!Number.isInteger(burst) || burst < 1) {
      throw new TypeError(`the lookup burst must be a positive integer, got ${burst}`)
    }
    this.#perMs = perSecond / 1000
    this.#burst = burst
    this.#now = now
    this.#tokens = burst
    this.#at = now()
  }

  /** Takes one token when there is one. */
  take(): boolean {
    const now = this.#now()
    this.#tokens = Math.min(this.#burst, this.#tokens + (now - this.#at) * this.#perMs)
    this.#at = now
    if (this.#tokens < 1) return false
    this.#tokens -= 1
    return true
  }
}
