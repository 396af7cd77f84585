import { createServer, type RequestListener, type Server } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import type { TLSSocket } from 'node:tls'
import type { Logger } from '../extender/index.js'
import { InFlightReplies } from './in-flight-replies.js'
import { afterQueuedAccepts, UnreadConnections } from './queued-connections.js'
import {
  describeTransport,
  httpsServerOptions,
  secureContextOptions,
  type ServerTlsMaterial,
  type Transport,
} from './tls-options.js'

/**
 * Go's HTTP transport (kube-scheduler's) keeps idle connections for 90 s. If the server closed
 * them first, the client could reuse a socket the server is closing and see a reset, which
 * fails a pod's scheduling cycle; so the server always waits longer.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 120_000
/** Headers must arrive promptly; slow senders may not hold sockets open. */
export const HEADERS_TIMEOUT_MS = 20_000
/** A whole request, body included; 5000 full nodes arrive in well under a second on a LAN. */
export const REQUEST_TIMEOUT_MS = 60_000

export interface ListenOptions {
  /** HTTPS with this material (mutual TLS when it has a client CA); absent or null: HTTP. */
  readonly tls?: ServerTlsMaterial | null
  /** Which server this is, for the 'listening' line when a process runs more than one. */
  readonly role?: string
  /** Deadline for a request's headers; defaults to HEADERS_TIMEOUT_MS. */
  readonly headersTimeoutMs?: number
  /** Deadline for a whole request, body included; defaults to REQUEST_TIMEOUT_MS. */
  readonly requestTimeoutMs?: number
  /**
   * Connections open at once; one past it is closed as soon as it is accepted, so a flood of
   * connections cannot take the descriptors the open ones need. Default: no cap.
   */
  readonly maxConnections?: number
}

