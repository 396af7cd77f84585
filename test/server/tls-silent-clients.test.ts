import { connect, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TLS_HANDSHAKE_TIMEOUT_MS } from '../../src/server/index.js'
import { CertificateWorkshop, type KeyPair } from '../support/certificates.js'
import { eventually } from '../support/eventually.js'
import { startService, type ServiceProcess } from '../support/process.js'
import { httpsRequest } from '../support/tls-client.js'

/**
 * The shipped process under mutual TLS, its connection cap filled with bare TCP connections
 * that never begin a handshake: a client with a good certificate is served at once, the silent
 * ones are closed by the handshake bound (10 s), and SIGTERM ends the process while more of
 * them are open.
 */

const CAP = 16
const SLACK_MS = 3000

const workshop = new CertificateWorkshop()
let ca: KeyPair
let client: KeyPair
let service: ServiceProcess
const sockets: Socket[] = []
beforeAll(async () => {
  ca = workshop.authority('ca')
  const served = workshop.issue(ca, 'served', 'server')
  client = workshop.issue(ca, 'kube-scheduler', 'client')
  service = await startService([
    ...['--port', '0', '--probe-port', '0', '--disable-node-cache'],
    ...['--max-connections', String(CAP)],
    ...['--tls-cert-file', served.certFile, '--tls-private-key-file', served.keyFile],
    ...['--client-ca-file', ca.certFile],
  ])
})
afterAll(() => {
  for (const socket of sockets) socket.destroy()
  service.child.kill('SIGKILL')
  workshop.cleanup()
})

/** `count` bare connections to the TLS port; each records when the server closed it. */
async function silentConnections(count: number): Promise<{ closedAt: number | null }[]> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const socket = connect({ port: service.port, host: '127.0.0.1', allowHalfOpen: true })
      sockets.push(socket)
      const record: { closedAt: number | null } = { closedAt: null }
      socket.on('error', () => {})
      socket.once('end', () => (record.closedAt ??= Date.now()))
      socket.once('close', () => (record.closedAt ??= Date.now()))
      await new Promise((resolve) => socket.once('connect', resolve))
      return record
    })
  )
}

describe('silent TCP connections on the mutual-TLS port', () => {
  it(`leave a client with a good certificate served at once and are closed within ${TLS_HANDSHAKE_TIMEOUT_MS / 1000} s`, async () => {
    expect(TLS_HANDSHAKE_TIMEOUT_MS).toBe(10_000)
    const openedAt = Date.now()
    const silent = await silentConnections(CAP)
    const reply = await httpsRequest(
      `https://127.0.0.1:${service.port}/filter`,
      {
        ca: ca.cert,
        cert: client.cert,
        key: client.key,
      },
      { body: { Pod: { metadata: { name: 'p' } }, Nodes: { items: [] } } }
    )
    expect(reply.status).toBe(200)
    await eventually(
      () => silent.every((s) => s.closedAt !== null),
      TLS_HANDSHAKE_TIMEOUT_MS + SLACK_MS
    )
    const lifetimes = silent.map((s) => (s.closedAt as number) - openedAt).sort((a, b) => a - b)
    // The good client took the oldest one's slot at once; the others waited for the bound.
    expect(lifetimes.filter((ms) => ms < TLS_HANDSHAKE_TIMEOUT_MS - 500)).toHaveLength(1)
  }, 30_000)

  it('do not keep SIGTERM from ending the process', async () => {
    await silentConnections(CAP)
    service.child.kill('SIGTERM')
    const exited = await Promise.race([
      service.exited,
      new Promise((resolve) =>
        setTimeout(() => resolve('still running'), TLS_HANDSHAKE_TIMEOUT_MS + SLACK_MS)
      ),
    ])
    expect(exited).toBe(0)
  }, 30_000)
})
