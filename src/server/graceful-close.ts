import type { RequestListener, Server } from 'node:http'
import type { Logger } from '../extender/index.js'
import { InFlightReplies } from './in-flight-replies.js'
import { afterQueuedAccepts, UnreadConnections } from './queued-connections.js'

/**
 * A server's way out, as Go's http.Server.Shutdown takes it: keep-alive off for every reply
 * from the drain on, idle connections closed as they appear, then the listener closed once no
 * reply is being written, and whatever is left cut at the deadline.
 */
export class GracefulClose {
  readonly #server: Server
  readonly #logger: Logger
  readonly #inFlight = new InFlightReplies()
  readonly #unread: UnreadConnections
  #draining = false
  #reaper: NodeJS.Timeout | null = null
  /** Set by close(): stops the listener, at the first sweep that may call server.close(). */
  #closeListener: (() => void) | null = null
  #closing: Promise<void> | null = null

  constructor(server: Server, logger: Logger) {
    this.#server = server
    this.#logger = logger
    this.#unread = new UnreadConnections(server)
  }

  /** `handler` with its replies tracked; replies not yet begun when draining starts say close. */
  track(handler: RequestListener): RequestListener {
    return (req, res) => {
      // Tracked while draining too: the sweeps must see every reply still being written.
      this.#inFlight.add(res)
      if (this.#draining) res.shouldKeepAlive = false
      handler(req, res)
    }
  }

  drain(): void {
    if (this.#draining) return
    this.#draining = true
    this.#inFlight.closeConnectionsOfRepliesNotBegun()
    // A connection idle when draining starts carries no reply to say `Connection: close` on,
    // and one that finishes its reply is closed by its own header; sweep the idle ones now and
    // as they appear (a reply begun before the drain said keep-alive).
    this.#sweep()
    this.#reaper = setInterval(() => this.#sweep(), 50)
    this.#reaper.unref()
  }

  close(timeoutMs: number): Promise<void> {
    this.#closing ??= new Promise<void>((resolve) => {
      const force = setTimeout(() => {
        this.#logger.warn('shutdown timeout reached; closing remaining connections')
        this.#closeListenerIfPending()
        this.#server.closeAllConnections()
      }, timeoutMs)
      force.unref()
      this.#closeListener = () =>
        this.#server.close(() => {
          clearTimeout(force)
          if (this.#reaper !== null) clearInterval(this.#reaper)
          resolve()
        })
      this.drain()
      afterQueuedAccepts(this.#server, () => this.#sweep())
    })
    return this.#closing
  }

  /**
   * Node's closeIdleConnections, which server.close() calls too, destroys a connection whose
   * reply is ended but not yet all written (a large full-node reply to a slow reader), cutting
   * it short. So both wait for a sweep that finds no such reply, 50 ms at a time.
   */
  #sweep(): void {
    if (this.#inFlight.anyEndedButUnflushed() || this.#unread.any()) return
    this.#server.closeIdleConnections()
    this.#closeListenerIfPending()
  }

  #closeListenerIfPending(): void {
    const closeNow = this.#closeListener
    this.#closeListener = null
    closeNow?.()
  }
}
