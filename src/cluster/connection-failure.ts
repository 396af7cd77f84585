import { statusCodeOf } from './api-errors.js'

/**
 * A request that got no HTTP answer, said for people as kubectl says it (`The connection to the
 * server HOST:PORT was refused - did you specify the right host or port?`, `no such host`,
 * `x509: certificate signed by unknown authority`) rather than as node-fetch's
 * `request to URL failed, reason: connect ECONNREFUSED HOST:PORT`.
 */

/** Socket and DNS error codes, in words. */
const SOCKET_FAILURES: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'the connection was reset',
  EPIPE: 'the connection was closed',
  EHOSTUNREACH: 'no route to host',
  EHOSTDOWN: 'no route to host',
  ENETUNREACH: 'the network is unreachable',
  ENETDOWN: 'the network is unreachable',
  ENOTFOUND: 'no such host',
  EAI_AGAIN: 'its host name could not be looked up for now',
  ETIMEDOUT: 'timed out',
  ESOCKETTIMEDOUT: 'timed out',
  UND_ERR_CONNECT_TIMEOUT: 'timed out',
}

/** node-fetch's FetchError types of a request that ran out of time, and fetch's timeout. */
const TIMEOUT_TYPES = new Set(['request-timeout', 'body-timeout'])
const TIMEOUT_NAMES = new Set(['TimeoutError'])

/**
 * OpenSSL's verification codes and Node's host-name check: the server answered with a
 * certificate this client does not trust (client-go's `x509: ...` errors).
 */
const TLS_CODE =
  /^(?:ERR_TLS_CERT_ALTNAME_INVALID|[A-Z_]*CERT[A-Z_]*|UNABLE_TO_[A-Z_]+|INVALID_CA)$/

/** One error and its causes, as far down as node-fetch and fetch nest them. */
function chain(err: unknown): object[] {
  const errors: object[] = []
  for (let e = err; typeof e === 'object' && e !== null && errors.length < 4;) {
    errors.push(e)
    e = (e as { cause?: unknown }).cause
  }
  return errors
}

/** What OpenSSL said, without node-fetch's `request to URL failed, reason: ` before it. */
function tlsReason(err: object): string {
  const message = err instanceof Error ? err.message : ''
  const reason = message.includes('reason: ')
    ? message.slice(message.indexOf('reason: ') + 8)
    : message
  // Node 22+ appends "; if the root CA is installed locally, try running Node.js with
  // --use-system-ca", which does not apply: the kubeconfig names the authority to trust.
  return reason.split('\n', 1)[0]?.split('; ', 1)[0]?.trim() ?? ''
}

/** Why nothing answered, in words; undefined for an HTTP answer or an error of another kind. */
export function connectionFailure(err: unknown): string | undefined {
  if (statusCodeOf(err) !== undefined) return undefined
  for (const e of chain(err)) {
    const { code, type, name } = e as { code?: unknown; type?: unknown; name?: unknown }
    if (typeof code === 'string' && SOCKET_FAILURES[code] !== undefined)
      return SOCKET_FAILURES[code]
    if (typeof code === 'string' && TLS_CODE.test(code))
      return `the server's certificate is not trusted: ${tlsReason(e) || code}`
    if (typeof type === 'string' && TIMEOUT_TYPES.has(type)) return 'timed out'
    if (typeof name === 'string' && TIMEOUT_NAMES.has(name)) return 'timed out'
  }
  return undefined
}
