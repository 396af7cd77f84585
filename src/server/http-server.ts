import { createServer, type RequestListener, type Server, type ServerOptions } from 'node:http'
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import type { Logger } from '../extender/index.js'
import { answerClientErrors, logRefusedHandshakes } from './client-errors.js'
import { ConnectionSlots } from './connection-slots.js'
import { GracefulClose } from './graceful-close.js'
import {
  describeTransport,
  httpsServerOptions,
  secureContextOptions,
  TLS_HANDSHAKE_TIMEOUT_MS,
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
  /** Deadline for a TLS handshake, from the connection's accept; defaults to TLS_HANDSHAKE_TIMEOUT_MS. */
  readonly handshakeTimeoutMs?: number
  /**
   * Connections open at once, so a flood of connections cannot take the descriptors the open
   * ones need; at the cap a newcomer takes the slot of an idle connection (see ConnectionSlots)
   * and is closed only when every one is mid-request. Default: no cap.
   */
  readonly maxConnections?: number
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
  const tls = options.tls ?? null
  const httpsServer =
    tls === null
      ? null
      : createHttpsServer({
          ...serverTimeouts(options),
          ...httpsServerOptions(tls),
          handshakeTimeout: options.handshakeTimeoutMs ?? TLS_HANDSHAKE_TIMEOUT_MS,
        })
  // https.Server is an http.Server with a TLS handshake in front: every timeout, clientError
  // and close applies to both alike.
  const server: Server = httpsServer ?? createServer(serverTimeouts(options))
  const closing = new GracefulClose(server, logger)
  server.on('request', closing.track(handler))
  limitServer(server, options)
  answerClientErrors(server)
  if (tls !== null) logRefusedHandshakes(server, logger)
  const bound = await bindPort(server, host, port)
  const transport = describeTransport(tls)
  logger.info('listening', { host, port: bound, transport, role: options.role ?? 'main' })
  return {
    server,
    port: bound,
    transport,
    drain: () => closing.drain(),
    close: (timeoutMs) => closing.close(timeoutMs),
    reloadTls: (material) => reloadTls(httpsServer, tls, material),
  }
}

/** The timeouts given when the server is made (the headers' deadline is set on it after). */
function serverTimeouts(options: ListenOptions): ServerOptions {
  return {
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    requestTimeout: options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS,
    // Node checks header and request deadlines on this period (30 s by default), so a slow
    // sender would otherwise hold its socket up to 30 s past the deadline.
    connectionsCheckingInterval: 1000,
  }
}

/** The headers' deadline and the cap on connections open at once. */
function limitServer(server: Server, options: ListenOptions): void {
  server.headersTimeout = options.headersTimeoutMs ?? HEADERS_TIMEOUT_MS
  if (options.maxConnections !== undefined) new ConnectionSlots(server, options.maxConnections)
}

/** Listens on `host`:`port` and resolves with the port bound (the one chosen, for port 0). */
async function bindPort(server: Server, host: string, port: number): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  return (server.address() as AddressInfo).port
}

function reloadTls(
  httpsServer: HttpsServer | null,
  tls: ServerTlsMaterial | null,
  material: ServerTlsMaterial
): void {
  if (httpsServer === null || tls === null) {
    throw new Error('reloadTls: this server serves plain HTTP')
  }
  if ((material.ca === null) !== (tls.ca === null)) {
    // requestCert is fixed when the server is made; a context cannot turn mutual TLS on or off.
    throw new Error('reloadTls: the client CA cannot be added or removed without a restart')
  }
  httpsServer.setSecureContext(secureContextOptions(material))
}
