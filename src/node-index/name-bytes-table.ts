import { hashNameBytes, isPlainName, type NameBytesKeys } from './name-hash.js'

/**
 * Node names keyed by their bytes, so that the thousands of names of a node-cache request are
 * looked up where they lie in the request body, with no string made per name. Profiled at 5000
 * names, Map.get on freshly parsed strings was a large part of a call: V8 hashes each new string
 * character by character, then compares it in full. This table hashes and compares 4 bytes at a
 * time, and keeps the hash and the name's place beside each entry, so a probe reads one bucket.
 *
 * Only plain names are kept: ASCII from 0x20 up, without `"` or `\`. A plain name's JSON
 * literal is exactly its bytes between quotes, so a match also proves the literal valid. Every
 * Kubernetes node name (a DNS subdomain) is plain; callers look any other up by string.
 */

const EMPTY = -1
const DELETED = -2
const MIN_CAPACITY = 16
/** Int32 slots per bucket (see NameBytesTable.#buckets). */
const BUCKET = 4
/**
 * Names looked up per batch in getAll: their buckets and name bytes, loaded ahead, stay well
 * inside L1 until the lookups read them.
 */
const BATCH = 64

function capacityFor(live: number): number {
  let capacity = MIN_CAPACITY
  while (capacity < live * 4) capacity *= 2
  return capacity
}

/**
 * An open-addressing map from plain names, given as bytes, to values. Linear probing; deletes
 * leave tombstones, and the table is rebuilt (and its name bytes compacted) once live entries
 * and tombstones fill half of it.
 */
export class NameBytesTable<V> {
  /**
   * Four slots per bucket: the hash, the entry index (or EMPTY, or DELETED), and where the
   * entry's name lies in the arena (start, length). One probe reads one cache line, and a
   * match is confirmed against the arena without another lookup.
   */
  #buckets = new Int32Array(MIN_CAPACITY * BUCKET).fill(EMPTY)
  /** Masks a slot offset into #buckets (capacity × BUCKET is a power of two). */
  #offsetMask = MIN_CAPACITY * BUCKET - 1
  /** Buckets holding an entry or a tombstone. */
  #used = 0
  #size = 0
  /** Every entry's name bytes, back to back. */
  #arena = new Uint8Array(1024)
  #arenaView = new DataView(this.#arena.buffer)
  #arenaEnd = 0
  readonly #names: (string | undefined)[] = []
  readonly #values: (V | undefined)[] = []
  /**
   * Where getAll's loads ahead end up, read by nothing: so that the JIT cannot drop them. Not
   * private, so that the compiler does not flag it as never read.
   */
  loadedAhead = 0

  get size(): number {
    return this.#size
  }

  /**
   * The value held under each of `names`, undefined where none is, into out[0 … length − 1]:
   * the one lookup by bytes. A name whose hash is not its bytes' hashNameBytes is simply not
   * found (see NameBytesKeys), so a caller may look such names up by string instead.
   *
   * Why batches: in kube-scheduler's order a request's names land all over the table, and each
   * lookup missed the cache twice, on its bucket and on its name's bytes, one after the other.
   * Loading a batch's buckets first, then the bytes and value each bucket points at, in loops
   * with nothing else to do, lets the CPU wait for all of them at once; the lookups then read
   * the cache. Two extenders called in turn (bench:ab), names in that order: p50 lower than with
   * one lookup per name at 500 and 5000 names (bench/README.md, "Measurements behind the code").
   */
  getAll(names: NameBytesKeys, out: (V | undefined)[]): void {
    const buckets = this.#buckets
    const mask = this.#offsetMask
    const arena = this.#arena
    const values = this.#values
    const view = names.view
    const count = names.length
    let loaded = 0
    for (let from = 0; from < count; from += BATCH) {
      const to = Math.min(count, from + BATCH)
      for (let i = from; i < to; i++) {
        loaded ^= buckets[((names.hash(i) * BUCKET) & mask) + 1] as number
      }
      for (let i = from; i < to; i++) {
        const b = (names.hash(i) * BUCKET) & mask
        const entry = buckets[b + 1] as number
        if (entry >= 0) {
          loaded ^= arena[buckets[b + 2] as number] as number
          if (values[entry] === undefined) loaded++
        }
      }
      for (let i = from; i < to; i++) {
        const b = this.#findBucket(view, names.start(i), names.end(i), names.hash(i))
        out[i] = b < 0 ? undefined : values[buckets[b + 1] as number]
      }
    }
    this.loadedAhead = loaded
  }

