import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  HEADERS_TIMEOUT_MS,
  KEEP_ALIVE_TIMEOUT_MS,
  REQUEST_TIMEOUT_MS,
  type ServerTlsMaterial,
} from '../../src/server/index.js'
import { expectJsonError } from '../abuse/expected-replies.js'
import { exchange, write, type RawResponse } from '../abuse/raw-http.js'
import { CertificateWorkshop } from '../support/certificates.js'
import { eventually } from '../support/eventually.js'
import { startTestServer, type TestServer, type TestServerOptions } from '../support/test-server.js'
import { httpsRequest, type TlsClientOptions } from '../support/tls-client.js'

/**
 * What listen() builds, in process and inside each test (a server built in a suite's beforeAll
 * is built before a mutation run switches any change on): its deadlines, the line it logs, and
 * which TLS reloads it refuses. Serving over TLS is in tls.test.ts; the deadlines at work are
 * in test/abuse/transport.slow-senders.case.ts.
 */

const workshop = new CertificateWorkshop()
let https: ServerTlsMaterial
let mutualTls: ServerTlsMaterial
/** A client that trusts the server's CA, with no certificate of its own. */
let anonymous: TlsClientOptions
/** The same client presenting a certificate the CA signed. */
let scheduler: TlsClientOptions
beforeAll(() => {
  const ca = workshop.authority('ca')
  const pair = workshop.issue(ca, 'server', 'server')
  const client = workshop.issue(ca, 'kube-scheduler', 'client')
  https = { cert: pair.cert, key: pair.key, ca: null }
  mutualTls = { ...https, ca: ca.cert }
  anonymous = { ca: ca.cert }
  scheduler = { ...anonymous, cert: client.cert, key: client.key }
})
afterAll(() => workshop.cleanup())

let servers: TestServer[] = []
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()))
  servers = []
})

async function serve(options: TestServerOptions = {}): Promise<TestServer> {
  const server = await startTestServer(options)
  servers.push(server)
  return server
}

describe('listen()', () => {
  // Go's transport keeps an idle connection 90 s; a server closing it first races the client's
  // next request on it, which Go does not retry (a written POST).
  it('by default keeps idle connections 120 s, past Go’s 90 s, and gives headers 20 s and a whole request 60 s', async () => {
    const { server } = (await serve()).running
    expect([KEEP_ALIVE_TIMEOUT_MS, HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS]).toEqual([
      120_000, 20_000, 60_000,
    ])
    expect(server.keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS)
    expect(server.headersTimeout).toBe(HEADERS_TIMEOUT_MS)
    expect(server.requestTimeout).toBe(REQUEST_TIMEOUT_MS)
  })

  it('takes the header and request deadlines it is given, and keeps the keep-alive timeout', async () => {
    const { server } = (await serve({ timeouts: { headersMs: 700, requestMs: 1300 } })).running
    expect(server.headersTimeout).toBe(700)
    expect(server.requestTimeout).toBe(1300)
    expect(server.keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS)
  })

  it('refuses to start, naming the cause, on a port another listener holds', async () => {
    const taken = (await serve()).running.port
    await expect(startTestServer({ port: taken })).rejects.toThrow(/EADDRINUSE/)
  })

  /** How each transport answers GET /healthz: the status, or the refusal's code. */
  async function healthz(server: TestServer, client: TlsClientOptions | null): Promise<string> {
    if (client === null) return String((await fetch(`${server.url}/healthz`)).status)
    return httpsRequest(`${server.url}/healthz`, client).then(
      (reply) => String(reply.status),
      (err: NodeJS.ErrnoException) => err.code ?? 'refused'
    )
  }

  interface TransportCase {
    readonly options: () => TestServerOptions
    readonly transport: string
    readonly role: string
    /** GET /healthz with each client: plain HTTP, or [anonymous, with a certificate]. */
    readonly answers: readonly string[]
  }
  const transports: [string, TransportCase][] = [
    [
      'plain HTTP, unnamed',
      { options: () => ({}), transport: 'http', role: 'main', answers: ['200'] },
    ],
    [
      'HTTPS without client certificates, named',
      {
        options: () => ({ tls: https, role: 'probe' }),
        transport: 'https',
        role: 'probe',
        answers: ['200', '200'],
      },
    ],
    [
      'HTTPS requiring client certificates',
      {
        options: () => ({ tls: mutualTls }),
        transport: 'mutual-tls',
        role: 'main',
        answers: ['refused', '200'],
      },
    ],
  ]
  for (const [what, { options, transport, role, answers }] of transports) {
    it(`serves as it logs in its one 'listening' line (port, transport, role), with the same deadlines: ${what}`, async () => {
      const server = await serve(options())
      const lines = server.logs.filter((line) => line.msg === 'listening')
      expect(lines).toEqual([
        expect.objectContaining({
          level: 'info',
          host: '127.0.0.1',
          port: server.running.port,
          transport,
          role,
        }),
      ])
      expect(server.running.transport).toBe(transport)
      expect(server.running.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS)
      const clients = transport === 'http' ? [null] : [anonymous, scheduler]
      const got: string[] = []
      for (const client of clients) {
        const answer = await healthz(server, client)
        got.push(/^\d{3}$/.test(answer) ? answer : 'refused')
      }
      expect(got).toEqual(answers)
    })
  }

  it('answers what Node’s HTTP parser refuses with the protocol’s JSON Error, not Node’s bare 400', async () => {
    const server = await serve()
    const result = await exchange(server.running.port, {
      send: (s) => write(s, 'NOT HTTP\r\n\r\n'),
    })
    expect(result.closed).toBe(true)
    expect(result.responses).toHaveLength(1)
    expectJsonError(
      result.responses[0] as RawResponse,
      400,
      /^malformed HTTP request \(HPE_[A-Z_]+\)$/
    )
  })

  // Load balancers' TCP checks trip a TLS server's handshake all day: debug, never a warning.
  it('logs a refused handshake at debug, with the reason', async () => {
    const server = await serve({ tls: mutualTls })
    await healthz(server, anonymous)
    await eventually(() =>
      expect(server.logs.filter((line) => line.msg === 'TLS handshake refused')).toEqual([
        expect.objectContaining({ level: 'debug', code: expect.any(String) }),
      ])
    )
    expect(server.logs.filter((line) => line.level === 'warn')).toEqual([])
  })
})

describe('reloadTls()', () => {
  const refusals: [string, () => TestServerOptions, () => ServerTlsMaterial, RegExp][] = [
    ['a plain HTTP server', () => ({}), () => https, /serves plain HTTP/],
    [
      'an HTTPS server given a client CA',
      () => ({ tls: https }),
      () => mutualTls,
      /client CA cannot be added or removed without a restart/,
    ],
    [
      'a mutual-TLS server given no client CA',
      () => ({ tls: mutualTls }),
      () => https,
      /client CA cannot be added or removed without a restart/,
    ],
  ]
  for (const [what, options, material, error] of refusals) {
    it(`refuses ${what}, and the server serves on as before`, async () => {
      const server = await serve(options())
      expect(() => server.running.reloadTls(material())).toThrow(error)
      expect(server.running.server.listening).toBe(true)
    })
  }

  it('takes material of the same kind (the rotation itself is in tls.test.ts)', async () => {
    const server = await serve({ tls: mutualTls })
    expect(() => server.running.reloadTls({ ...mutualTls })).not.toThrow()
  })
})
