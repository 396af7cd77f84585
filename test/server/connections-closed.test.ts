import { connect, type Socket } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { ServerTlsMaterial } from '../../src/server/index.js'
import { CertificateWorkshop } from '../support/certificates.js'
import { eventually } from '../support/eventually.js'
import { startTestServer, type TestServer, type TestServerOptions } from '../support/test-server.js'
import { httpsRequest, type TlsClientOptions } from '../support/tls-client.js'

/**
 * No path leaves a socket open: a TLS connection that has not finished its handshake within the
 * bound is destroyed, a socket that never became HTTP is destroyed rather than ended, and one
 * answered with an Error is closed even if its client never closes its side. Counted on the
 * server (getConnections), which is what a flood of such sockets would exhaust.
 */

const HANDSHAKE_MS = 1000

const workshop = new CertificateWorkshop()
let mutualTls: ServerTlsMaterial
let scheduler: TlsClientOptions
beforeAll(() => {
  const ca = workshop.authority('ca')
  const pair = workshop.issue(ca, 'server', 'server')
  const client = workshop.issue(ca, 'kube-scheduler', 'client')
  mutualTls = { cert: pair.cert, key: pair.key, ca: ca.cert }
  scheduler = { ca: ca.cert, cert: client.cert, key: client.key }
})
afterAll(() => workshop.cleanup())

let servers: TestServer[] = []
let sockets: Socket[] = []
afterEach(async () => {
  for (const socket of sockets) socket.destroy()
  sockets = []
  await Promise.all(servers.map((s) => s.close()))
  servers = []
})

async function serve(options: TestServerOptions): Promise<TestServer> {
  const server = await startTestServer(options)
  servers.push(server)
  return server
}

/** A bare TCP connection that keeps its side open; `closedAt` is when the server closed it. */
interface RawClient {
  readonly socket: Socket
  closedAt: number | null
}

async function rawClient(port: number): Promise<RawClient> {
  const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true })
  sockets.push(socket)
  const client: RawClient = { socket, closedAt: null }
  socket.on('error', () => {})
  // The server's FIN (or reset): the client itself never ends or destroys its side.
  const closed = (): void => {
    client.closedAt ??= Date.now()
  }
  socket.once('end', closed)
  socket.once('close', closed)
  await new Promise((resolve) => socket.once('connect', resolve))
  return client
}

const openConnections = (server: TestServer): Promise<number> =>
  new Promise((resolve, reject) =>
    server.running.server.getConnections((err, n) => (err ? reject(err) : resolve(n)))
  )

describe('sockets that never finish a TLS handshake', () => {
  it('are destroyed once the handshake bound passes, 20 silent ones at once, while a client with a good certificate is served', async () => {
    const server = await serve({ tls: mutualTls, handshakeTimeoutMs: HANDSHAKE_MS })
    const openedAt = Date.now()
    const silent = await Promise.all(
      Array.from({ length: 20 }, () => rawClient(server.running.port))
    )
    expect((await httpsRequest(`${server.url}/healthz`, scheduler)).status).toBe(200)
    await eventually(() => silent.every((c) => c.closedAt !== null), HANDSHAKE_MS + 5000)
    const lifetimes = silent.map((c) => (c.closedAt as number) - openedAt)
    // Closed by the bound, not at once: a slow but real handshake gets its time.
    expect(Math.min(...lifetimes)).toBeGreaterThanOrEqual(HANDSHAKE_MS - 100)
    await eventually(async () => (await openConnections(server)) === 0, 5000)
  })

  it('destroys a client that trickles a ClientHello a byte at a time, once the bound passes', async () => {
    const server = await serve({ tls: mutualTls, handshakeTimeoutMs: HANDSHAKE_MS })
    const client = await rawClient(server.running.port)
    // The start of a TLS record carrying a ClientHello, never finished.
    const hello = Buffer.from([0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xfc, 0x03, 0x03])
    let sent = 0
    const trickle = setInterval(() => {
      if (sent < hello.length && client.closedAt === null)
        client.socket.write(hello.subarray(sent, ++sent))
    }, 100)
    try {
      await eventually(() => client.closedAt !== null, HANDSHAKE_MS + 5000)
    } finally {
      clearInterval(trickle)
    }
    await eventually(async () => (await openConnections(server)) === 0, 5000)
  })

  it('destroys at once a socket that sends plain HTTP to the TLS port, far ahead of the handshake bound', async () => {
    const server = await serve({ tls: mutualTls, handshakeTimeoutMs: 60_000 })
    const client = await rawClient(server.running.port)
    const sentAt = Date.now()
    client.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n')
    await eventually(() => client.closedAt !== null, 5000)
    expect((client.closedAt as number) - sentAt).toBeLessThan(2000)
    await eventually(async () => (await openConnections(server)) === 0, 5000)
  })
})

describe('a socket answered with an Error', () => {
  it('is closed by the server after its 400 even when the client never closes its side', async () => {
    const server = await serve({})
    const client = await rawClient(server.running.port)
    let received = ''
    client.socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')))
    client.socket.write('NOT HTTP AT ALL\r\n\r\n')
    await eventually(() => received.includes('"Error":'), 5000)
    expect(received.startsWith('HTTP/1.1 400 Bad Request\r\n')).toBe(true)
    await eventually(async () => (await openConnections(server)) === 0, 5000)
  })
})
