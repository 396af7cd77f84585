/**
 * Node names keyed by their bytes, so that the thousands of names of a node-cache request are
 * looked up where they lie in the request body, with no string made per name. Profiled at 5000
 * names, Map.get on freshly parsed strings cost about 130 ns a name: V8 hashes each new string
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

/** ASCII from 0x20 up, without `"` or `\`, and not empty: the names this table can hold. */
export function isPlainName(name: string): boolean {
  if (name.length === 0) return false
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i)
    if (c < 0x20 || c > 0x7f || c === 0x22 || c === 0x5c) return false
  }
  return true
}

const GOLDEN = 0x9e3779b1
/** Where every name hash starts; the length is mixed in at the end (see finishNameHash). */
export const NAME_HASH_SEED = 0x2545f491

/**
 * One step of the name hash: a little-endian word XOR-ed in, multiplied by an odd constant and
 * rotated, so high bits feed back down. Exported so that a scanner reading a request's names
 * four bytes at a time can hash them in the same pass (see scanNodeNames).
 */
export function mixNameWord(h: number, word: number): number {
  h = Math.imul(h ^ word, GOLDEN)
  return (h << 13) | (h >>> 19)
}

/**
 * The last step: the 0–3 bytes after the last whole word (little-endian, 0 when none: a name
 * byte is never 0), the length, then murmur3's finaliser, which mixes every bit into the low
 * bits the table masks with.
 */
export function finishNameHash(h: number, tail: number, length: number): number {
  if (tail !== 0) h = Math.imul(h ^ tail, GOLDEN)
  h ^= length
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  return h ^ (h >>> 16)
}

/**
 * The hash of bytes [start, end): mixNameWord over each whole word, then finishNameHash. Three
 * operations a word: this runs once per name of every request, and the table compares names
 * in full anyway.
 */
export function hashNameBytes(view: DataView, start: number, end: number): number {
  let h = NAME_HASH_SEED
  let i = start
  for (; i + 4 <= end; i += 4) h = mixNameWord(h, view.getInt32(i, true))
  let tail = 0
  for (let shift = 0; i < end; i++, shift += 8) tail |= view.getUint8(i) << shift
  return finishNameHash(h, tail, end - start)
}

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

  get size(): number {
    return this.#size
  }

  /**
   * The value of the name whose bytes are view[start, end), if it is held. `hash` is
   * hashNameBytes of those bytes, when the caller has it already.
   */
  get(
    view: DataView,
    start: number,
    end: number,
    hash: number = hashNameBytes(view, start, end)
  ): V | undefined {
    const bucket = this.#findBucket(view, start, end, hash)
    return bucket < 0 ? undefined : this.#values[this.#buckets[bucket + 1] as number]
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

  #equals(bucket: number, view: DataView, start: number, end: number): boolean {
    if (this.#buckets[bucket + 3] !== end - start) return false
    let at = this.#buckets[bucket + 2] as number
    const arena = this.#arenaView
    let i = start
    // Two words a step: a node name is about a dozen words, and the loop's own cost was much of
    // a lookup (bench/micro-wire.ts at 5000 names, in one process: 38 against 47 ns a name).
    for (; i + 8 <= end; i += 8, at += 8) {
      if (
        view.getInt32(i, true) !== arena.getInt32(at, true) ||
        view.getInt32(i + 4, true) !== arena.getInt32(at + 4, true)
      ) {
        return false
      }
    }
    if (i + 4 <= end) {
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
