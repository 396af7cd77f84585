import type { ServerResponse } from 'node:http'

/**
 * The replies in flight, so that draining can make the ones not yet begun say
 * `Connection: close`, and can tell when none is still being written. A slot each, reused
 * through a free list, rather than a Set: a Set that lives as long as the server and gains and
 * loses one entry per request rebuilds its hash table every few requests, and V8 allocates the
 * rebuilt table in the generation the Set lives in, the old one. Only a mark-compact frees it,
 * so with the Set calls back to back brought one far more often (bench/README.md, "Measurements
 * behind the code").
 * Slots are written in place and the free list stays as long as the most replies ever in
 * flight at once: nothing here allocates once the server has seen its peak concurrency.
 */
export class InFlightReplies {
  readonly #slots: (ServerResponse | null)[] = []
  /**
   * Free slots, as a stack whose top is #freeCount: never popped, because an array emptied by
   * pop may give up its backing store and take a new one at the next push.
   */
  readonly #free: number[] = []
  #freeCount = 0

  /** Holds `res` until it closes. */
  add(res: ServerResponse): void {
    const slot =
      this.#freeCount > 0 ? (this.#free[--this.#freeCount] as number) : this.#slots.length
    this.#slots[slot] = res
    res.once('close', () => {
      this.#slots[slot] = null
      this.#free[this.#freeCount++] = slot
    })
  }

  /** Every reply in flight whose headers are not yet written will close its connection. */
  closeConnectionsOfRepliesNotBegun(): void {
    for (const res of this.#slots) {
      if (res !== null && !res.headersSent) res.shouldKeepAlive = false
    }
  }

  /**
   * Whether a reply has been ended but its bytes are not all handed to the kernel yet: a large
   * reply to a client that reads slowly. Node's closeIdleConnections (and so server.close)
   * counts such a connection idle, since its request is complete and the reply `finished`,
   * and destroys it, cutting the reply short; the caller sweeps only when this is false.
   */
  anyEndedButUnflushed(): boolean {
    for (const res of this.#slots) {
      if (res !== null && res.writableEnded && !res.writableFinished) return true
    }
    return false
  }
}
