import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import { FIRST_REQUEST_GRACE_MS } from './queued-connections.js'

/** What the cap knows of one open connection. */
interface Slot {
  /** Requests read on it whose reply has not closed yet. */
  inFlight: number
  /** Whether a reply has been finished on it: it has served someone. */
  served: boolean
  /** When it was accepted, or last finished a reply: how long it has been idle. */
  lastActive: number
}

/**
 * The TCP socket under the one a request arrives on. Over TLS that is the TLSSocket, which
 * wraps the socket the listener accepted as `_parent` (Node's field; the http module offers no
 * other way back to it).
 */
function tcpSocketOf(socket: Socket): Socket {
  return (socket as { _parent?: Socket | null })._parent ?? socket
}

/**
 * Which connection gives up its slot first, lowest first: one that has never finished a request
 * though it had the time to send one (silent, stalled in its TLS handshake or headers), then one
 * idle that long since its last reply, then the new and the just-served. A newcomer thus keeps
 * the grace to send its request while older idle connections remain, and a flood of silent
 * newcomers displaces its own members before anyone just served.
 */
function evictionRank(slot: Slot, now: number): number {
  return (slot.served ? 1 : 0) + (now - slot.lastActive < FIRST_REQUEST_GRACE_MS ? 2 : 0)
}

/**
 * A port's cap on open connections that one client cannot hold for long. Node's maxConnections
 * closes every newcomer once the cap is reached, so a client that opens that many connections
 * and sends nothing (or a request on each, then nothing) shuts everyone else out until its
 * sockets time out, then simply reconnects. Here a newcomer at the cap takes the slot of a
 * connection with no request in flight, chosen by evictionRank and, within a rank, the one idle
 * longest (for one never served, the oldest). Only when every connection is in the middle of a
 * request is the newcomer closed. kube-scheduler's connections are in use or recently used, so
 * they are the last to go.
 */
export class ConnectionSlots {
  readonly #slots = new Map<Socket, Slot>()
  readonly #cap: number

  constructor(server: Server, cap: number) {
    this.#cap = cap
    server.on('connection', (socket: Socket) => this.#accept(socket))
    server.on('request', (req: IncomingMessage, res: ServerResponse) => this.#begin(req, res))
  }

  #accept(socket: Socket): void {
    this.#slots.set(socket, { inFlight: 0, served: false, lastActive: Date.now() })
    socket.once('close', () => this.#slots.delete(socket))
    if (this.#slots.size <= this.#cap) return
    const evicted = this.#idlest(socket) ?? socket
    // Out of the count now: its 'close' comes a turn later, after more newcomers perhaps.
    this.#slots.delete(evicted)
    evicted.destroy()
  }

  #begin(req: IncomingMessage, res: ServerResponse): void {
    const slot = this.#slots.get(tcpSocketOf(req.socket))
    if (slot === undefined) return
    slot.inFlight++
    res.once('close', () => {
      slot.inFlight--
      slot.served = true
      slot.lastActive = Date.now()
    })
  }

  /** The connection to close for `newcomer`; null when every other one has a request in flight. */
  #idlest(newcomer: Socket): Socket | null {
    const now = Date.now()
    let idlest: Socket | null = null
    let lowest = Infinity
    let idleSince = Infinity
    for (const [socket, slot] of this.#slots) {
      if (socket === newcomer || slot.inFlight > 0) continue
      const rank = evictionRank(slot, now)
      if (rank < lowest || (rank === lowest && slot.lastActive < idleSince)) {
        idlest = socket
        lowest = rank
        idleSince = slot.lastActive
      }
    }
    return idlest
  }
}
