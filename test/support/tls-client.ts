import { request, type Agent } from 'node:https'
import type { SecureVersion, TLSSocket } from 'node:tls'

/** How a test client connects: the CA it trusts, and its own certificate for mutual TLS. */
export interface TlsClientOptions {
  readonly ca: Buffer
  readonly cert?: Buffer
  readonly key?: Buffer
  readonly minVersion?: SecureVersion
  readonly maxVersion?: SecureVersion
  /** Only to let an old protocol through the client's own OpenSSL security level. */
  readonly ciphers?: string
  /** Reuse connections through this agent; without it every request makes a new connection. */
  readonly agent?: Agent
}

export interface TlsReply {
  readonly status: number
  readonly text: string
  readonly json: unknown
  /** The serial number of the certificate the server presented on this connection. */
  readonly peerSerial: string
  readonly protocol: string | null
  readonly socket: TLSSocket
}

/**
 * One HTTPS request with node:https (fetch cannot present a client certificate or pin a CA
 * without extra packages). Rejects with the TLS error when the handshake is refused.
 */
export function httpsRequest(
  url: string,
  client: TlsClientOptions,
  init: { method?: string; body?: unknown } = {}
): Promise<TlsReply> {
  const body = init.body === undefined ? undefined : JSON.stringify(init.body)
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: init.method ?? (body === undefined ? 'GET' : 'POST'),
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        ca: client.ca,
        cert: client.cert,
        key: client.key,
        minVersion: client.minVersion,
        maxVersion: client.maxVersion,
        ciphers: client.ciphers,
        agent: client.agent ?? false,
      },
      (res) => {
        const socket = res.socket as TLSSocket
        const peerSerial = socket.getPeerCertificate().serialNumber
        const protocol = socket.getProtocol()
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('error', reject)
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8')
          let json: unknown
          try {
            json = JSON.parse(text)
          } catch {
            json = undefined
          }
          resolve({ status: res.statusCode ?? 0, text, json, peerSerial, protocol, socket })
        })
      }
    )
    req.on('error', reject)
    req.end(body)
  })
}

/**
 * `code: message` of a request the server must refuse (the message names the TLS alert); fails
 * the test if a reply came back.
 * Under TLS 1.3 the server's verdict on a client certificate arrives after the client thinks
 * the handshake is done, so the refusal shows as an alert (or a reset) on the first read.
 */
export async function refusal(url: string, client: TlsClientOptions): Promise<string> {
  try {
    const reply = await httpsRequest(url, client)
    throw new Error(`expected the connection to be refused, got HTTP ${reply.status}`)
  } catch (err) {
    const { code, message } = err as NodeJS.ErrnoException
    if (code === undefined) throw err
    return `${code}: ${message}`
  }
}
