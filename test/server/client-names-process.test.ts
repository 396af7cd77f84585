import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CertificateWorkshop, type KeyPair } from '../support/certificates.js'
import { startService, type ServiceProcess } from '../support/process.js'
import { httpsRequest } from '../support/tls-client.js'
import { nodesArgs, wireNode, wirePod } from '../support/wire.js'

/**
 * The shipped process started with --client-name beside mutual TLS: the scheduling port admits
 * the named client and answers another the CA signed with 403; the probe port is not behind it.
 */

const workshop = new CertificateWorkshop()
let ca: KeyPair
let service: ServiceProcess
beforeAll(async () => {
  ca = workshop.authority('ca')
  const served = workshop.issue(ca, 'served', 'server')
  service = await startService([
    ...['--port', '0', '--probe-port', '0', '--disable-node-cache'],
    ...['--tls-cert-file', served.certFile, '--tls-private-key-file', served.keyFile],
    ...['--client-ca-file', ca.certFile],
    ...['--client-name', 'kube-scheduler.kube-system.svc'],
  ])
})
afterAll(() => {
  service.child.kill('SIGKILL')
  workshop.cleanup()
})

async function filterStatus(client: KeyPair): Promise<number> {
  const reply = await httpsRequest(
    `https://127.0.0.1:${service.port}/filter`,
    { ca: ca.cert, cert: client.cert, key: client.key },
    { body: nodesArgs(wirePod('p'), [wireNode('a')]) }
  )
  return reply.status
}

describe('serve --client-name', () => {
  it('admits the named client, answers another the CA signed with 403, and leaves the probe port open', async () => {
    const named = workshop.issue(ca, 'scheduler', 'client', 2, [
      'DNS:kube-scheduler.kube-system.svc',
    ])
    const other = workshop.issue(ca, 'other', 'client', 2, ['DNS:other.kube-system.svc'])
    expect([await filterStatus(named), await filterStatus(other)]).toEqual([200, 403])
    expect((await fetch(`http://127.0.0.1:${service.probePort}/livez`)).status).toBe(200)
  })
})
