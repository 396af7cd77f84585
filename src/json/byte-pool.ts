export interface BytePoolOptions {
  /** Buffers kept for reuse: one per request in flight at once is plenty. */
  readonly keep: number
  /** Largest buffer kept. A larger need gets a buffer of its own, collected after use. */
  readonly maxBytes: number
}

/**
 * Where a reply's bytes are borrowed from (see ByteWriter): a BytePool, or a request's memory,
 * which hands back everything it lent when the request is done.
 */
export interface ByteLender {
  /** A buffer of at least `minBytes` (its contents are whatever was last written there). */
  take(minBytes: number): Uint8Array
  /** Takes back a buffer that was lent and is no longer read (one outgrown, say). */
  give(bytes: Uint8Array): void
}

/** Buffers are lent in sizes rounded up to this, so requests a few bytes apart share them. */
const GRAIN = 16 * 1024

/**
 * Byte buffers lent for one request's body or reply and given back when the request is done.
 *
 * Why: at 5000 names a request is about 150 KB in and as much out. Allocated fresh, those
 * ArrayBuffers are memory V8 counts as external, and it starts a collection each time enough
 * of it piles up, whatever the heap holds. Lending the same few buffers over and over leaves
 * the socket's own reads as the only such memory a request allocates.
 *
 * Only a buffer this pool lent is taken back (it remembers those out in a WeakSet): giving
 * back a constant, or a buffer someone else owns, does nothing, and a buffer never given back
 * is collected like any other.
 */
export class BytePool implements ByteLender {
  readonly #keep: number
  readonly #maxBytes: number
  readonly #free: ArrayBuffer[] = []
  readonly #lent = new WeakSet<ArrayBuffer>()

  constructor(options: BytePoolOptions) {
    if (!Number.isInteger(options.keep) || options.keep < 0) {
      throw new RangeError(`BytePool keep must be a whole number >= 0, got ${options.keep}`)
    }
    if (!Number.isInteger(options.maxBytes) || options.maxBytes < 0) {
      throw new RangeError(`BytePool maxBytes must be a whole number >= 0, got ${options.maxBytes}`)
    }
    this.#keep = options.keep
    this.#maxBytes = options.maxBytes
  }

  /** Buffers waiting to be lent again, for tests and diagnostics. */
  get idle(): number {
    return this.#free.length
  }

  /** Lets go of every buffer waiting to be lent; those lent out come back as usual. */
  clear(): void {
    this.#free.length = 0
  }

  /** A buffer of at least `minBytes` (its contents are whatever was last written there). */
  take(minBytes: number): Uint8Array {
    const free = this.#free
    for (let i = 0; i < free.length; i++) {
      const buffer = free[i] as ArrayBuffer
      if (buffer.byteLength >= minBytes) {
        free[i] = free[free.length - 1] as ArrayBuffer
        free.pop()
        this.#lent.add(buffer)
        return new Uint8Array(buffer)
      }
    }
    const buffer = new ArrayBuffer(Math.ceil(Math.max(minBytes, 1) / GRAIN) * GRAIN)
    if (buffer.byteLength <= this.#maxBytes) this.#lent.add(buffer)
    return new Uint8Array(buffer)
  }

  /**
   * Takes back the buffer under `bytes` if this pool lent it. The caller must hold no view of
   * it any more: the next take may write over it.
   */
  give(bytes: Uint8Array): void {
    const buffer = bytes.buffer
    if (!(buffer instanceof ArrayBuffer) || !this.#lent.delete(buffer)) return
    const free = this.#free
    if (free.length < this.#keep) {
      free.push(buffer)
      return
    }
    // Full: keep the larger buffers, which fit every request the smaller ones would.
    let smallest = -1
    for (let i = 0; i < free.length; i++) {
      const size = (free[i] as ArrayBuffer).byteLength
      if (
        size < buffer.byteLength &&
        (smallest < 0 || size < (free[smallest] as ArrayBuffer).byteLength)
      ) {
        smallest = i
      }
    }
    if (smallest >= 0) free[smallest] = buffer
  }
}
