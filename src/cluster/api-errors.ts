import { ApiException } from '@kubernetes/client-node'

/**
 * Turning client-node's errors into short, safe text. `ApiException`'s own message embeds the
 * response headers and body verbatim; readiness reasons and logs get the HTTP code and the
 * Status reason/message instead. Request headers (where the bearer token travels) never appear
 * in any of client-node's errors, and user:password in a URL is masked here.
 */

const MAX_DETAIL_LENGTH = 300

/** The HTTP status of a failed request: `ApiException.code` or the watch's `statusCode`. */
export function statusCodeOf(err: unknown): number | undefined {
  if (err instanceof ApiException) return typeof err.code === 'number' ? err.code : undefined
  if (typeof err === 'object' && err !== null && 'statusCode' in err) {
    const code = (err as { statusCode: unknown }).statusCode
    return typeof code === 'number' ? code : undefined
  }
  return undefined
}

/**
 * Error codes of a request nothing answered: no process listening, the connection reset before
 * a reply, no route, no DNS name, or no connection within the deadline.
 */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EPIPE',
])

/**
 * Whether a failed request got no answer from any API server: a socket error code on the error
 * or its `cause` (node:http's errors, node-fetch's FetchError, fetch's TypeError), and no HTTP
 * status.
 */
export function isUnreachable(err: unknown): boolean {
  if (statusCodeOf(err) !== undefined) return false
  for (let e = err, depth = 0; typeof e === 'object' && e !== null && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true
    e = (e as { cause?: unknown }).cause
  }
  return false
}

/** One line saying what went wrong, e.g. `HTTP 500 InternalError: etcd unavailable`. */
export function describeError(err: unknown): string {
  const code = statusCodeOf(err)
  if (code !== undefined) {
    const status = err instanceof ApiException ? statusDetail(err.body) : ''
    const text =
      status || (err instanceof Error && !(err instanceof ApiException) ? err.message : '')
    return clip(text ? `HTTP ${code} ${text}` : `HTTP ${code}`)
  }
  if (err instanceof Error) {
    if (err.name === 'AbortError') return 'request cancelled or timed out'
    return clip(redactUrlCredentials(err.message.split('\n', 1)[0] ?? ''))
  }
  return clip(redactUrlCredentials(String(err)))
}

/**
 * `reason: message` of a Kubernetes Status object, given as an object or as JSON text (client-node
 * passes the raw body text for status codes its OpenAPI description does not list).
 */
export function statusDetail(body: unknown): string {
  const { reason, message } = statusFields(body)
  return [reason, message].filter((p) => p !== '').join(': ')
}

/** A Status body's `reason` and `message`, "" each when absent or not a Status. */
function statusFields(body: unknown): { reason: string; message: string } {
  let status = body
  if (typeof body === 'string') {
    try {
      status = JSON.parse(body)
    } catch {
      status = null
    }
  }
  if (typeof status !== 'object' || status === null) return { reason: '', message: '' }
  const { reason, message } = status as { reason?: unknown; message?: unknown }
  const text = (value: unknown): string => (typeof value === 'string' ? value : '')
  return { reason: text(reason), message: text(message) }
}

/**
 * A 401 as kubectl says it: `You must be logged in to the server (MESSAGE)` (kubectl's
 * pkg/cmd/util/helpers.go `StandardErrorMessage`, for a Status of reason `Unauthorized`), with
 * the Status' message. client-node drops the body of a 401 its OpenAPI description lists (the
 * lists): the message is then kube-apiserver's only one, `Unauthorized` (apiserver
 * pkg/endpoints/filters/authentication.go). A body that is no Status (a proxy's page) gets
 * client-go's words (apimachinery errors.go `NewGenericServerResponse`). Undefined for any
 * other failure.
 */
export function notLoggedIn(err: unknown): string | undefined {
  if (statusCodeOf(err) !== 401) return undefined
  const body: unknown = err instanceof ApiException ? err.body : undefined
  const { reason, message } = statusFields(body)
  let said = 'Unauthorized'
  if (reason === 'Unauthorized' && message !== '') said = message
  else if (body != null) said = 'the server has asked for the client to provide credentials'
  return clip(`You must be logged in to the server (${said})`)
}

/** Masks `user:password@` in any URL inside `text`. */
export function redactUrlCredentials(text: string): string {
  return text.replace(/([a-z][a-z0-9+.-]*:\/\/)[^/\s@]+@/gi, '$1***@')
}

function clip(text: string): string {
  return text.length <= MAX_DETAIL_LENGTH ? text : `${text.slice(0, MAX_DETAIL_LENGTH)}…`
}
