import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CertificateWorkshop, type KeyPair } from '../support/certificates.js'
import { familySamples } from '../support/metrics-text.js'
import { startTestServer, type TestServer } from '../support/test-server.js'
import { httpsRequest } from '../support/tls-client.js'
import { nodesArgs, wireNode, wirePod } from '../support/wire.js'

/**
 * --client-name under mutual TLS, with real certificates: a verified client is admitted when a
 * DNS name of its subjectAltName, or its CN when it has no DNS name, is one of the names; any
 * other gets 403 with the protocol's Error and its connection closed.
 */

const ALLOWED = ['kube-scheduler.kube-system.svc', 'system:kube-scheduler']

const workshop = new CertificateWorkshop()
let ca: KeyPair
let server: TestServer
beforeAll(async () => {
  ca = workshop.authority('ca')
  const served = workshop.issue(ca, 'server', 'server')
  server = await startTestServer({
    tls: { cert: served.cert, key: served.key, ca: ca.cert },
    clientNames: ALLOWED,
  })
})
afterAll(async () => {
  await server.close()
  workshop.cleanup()
})

/** A filter call from a client certificate with this CN and these subjectAltNames. */
async function filterAs(cn: string, subjectAltNames: string[] = []) {
  const client = workshop.issue(ca, cn, 'client', 2, subjectAltNames)
  return httpsRequest(
    `${server.url}/filter`,
    { ca: ca.cert, cert: client.cert, key: client.key },
    { body: nodesArgs(wirePod('p'), [wireNode('a')]) }
  )
}

describe('--client-name', () => {
  it.each([
    {
      when: 'a DNS name of its subjectAltName is listed',
      cn: 'x',
      sans: ['DNS:kube-scheduler.kube-system.svc'],
      status: 200,
    },
    {
      when: 'a DNS name matches a listed one in another case',
      cn: 'x',
      sans: ['DNS:Kube-Scheduler.Kube-System.svc'],
      status: 200,
    },
    {
      when: 'one of several DNS names is listed',
      cn: 'x',
      sans: ['DNS:other.example', 'DNS:kube-scheduler.kube-system.svc'],
      status: 200,
    },
    {
      when: 'it has no subjectAltName and its CN is listed',
      cn: 'system:kube-scheduler',
      sans: [],
      status: 200,
    },
    {
      when: 'its subjectAltName has an IP address only and its CN is listed',
      cn: 'system:kube-scheduler',
      sans: ['IP:10.0.0.1'],
      status: 200,
    },
    {
      when: 'its CN is listed but it has a DNS name that is not',
      cn: 'system:kube-scheduler',
      sans: ['DNS:other.example'],
      status: 403,
    },
    {
      when: 'it has no subjectAltName and its CN is not listed',
      cn: 'someone-else',
      sans: [],
      status: 403,
    },
    {
      when: 'its CN differs from a listed one only in case',
      cn: 'System:Kube-Scheduler',
      sans: [],
      status: 403,
    },
    {
      when: 'a listed name is only the end of its DNS name',
      cn: 'x',
      sans: ['DNS:evil.kube-scheduler.kube-system.svc'],
      status: 403,
    },
  ])('answers $status when $when', async ({ cn, sans, status }) => {
    expect((await filterAs(cn, sans)).status).toBe(status)
  })

  it('refuses with 403 and the protocol’s Error, logs the names and counts the reply', async () => {
    const reply = await filterAs('intruder', ['DNS:intruder.example'])
    expect(reply.status).toBe(403)
    expect(reply.json).toEqual({
      Error: 'client certificate not allowed: none of its names is one this extender accepts',
    })
    const logged = server.logs.find(
      (l) =>
        l.msg === 'client certificate refused: no --client-name matches' &&
        JSON.stringify(l.dns) === '["intruder.example"]'
    )
    expect(logged).toMatchObject({ level: 'warn', cn: null, remoteAddress: '127.0.0.1' })
    const requests = familySamples(
      await server.metrics.registry.metrics(),
      'taint_extender_requests_total'
    )
    expect(requests.get('{verb="other",code="403"}')).toBeGreaterThanOrEqual(1)
  })
})
