import type { Server } from 'node:http'
import type { TLSSocket } from 'node:tls'
import type { Logger } from '../extender/index.js'

/**
 * What a server does with connections that never become a request: malformed HTTP and timed-out
 * senders get the protocol's JSON Error where the socket can still take it, and refused TLS
 * handshakes are logged at debug level. Neither ever crashes the process.
 */

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

/** Malformed HTTP or a timed-out sender: a JSON Error when no reply has begun on the socket. */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    const replying = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage
    if (!socket.writable || replying?.headersSent === true) {
      socket.destroy()
      return
    }
    socket.end(clientErrorReply(err.code))
  })
}

/**
 * A refused handshake (no or untrusted client certificate, TLS below 1.2, plain HTTP sent to the
 * TLS port). Debug only: TCP health checks of load balancers trip it constantly.
 */
export function logRefusedHandshakes(server: Server, logger: Logger): void {
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