  /** Adds or replaces; false (and nothing kept) for a name that is not plain. */
  set(name: string, value: V): boolean {
    if (!isPlainName(name)) return false
    if ((this.#used + 1) * 2 > this.#buckets.length / BUCKET) this.#rebuild(this.#size + 1)
    const { start, hash, bucket } = this.#findStaged(name)
    if (bucket >= 0) {
      this.#values[this.#buckets[bucket + 1] as number] = value
      return true
    }
    const entry = this.#names.length
    this.#arenaEnd = start + name.length
    this.#names.push(name)
    this.#values.push(value)
    this.#place(hash, entry, start, name.length)
    this.#size++
    return true
  }

  delete(name: string): boolean {
    if (!isPlainName(name)) return false
    const { bucket } = this.#findStaged(name)
    if (bucket < 0) return false
    const entry = this.#buckets[bucket + 1] as number
    this.#buckets[bucket + 1] = DELETED
    this.#names[entry] = undefined
    this.#values[entry] = undefined
    this.#size--
    return true
  }

  /** Writes `name`'s bytes after the arena's last entry, without keeping them; returns where. */
  #stage(name: string): number {
    if (this.#arenaEnd + name.length > this.#arena.length) {
      const grown = new Uint8Array(Math.max(this.#arena.length * 2, this.#arenaEnd + name.length))
      grown.set(this.#arena.subarray(0, this.#arenaEnd))
      this.#arena = grown
      this.#arenaView = new DataView(grown.buffer)
    }
    const start = this.#arenaEnd
    for (let i = 0; i < name.length; i++) this.#arena[start + i] = name.charCodeAt(i)
    return start
  }

  /** `name` staged in the arena, its hash, and the bucket already holding it (or -1). */
  #findStaged(name: string): { start: number; hash: number; bucket: number } {
    const start = this.#stage(name)
    const end = start + name.length
    const hash = hashNameBytes(this.#arenaView, start, end)
    return { start, hash, bucket: this.#findBucket(this.#arenaView, start, end, hash) }
  }

  /** The offset in #buckets of the bucket holding the name at view[start, end), or -1. */
  #findBucket(view: DataView, start: number, end: number, hash: number): number {
    const buckets = this.#buckets
    let b = (hash * BUCKET) & this.#offsetMask
    for (;;) {
      const entry = buckets[b + 1] as number
      if (entry === EMPTY) return -1
      if (entry >= 0 && buckets[b] === hash && this.#equals(b, view, start, end)) return b
      b = (b + BUCKET) & this.#offsetMask
    }
  }

  /**
   * Whether view[start, end) holds the bucket's name. Eight bytes a step, read as doubles: two
   * doubles are equal exactly when their bits are, except NaN (never equal) and ±0 (equal). Any
   * eight bytes of a plain name are neither: every byte is from 0x20 to 0x7f, so the sign bit
   * is clear and the exponent lies from 0x200 to 0x7f7 (zero needs 0, NaN 0x7ff). A request's
   * bytes may be anything, but they cannot equal the arena's double without being its bits.
   * Half the loads of comparing words, and a faster getAll in scheduler order (bench/README.md,
   * "Measurements behind the code").
   */
  #equals(bucket: number, view: DataView, start: number, end: number): boolean {
    const length = end - start
    if (this.#buckets[bucket + 3] !== length) return false
    let at = this.#buckets[bucket + 2] as number
    const arena = this.#arenaView
    if (length >= 8) {
      // The last eight bytes are compared where they end, overlapping the step before.
      const last = end - 8
      let i = start
      for (; i < last; i += 8, at += 8) {
        if (view.getFloat64(i, true) !== arena.getFloat64(at, true)) return false
      }
      return view.getFloat64(last, true) === arena.getFloat64(at - (i - last), true)
    }
    let i = start
    if (length >= 4) {
      if (view.getInt32(i, true) !== arena.getInt32(at, true)) return false
      i += 4
      at += 4
    }
    for (; i < end; i++, at++) {
      if (view.getUint8(i) !== arena.getUint8(at)) return false
    }
    return true
  }

  #place(hash: number, entry: number, start: number, length: number): void {
    const buckets = this.#buckets
    let b = (hash * BUCKET) & this.#offsetMask
    while ((buckets[b + 1] as number) >= 0) b = (b + BUCKET) & this.#offsetMask
    if (buckets[b + 1] === EMPTY) this.#used++
    buckets[b] = hash
    buckets[b + 1] = entry
    buckets[b + 2] = start
    buckets[b + 3] = length
  }

  /** A fresh table sized for `live` entries, with the live names' bytes compacted. */
  #rebuild(live: number): void {
    const names = this.#names.slice()
    const values = this.#values.slice()
    const capacity = capacityFor(live)
    this.#buckets = new Int32Array(capacity * BUCKET).fill(EMPTY)
    this.#offsetMask = capacity * BUCKET - 1
    this.#used = 0
    this.#size = 0
    this.#arenaEnd = 0
    this.#names.length = 0
    this.#values.length = 0
    for (let i = 0; i < names.length; i++) {
      const name = names[i]
      if (name !== undefined) this.set(name, values[i] as V)
    }
  }
}
