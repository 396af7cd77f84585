import type { Server } from 'node:http'
import type { TLSSocket } from 'node:tls'
import type { Logger } from '../extender/index.js'

/**
 * What a server does with connections that never become a request: malformed HTTP and timed-out
 * senders get the protocol's JSON Error where the socket can still take it, every other socket
 * is destroyed, and refused TLS handshakes are logged at debug level. Neither ever crashes the
 * process, and none leaves a socket open.
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

/**
 * How long a socket answered with an Error stays open after the reply and its FIN, as Go's
 * net/http server lingers for rstAvoidanceDelay (500 ms) in closeWriteAndWait: long enough for
 * the client to read the reply before a reset for its unread bytes can discard it, short enough
 * that a client which never closes its side holds no connection slot.
 */
const REPLY_LINGER_MS = 500

/**
 * Whether Node's HTTP parser or its header and request timer raised `code`: only then is the
 * socket one that speaks HTTP. Anything else (a TLS handshake that failed or timed out, a reset)
 * comes from a socket that never became HTTP, or one that can no longer be written.
 */
function isHttpRefusal(code: string | undefined): boolean {
  return code === 'ERR_HTTP_REQUEST_TIMEOUT' || code?.startsWith('HPE_') === true
}

/**
 * Malformed HTTP or a timed-out sender: a JSON Error when no reply has begun on the socket, then
 * the socket closed. Every other error destroys the socket at once: `end()` on a TLS socket whose
 * handshake never finished writes nothing and closes nothing, so a silent client would keep it.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    const replying = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage
    if (!isHttpRefusal(err.code) || !socket.writable || replying?.headersSent === true) {
      socket.destroy()
      return
    }
    socket.end(clientErrorReply(err.code))
    const linger = setTimeout(() => socket.destroy(), REPLY_LINGER_MS)
    linger.unref()
    socket.once('close', () => clearTimeout(linger))
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
