/**
 * Bytes counted for one entry besides its key's characters: the Map slot, the value's object
 * header and its fields. Both interners hold values about as large as their keys (a taint
 * string is its own key; a profile holds the taints its signature spells), so twice the key's
 * length (UTF-16) plus this is a fair upper estimate of what an entry keeps alive.
 */
const ENTRY_OVERHEAD_BYTES = 96

/** What an entry under `key` is counted as against the byte bound. */
export function internedEntryBytes(key: string): number {
  return 2 * key.length + ENTRY_OVERHEAD_BYTES
}

/**
 * One shared value per key, made on first use: what lets thousands of nodes share a few taint
 * strings and profiles. It is cleared when it would grow past either bound (entries, or bytes
 * as internedEntryBytes counts them), which only costs sharing, never correctness: whoever holds
 * a value keeps it, and the next asker gets a fresh one. A key too large for the byte bound on
 * its own is never kept: its value is made for that caller alone.
 */
export class BoundedInterner<V> {
  readonly #values = new Map<string, V>()
  readonly #maxSize: number
  readonly #maxBytes: number
  #bytes = 0

  /** `what` names the interner in the error for a bad bound. */
  constructor(what: string, maxSize: number, maxBytes: number) {
    if (!Number.isInteger(maxSize) || maxSize < 1) {
      throw new TypeError(`${what} maxSize must be a positive integer`)
    }
    if (!Number.isSafeInteger(maxBytes) || maxBytes < 1) {
      throw new TypeError(`${what} maxBytes must be a positive integer`)
    }
    this.#maxSize = maxSize
    this.#maxBytes = maxBytes
  }

  get size(): number {
    return this.#values.size
  }

  /** The bytes the kept entries are counted as (see internedEntryBytes). */
  get bytes(): number {
    return this.#bytes
  }

  intern(key: string, make: () => V): V {
    const known = this.#values.get(key)
    if (known !== undefined) return known
    const made = make()
    const cost = internedEntryBytes(key)
    if (cost > this.#maxBytes) return made
    if (this.#values.size >= this.#maxSize || this.#bytes + cost > this.#maxBytes) {
      this.#values.clear()
      this.#bytes = 0
    }
    this.#values.set(key, made)
    this.#bytes += cost
    return made
  }
}
