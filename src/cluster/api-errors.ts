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
  let status = body
  if (typeof body === 'string') {
    try {
      status = JSON.parse(body)
    } catch {
      return ''
    }
  }
  if (typeof status !== 'object' || status === null) return ''
  const { reason, message } = status as { reason?: unknown; message?: unknown }
  const parts = [reason, message].filter((p): p is string => typeof p === 'string' && p !== '')
  return parts.join(': ')
}

/** Masks `user:password@` in any URL inside `text`. */
export function redactUrlCredentials(text: string): string {
  return text.replace(/([a-z][a-z0-9+.-]*:\/\/)[^/\s@]+@/gi, '$1***@')
}

function clip(text: string): string {
  return text.length <= MAX_DETAIL_LENGTH ? text : `${text.slice(0, MAX_DETAIL_LENGTH)}…`
}
