import { createServer, type RequestListener, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Logger } from '../extender/index.js'

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

export interface RunningServer {
  readonly server: Server
  readonly port: number
  /** Stops accepting, lets in-flight requests finish (up to `timeoutMs`), then resolves. */
  close(timeoutMs: number): Promise<void>
}

export async function listen(
  handler: RequestListener,
  host: string,
  port: number,
  logger: Logger
): Promise<RunningServer> {
  const server = createServer(
    { keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
    handler
  )
  server.headersTimeout = HEADERS_TIMEOUT_MS
  server.on('clientError', (err, socket) => {
    // Malformed HTTP or a timed-out sender: answer 400/408 where possible, never crash.
    if (socket.writable) {
      const code = (err as NodeJS.ErrnoException).code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400
      socket.end(
        `HTTP/1.1 ${code} ${code === 408 ? 'Request Timeout' : 'Bad Request'}\r\nConnection: close\r\n\r\n`
      )
    } else {
      socket.destroy()
    }
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const bound = (server.address() as AddressInfo).port
  logger.info('listening', { host, port: bound })

  let closing: Promise<void> | null = null
  const close = (timeoutMs: number): Promise<void> => {
    closing ??= new Promise<void>((resolve) => {
      const force = setTimeout(() => {
        logger.warn('shutdown timeout reached; closing remaining connections')
        server.closeAllConnections()
      }, timeoutMs)
      force.unref()
      // Keep-alive sockets would hold close() open for the whole keep-alive time: close each
      // one as soon as it is idle, i.e. right after its in-flight reply has been written.
      const reaper = setInterval(() => server.closeIdleConnections(), 50)
      server.close(() => {
        clearTimeout(force)
        clearInterval(reaper)
        resolve()
      })
      server.closeIdleConnections()
    })
    return closing
  }
  return { server, port: bound, close }
}
