import { BytePool } from '../protocol/index.js'

/**
 * 16 MiB holds about 1000 realistic full nodes (16 KiB each). Up to that size, `keep` bodies
 * joined at once each keep their buffer: sequential calls, as kube-scheduler makes them, keep
 * one, concurrent ones at most 64 MiB. At 500 nodes a lent buffer was faster than a fresh one
 * (bench/README.md, "Measurements behind the code").
 */
const SMALL_BODIES = { keep: 4, maxBytes: 16 * 1024 * 1024 }

/**
 * How long the large buffer is kept after the last large body: kube-scheduler in full-node mode
 * sends one every scheduling cycle while pods are pending, and a lone large request (a test, a
 * tool) should not hold tens of MiB for the life of the process.
 */
export const LARGE_BUFFER_IDLE_MS = 60_000

/**
 * The buffers request bodies that arrive in several chunks are joined in (see readJsonBody),
 * lent for one request through its RequestMemory and given back when that is released.
 *
 * A body over 16 MiB (full-node mode past about 1000 nodes) is joined in the one large buffer
 * kept, the largest such body's, when it is free. A fresh buffer of that size comes from the
 * kernel as zeroed pages, each faulted in as the body is copied there: at 5000 nodes that was a
 * large share of the extender's CPU time in a prioritize call (`--cpu-prof`). Reusing one
 * buffer lowered both the calls' p50 and the peak resident size (bench/README.md, "Measurements
 * behind the code"). The price is resident memory while large bodies
 * keep coming: one buffer of the largest body seen, at most `--max-body`, let go
 * LARGE_BUFFER_IDLE_MS after the last. One only: concurrent large bodies beyond it get buffers
 * of their own.
 */
export class BodyBuffers {
  readonly #small = new BytePool(SMALL_BODIES)
  readonly #large: BytePool
  #release: NodeJS.Timeout | null = null

  constructor(maxBodyBytes: number) {
    this.#large = new BytePool({ keep: 1, maxBytes: maxBodyBytes })
  }

  /** A buffer of at least `minBytes` to join a body in (its contents are left over). */
  take(minBytes: number): Uint8Array {
    return minBytes <= SMALL_BODIES.maxBytes
      ? this.#small.take(minBytes)
      : this.#large.take(minBytes)
  }

  /**
   * Takes back the buffer under `body` if it was lent here (each pool ignores what it did not
   * lend, so a body used as it came, in one chunk, is simply left to the collector).
   */
  give(body: Uint8Array): void {
    if (body.buffer.byteLength <= SMALL_BODIES.maxBytes) {
      this.#small.give(body)
      return
    }
    this.#large.give(body)
    if (this.#large.idle > 0) this.#releaseLater()
  }

  /** (Re)starts the countdown to letting the large buffer go; never keeps the process alive. */
  #releaseLater(): void {
    if (this.#release !== null) {
      this.#release.refresh()
      return
    }
    this.#release = setTimeout(() => {
      this.#release = null
      this.#large.clear()
    }, LARGE_BUFFER_IDLE_MS)
    this.#release.unref()
  }
}
