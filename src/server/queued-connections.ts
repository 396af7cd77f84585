import type { Server } from 'node:http'
import type { Socket } from 'node:net'

/**
 * What a shutting-down server does for connections it has not served yet: accept those the
 * kernel queued, and spare those it accepted whose request it has not read (see listen's close
 * and sweep).
 */

/**
 * Runs `then` once a turn of the event loop has accepted no new connection. Closing a listener
 * resets the connections the kernel has queued but the process has not accepted yet, requests
 * already written on them included; a process busy with a large call when SIGTERM comes may
 * have many. Go's server, whose accept loop never waits on request work, has accepted them by
 * then and answers them while it shuts down; so here they are accepted first.
 */
export function afterQueuedAccepts(server: Server, then: () => void): void {
  let accepted = false
  const onConnection = (): void => {
    accepted = true
  }
  server.on('connection', onConnection)
  const check = (): void => {
    if (accepted) {
      accepted = false
      setImmediate(check)
      return
    }
    server.off('connection', onConnection)
    then()
  }
  // setImmediate runs after the poll phase, where the listener's queued connections are taken.
  setImmediate(check)
}

/** How long a connection may take, once accepted, to send its first bytes before a drain closes it. */
export const FIRST_REQUEST_GRACE_MS = 1_000

/**
 * Connections that have not had a byte read from them yet, for a grace period after they are
 * accepted. Node's closeIdleConnections (and server.close, which calls it) counts such a
 * connection idle and destroys it with its request unread: one accepted in the same turn as
 * SIGTERM (the process was busy) would be reset. The sweep waits for them instead, so their
 * requests are answered, with Connection: close. Kept per connection, never per request.
 */
export class UnreadConnections {
  readonly #acceptedAt = new Map<Socket, number>()

  constructor(server: Server) {
    server.on('connection', (socket: Socket) => {
      this.#acceptedAt.set(socket, Date.now())
      socket.once('close', () => this.#acceptedAt.delete(socket))
    })
  }

  /** Whether one accepted within the grace period has had nothing read from it yet. */
  any(): boolean {
    const now = Date.now()
    for (const [socket, at] of this.#acceptedAt) {
      if (socket.bytesRead > 0 || now - at > FIRST_REQUEST_GRACE_MS) this.#acceptedAt.delete(socket)
    }
    return this.#acceptedAt.size > 0
  }
}
