import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'
import type { PeerCertificate, TLSSocket } from 'node:tls'
import type { Logger } from '../extender/index.js'
import { encodeError } from '../protocol/index.js'
import type { Metrics } from './metrics.js'
import { recordRequestOnClose } from './request-metrics.js'

/**
 * The names a verified client certificate goes by: the DNS names of its subjectAltName or, only
 * when it has none, its subject's CN (RFC 6125 §6.4.4, as Go's crypto/x509 did before it dropped
 * the CN). With several CNs the last counts, as Go's pkix.Name reads them. A DNS name Node had to
 * quote (one holding a comma) keeps its quotes and so matches no name: refused, never widened.
 */
export function certificateNames(cert: PeerCertificate): { dns: string[]; cn: string | null } {
  const dns = (cert.subjectaltname ?? '')
    .split(', ')
    .filter((entry) => entry.startsWith('DNS:'))
    .map((entry) => entry.slice('DNS:'.length))
  const cn: unknown = cert.subject?.CN
  const last = Array.isArray(cn) ? (cn.at(-1) as unknown) : cn
  return { dns, cn: dns.length === 0 && typeof last === 'string' ? last : null }
}

/** Whether one of the names matches: DNS names ignoring case (RFC 4343), a CN exactly. */
function admitted(
  names: { dns: string[]; cn: string | null },
  allowed: readonly string[]
): boolean {
  if (names.dns.length > 0) {
    const lower = new Set(allowed.map((name) => name.toLowerCase()))
    return names.dns.some((name) => lower.has(name.toLowerCase()))
  }
  return names.cn !== null && allowed.includes(names.cn)
}

export interface ClientNameDependencies {
  readonly metrics: Metrics
  readonly logger: Logger
}

/**
 * `handler` behind --client-name: a client whose verified certificate carries none of `allowed`
 * gets 403 with the protocol's Error, and its connection closed. An HTTP answer rather than a
 * failed handshake because kube-scheduler then logs `failed filter with extender at URL ...,
 * code 403` (its HTTPExtender.send names the status), where a handshake cut after verification
 * reads as a connection fault; as kube-apiserver answers a client it knows but does not allow.
 * Judged once per connection: its certificate cannot change under it.
 */
export function admitClientNames(
  handler: RequestListener,
  allowed: readonly string[],
  deps: ClientNameDependencies
): RequestListener {
  if (allowed.length === 0) return handler
  const verdicts = new WeakMap<object, boolean>()
  return (req, res) => {
    const socket = req.socket as TLSSocket
    let verdict = verdicts.get(socket)
    if (verdict === undefined) {
      const names = certificateNames(socket.getPeerCertificate())
      verdict = admitted(names, allowed)
      verdicts.set(socket, verdict)
      if (!verdict) {
        const remoteAddress = socket.remoteAddress ?? null
        deps.logger.warn('client certificate refused: no --client-name matches', {
          ...names,
          remoteAddress,
        })
      }
    }
    if (verdict) handler(req, res)
    else refuse(res, deps.metrics)
  }
}

function refuse(res: ServerResponse<IncomingMessage>, metrics: Metrics): void {
  recordRequestOnClose(res, 'other', metrics)
  const body = encodeError(
    'client certificate not allowed: none of its names is one this extender accepts'
  )
  res.writeHead(403, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
    'X-Content-Type-Options': 'nosniff',
    Connection: 'close',
  })
  res.end(body)
}
