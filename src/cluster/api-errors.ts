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
