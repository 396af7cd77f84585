/**
 * A list of int32s in one Int32Array, emptied and refilled from request to request: the
 * per-request positions of a 5000-name request (its name spans, the nodes that pass) without a
 * fresh array each time. Grown by doubling when full, never shrunk.
 *
 * Why not a plain array: filled by push, one request's arrays came to hundreds of KB of heap
 * garbage at 5000 names, and young collections came many times as often.
 */
export class IntList {
  #items: Int32Array
  #length = 0

  constructor(capacity = 64) {
    if (!Number.isInteger(capacity) || capacity < 1) {
      throw new RangeError(`IntList capacity must be a whole number >= 1, got ${capacity}`)
    }
    this.#items = new Int32Array(capacity)
  }

  get length(): number {
    return this.#length
  }

  clear(): void {
    this.#length = 0
  }

  push(value: number): void {
    if (this.#length === this.#items.length) this.#grow()
    this.#items[this.#length++] = value
  }

  /** Item i; i must be below length (not checked: this is read once per name per request). */
  at(i: number): number {
    return this.#items[i] as number
  }

  /** The items as a view, valid until the list is next changed. */
  view(): Int32Array {
    return this.#items.subarray(0, this.#length)
  }

  #grow(): void {
    const grown = new Int32Array(this.#items.length * 2)
    grown.set(this.#items)
    this.#items = grown
  }
}
