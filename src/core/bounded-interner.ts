/**
 * One shared value per key, made on first use: what lets thousands of nodes share a few taint
 * strings and profiles. It is cleared when it grows past its bound, which only costs sharing,
 * never correctness: whoever holds a value keeps it, and the next asker gets a fresh one.
 */
export class BoundedInterner<V> {
  readonly #values = new Map<string, V>()
  readonly #maxSize: number

  /** `what` names the interner in the error for a bad bound. */
  constructor(what: string, maxSize: number) {
    if (!Number.isInteger(maxSize) || maxSize < 1) {
      throw new TypeError(`${what} maxSize must be a positive integer`)
    }
    this.#maxSize = maxSize
  }

  get size(): number {
    return this.#values.size
  }

  intern(key: string, make: () => V): V {
    const known = this.#values.get(key)
    if (known !== undefined) return known
    if (this.#values.size >= this.#maxSize) this.#values.clear()
    const made = make()
    this.#values.set(key, made)
    return made
  }
}