/** The raw reply to a request Node's HTTP parser refused, with the protocol's Error body. */
function clientErrorReply(code: string | undefined): string {
  const [status, text, message] =
    code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', 'request headers or body did not arrive in time']
      : code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'request headers are too large']
        : [400, 'Bad Request', `malformed HTTP request (${code ?? 'unknown'})`]
  const body = JSON.stringify({ Error: message })
  return (
    `HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  )
}

export interface RunningServer {
  readonly server: Server
  readonly port: number
  readonly transport: Transport
  /**
   * Turns keep-alive off, as Go's http.Server.Shutdown does: every reply from now on (in flight
   * or new) says `Connection: close` and idle connections are closed, so clients move to other
   * endpoints while the listener still accepts. Called by close(), and earlier by a shutdown
   * delay.
   */
  drain(): void
  /**
   * Drains, stops accepting (once no reply is being written: see the sweep), lets in-flight
   * requests finish (up to `timeoutMs`, then cuts them), then resolves.
   */
  close(timeoutMs: number): Promise<void>
  /**
   * Serves new TLS connections with new material (certificate rotation); connections already
   * open keep the certificate they were made with and are not cut. Throws on a plain server.
   */
  reloadTls(material: ServerTlsMaterial): void
}

export async function listen(
  handler: RequestListener,
  host: string,
  port: number,
  logger: Logger,
  options: ListenOptions = {}
): Promise<RunningServer> {
  const timeouts = {
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    requestTimeout: options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS,
    // Node checks header and request deadlines on this period (30 s by default), so a slow
    // sender would otherwise hold its socket up to 30 s past the deadline.
    connectionsCheckingInterval: 1000,
  }
  const tls = options.tls ?? null
  // Replies not yet begun when draining starts must say `Connection: close` too.
  let draining = false
  const inFlight = new InFlightReplies()
  const handle: RequestListener = (req, res) => {
    // Tracked while draining too: the sweeps below must see every reply still being written.
    inFlight.add(res)
    if (draining) res.shouldKeepAlive = false
    handler(req, res)
  }
  const httpsServer =
    tls === null ? null : createHttpsServer({ ...timeouts, ...httpsServerOptions(tls) }, handle)
  // https.Server is an http.Server with a TLS handshake in front: every timeout, clientError
  // and close below applies to both alike.
  const server: Server = httpsServer ?? createServer(timeouts, handle)
  const transport = describeTransport(tls)
  server.headersTimeout = options.headersTimeoutMs ?? HEADERS_TIMEOUT_MS
  if (options.maxConnections !== undefined) server.maxConnections = options.maxConnections
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    // Malformed HTTP or a timed-out sender: answer with a JSON Error where the socket can still
    // take it (and no reply has begun on it), never crash.
    const replying = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage
    if (!socket.writable || replying?.headersSent === true) {
      socket.destroy()
      return
    }
    socket.end(clientErrorReply(err.code))
  })
  if (tls !== null) {
    // A refused handshake (no or untrusted client certificate, TLS below 1.2, plain HTTP sent
    // to the TLS port). Debug only: TCP health checks of load balancers trip it constantly.
    server.on('tlsClientError', (err: NodeJS.ErrnoException, socket: TLSSocket) => {
      // An untrusted client certificate surfaces as a bare 'socket hang up'; the reason the
      // certificate failed verification is on the socket.
      const certificate = socket.authorizationError
      logger.debug('TLS handshake refused', {
        code: err.code,
        err: err.message,
        ...(certificate ? { certificate: String(certificate) } : {}),
      })
    })
  }
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const bound = (server.address() as AddressInfo).port
  logger.info('listening', { host, port: bound, transport, role: options.role ?? 'main' })

  let reaper: NodeJS.Timeout | null = null
  /** Set by close(): stops the listener, at the first sweep that may call server.close(). */
  let closeListener: (() => void) | null = null
  const closeListenerIfPending = (): void => {
    const closeNow = closeListener
    closeListener = null
    closeNow?.()
  }
  // Node's closeIdleConnections, which server.close() calls too, destroys a connection whose
  // reply is ended but not yet all written (a large full-node reply to a slow reader), cutting
  // it short. So both wait for a sweep that finds no such reply, 50 ms at a time.
  const unread = new UnreadConnections(server)
  const sweep = (): void => {
    if (inFlight.anyEndedButUnflushed() || unread.any()) return
    server.closeIdleConnections()
    closeListenerIfPending()
  }
  const drain = (): void => {
    if (draining) return
    draining = true
    inFlight.closeConnectionsOfRepliesNotBegun()
    // A connection idle when draining starts carries no reply to say `Connection: close` on,
    // and one that finishes its reply is closed by its own header; sweep the idle ones now and
    // as they appear (a reply begun before the drain said keep-alive).
    sweep()
    reaper = setInterval(sweep, 50)
    reaper.unref()
  }
  let closing: Promise<void> | null = null
  const close = (timeoutMs: number): Promise<void> => {
    closing ??= new Promise<void>((resolve) => {
      const force = setTimeout(() => {
        logger.warn('shutdown timeout reached; closing remaining connections')
        closeListenerIfPending()
        server.closeAllConnections()
      }, timeoutMs)
      force.unref()
      closeListener = () =>
        server.close(() => {
          clearTimeout(force)
          if (reaper !== null) clearInterval(reaper)
          resolve()
        })
      drain()
      afterQueuedAccepts(server, sweep)
    })
    return closing
  }
  const reloadTls = (material: ServerTlsMaterial): void => {
    if (httpsServer === null || tls === null) {
      throw new Error('reloadTls: this server serves plain HTTP')
    }
    if ((material.ca === null) !== (tls.ca === null)) {
      // requestCert is fixed when the server is made; a context cannot turn mutual TLS on or off.
      throw new Error('reloadTls: the client CA cannot be added or removed without a restart')
    }
    httpsServer.setSecureContext(secureContextOptions(material))
  }
  return { server, port: bound, transport, drain, close, reloadTls }
}
