/**
 * Large byte buffers lent for one request and given back once it is done with them: the reply
 * of a node-cache verb, and a request body read in several chunks.
 *
 * Why: V8 counts every fresh ArrayBuffer toward its young generation. At 5000 names a request
 * body is about 250 KB and a filter reply about 330 KB, and allocating both per request made the
 * server run a young-generation collection every 35 requests; lending them from a pool, every
 * 100. A collection adds about 0.7 ms to the request it lands in, so this is what keeps them out
 * of the 99th percentile.
 *
 * Safety: only a buffer this pool lent is taken back, and only once (a WeakSet marks the lent
 * ones), so giving back a foreign buffer, or one twice, does nothing. What is kept is bounded by
 * a count and a total size; anything beyond is left to the garbage collector.
 */

/** Smallest buffer lent: a reply's size varies from request to request, a pooled buffer less. */
const MIN_LENT_BYTES = 64 * 1024

export interface BytePoolOptions {
  /** Buffers kept for reuse, at most. */
  readonly maxKept: number
  /** Their total size, at most; a buffer larger than this is never kept. */
  readonly maxKeptBytes: number
}

function positiveInteger(value: number, what: string): number {
  if (!Number.isInteger(value) || value < 1) {
    throw new TypeError(`${what} must be a positive integer, got ${value}`)
  }
  return value
}

/** The power of two at or above `size`, from MIN_LENT_BYTES up. */
function lentSize(size: number): number {
  let bytes = MIN_LENT_BYTES
  while (bytes < size) bytes *= 2
  return bytes
}

export class BytePool {
  readonly #kept: ArrayBuffer[] = []
  #keptBytes = 0
  readonly #lent = new WeakSet<ArrayBuffer>()
  readonly #maxKept: number
  readonly #maxKeptBytes: number

  constructor(options: BytePoolOptions) {
    this.#maxKept = positiveInteger(options.maxKept, 'maxKept')
    this.#maxKeptBytes = positiveInteger(options.maxKeptBytes, 'maxKeptBytes')
  }

  /** Buffers kept for reuse now, and their total size (for tests and diagnostics). */
  get kept(): { buffers: number; bytes: number } {
    return { buffers: this.#kept.length, bytes: this.#keptBytes }
  }

  /**
   * A view of at least `size` bytes over a whole buffer, whose contents are whatever the last
   * borrower left: the caller writes before it reads.
   */
  take(size: number): Uint8Array {
    const kept = this.#kept
    for (let i = kept.length - 1; i >= 0; i--) {
      const buffer = kept[i] as ArrayBuffer
      if (buffer.byteLength < size) continue
      // Order does not matter: move the last one into the hole.
      kept[i] = kept[kept.length - 1] as ArrayBuffer
      kept.pop()
      this.#keptBytes -= buffer.byteLength
      this.#lent.add(buffer)
      return new Uint8Array(buffer)
    }
    const buffer = new ArrayBuffer(lentSize(size))
    this.#lent.add(buffer)
    return new Uint8Array(buffer)
  }

  /**
   * Takes back the buffer under `bytes`, if this pool lent it and it is not back yet. The caller
   * must not touch `bytes`, or any other view of that buffer, afterwards.
   */
  give(bytes: Uint8Array): void {
    const buffer = bytes.buffer
    if (!(buffer instanceof ArrayBuffer) || !this.#lent.delete(buffer)) return
    if (
      this.#kept.length < this.#maxKept &&
      this.#keptBytes + buffer.byteLength <= this.#maxKeptBytes
    ) {
      this.#kept.push(buffer)
      this.#keptBytes += buffer.byteLength
    }
  }
}

/**
 * The pool node-cache replies are written into (see ByteWriter). The server gives each reply
 * back once it is written to the socket or the connection is gone. Eight buffers cover the
 * requests kube-scheduler and a few concurrent clients keep in flight; 32 MiB covers eight
 * replies to 15000 names.
 */
export const REPLY_POOL = new BytePool({ maxKept: 8, maxKeptBytes: 32 * 1024 * 1024 })
