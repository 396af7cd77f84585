import { setTimeout as delay } from 'node:timers/promises'
import type { RequestKind } from './fake-http.js'

/**
 * The faults a test sets on the fake API server's answers: failures by request kind, and list
 * and GET answers delayed or held. Held and lasting failures end only when the test says so,
 * so what a test checks "meanwhile" holds however slowly the machine runs it.
 */
export class ResponseFaults {
  readonly #queued: Record<RequestKind, number[]> = { list: [], watch: [], get: [], other: [] }
  readonly #lasting: Partial<Record<RequestKind, { status: number; count: number }>> = {}
  #delayMs = 0
  #gate: Promise<void> | null = null

  /** The next `count` requests of `kind` (for lists, each page counts) fail with `status`. */
  failNext(kind: RequestKind, count: number, status = 500): void {
    this.#queued[kind].push(...Array<number>(count).fill(status))
  }

  /**
   * Every request of `kind` fails with `status` until the returned function is called; it
   * returns how many failed.
   */
  failUntilCleared(kind: RequestKind, status = 500): () => number {
    const lasting = { status, count: 0 }
    this.#lasting[kind] = lasting
    return () => {
      if (this.#lasting[kind] === lasting) delete this.#lasting[kind]
      return lasting.count
    }
  }

  /** The status a request of `kind` is to fail with now, if any; counts it as failed. */
  failureFor(kind: RequestKind): number | undefined {
    const lasting = this.#lasting[kind]
    if (lasting === undefined) return this.#queued[kind].shift()
    lasting.count++
    return lasting.status
  }

  /** Delays every list and GET answer by `ms` (watch streams are not delayed). */
  setDelay(ms: number): void {
    this.#delayMs = ms
  }

  /**
   * Holds every list and GET answer until the returned function is called. Unlike a delay, the
   * request is surely still in flight however slowly the machine runs the test meanwhile.
   */
  hold(): () => void {
    let release = (): void => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    this.#gate = gate
    return () => {
      if (this.#gate === gate) this.#gate = null
      release()
    }
  }

  /** Waits out the delay and any hold, before a list or GET is answered. */
  async beforeAnswer(): Promise<void> {
    if (this.#delayMs > 0) await delay(this.#delayMs)
    if (this.#gate !== null) await this.#gate
  }
}
