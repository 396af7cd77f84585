import { spawnSync } from 'node:child_process'
import { X509Certificate } from 'node:crypto'
import { copyFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CertificateWorkshop, type KeyPair } from '../support/certificates.js'
import { eventually } from '../support/eventually.js'
import { startService, type ServiceProcess } from '../support/process.js'
import { familySamples } from '../support/metrics-text.js'
import { httpsRequest, refusal } from '../support/tls-client.js'
import { nodesArgs, wireNode, wirePod } from '../support/wire.js'

/**
 * The shipped process (`node dist/main.js`) under mutual TLS with a probe port: the scheduling
 * port wants a client certificate, the probe port answers kubelet and Prometheus in plain
 * HTTP, a rotated certificate is served without a restart, and bad files stop the start.
 */

const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url))

const workshop = new CertificateWorkshop()
let ca: KeyPair
let served: KeyPair
let client: KeyPair
/** The certificate the rotation test puts in place, with a lifetime unlike the first's. */
let next: KeyPair
let service: ServiceProcess
beforeAll(async () => {
  ca = workshop.authority('ca')
  served = workshop.issue(ca, 'served', 'server')
  client = workshop.issue(ca, 'kube-scheduler', 'client')
  service = await startService([
    '--port',
    '0',
    '--probe-port',
    '0',
    '--disable-node-cache',
    '--tls-cert-file',
    served.certFile,
    '--tls-private-key-file',
    served.keyFile,
    '--client-ca-file',
    ca.certFile,
  ])
})
afterAll(() => {
  service.child.kill('SIGKILL')
  workshop.cleanup()
})

/** The TLS series of the probe port's /metrics: expiry, last reload, and reloads by result. */
async function tlsSeries(): Promise<[number | undefined, number | undefined, string]> {
  const text = await (await fetch(`http://127.0.0.1:${service.probePort}/metrics`)).text()
  const one = (family: string): number | undefined => familySamples(text, family).get('')
  const reloads = familySamples(text, 'taint_extender_tls_reloads_total')
  return [
    one('taint_extender_tls_certificate_expiration_timestamp_seconds'),
    one('taint_extender_tls_last_reload_successful'),
    `success ${reloads.get('{result="success"}')}, failure ${reloads.get('{result="failure"}')}`,
  ]
}

/** A certificate's notAfter in Unix seconds, read by OpenSSL rather than by the service. */
const expiryOf = (pair: KeyPair): number =>
  Date.parse(new X509Certificate(pair.cert).validTo) / 1000

/** What kube-scheduler presents: the CA it trusts, and its client certificate. */
const mtls = (): { ca: Buffer; cert: Buffer; key: Buffer } => ({
  ca: ca.cert,
  cert: client.cert,
  key: client.key,
})

/** The serial number of the certificate the scheduling port serves to a new connection. */
async function servedSerial(): Promise<string | undefined> {
  const reply = await httpsRequest(`https://127.0.0.1:${service.port}/filter`, mtls(), {
    body: nodesArgs(wirePod('p'), [wireNode('a')]),
  })
  return reply.peerSerial
}

describe('the process under mutual TLS with --probe-port', () => {
  it('says it started with mutual TLS and names both ports', () => {
    const started = service.logs.find((l) => l.msg === 'taint-extender started')
    expect(started).toMatchObject({ transport: 'mutual-tls', port: service.port })
    expect(service.probePort).toEqual(expect.any(Number))
    expect(service.probePort).not.toBe(service.port)
    expect(service.logs.filter((l) => l.msg === 'listening').map((l) => l.role)).toEqual([
      'main',
      'probe',
    ])
  })

  it('serves /filter to kube-scheduler with its client certificate, and no one without', async () => {
    const url = `https://127.0.0.1:${service.port}/filter`
    const reply = await httpsRequest(url, mtls(), {
      body: nodesArgs(wirePod('p'), [wireNode('a')]),
    })
    expect(reply.status).toBe(200)
    expect(await refusal(url, { ca: ca.cert })).toMatch(/alert certificate required|ECONNRESET/)
    // The scheduling port serves the verbs only; operations live on the probe port.
    const readyz = await httpsRequest(`https://127.0.0.1:${service.port}/readyz`, mtls())
    expect(readyz.status).toBe(404)
  })

  it('answers /readyz and /metrics on the probe port in plain HTTP', async () => {
    const readyz = await fetch(`http://127.0.0.1:${service.probePort}/readyz`)
    expect(readyz.status).toBe(200)
    expect(await readyz.text()).toBe('ok\n')
    const metrics = await fetch(`http://127.0.0.1:${service.probePort}/metrics`)
    expect(metrics.status).toBe(200)
    expect(await metrics.text()).toMatch(
      /taint_extender_requests_total\{verb="filter",code="200"\}/
    )
    const filter = await fetch(`http://127.0.0.1:${service.probePort}/filter`, { method: 'POST' })
    expect(filter.status).toBe(404)
    expect(await tlsSeries()).toEqual([expiryOf(served), 1, 'success 0, failure 0'])
  })

  it('serves a rotated certificate to new connections without a restart', async () => {
    next = workshop.issue(ca, 'next', 'server', 1)
    copyFileSync(next.certFile, served.certFile)
    copyFileSync(next.keyFile, served.keyFile)
    await eventually(async () => expect(await servedSerial()).toBe(next.serialNumber))
    const reloaded = service.logs.find((l) => String(l.msg).startsWith('TLS files changed: new'))
    expect(reloaded).toMatchObject({ certificate: { serialNumber: next.serialNumber } })
    expect(await tlsSeries()).toEqual([expiryOf(next), 1, 'success 1, failure 0'])
    expect(service.child.exitCode).toBeNull()
  })

  it('keeps serving the last good certificate when the files turn bad, and says so once in its log and metrics', async () => {
    const stray = workshop.issue(ca, 'stray', 'server')
    copyFileSync(stray.certFile, served.certFile)
    await eventually(async () =>
      expect(await tlsSeries()).toEqual([expiryOf(next), 0, 'success 1, failure 1'])
    )
    expect(await servedSerial()).toBe(next.serialNumber)
    const warnings = service.logs.filter((l) => String(l.msg).startsWith('TLS files changed but'))
    expect(warnings).toEqual([
      expect.objectContaining({
        level: 'warn',
        err: `--tls-private-key-file: ${served.keyFile} is not the key of the first certificate in ${served.certFile}`,
      }),
    ])
  })

  it('on SIGTERM closes both servers and exits 0', async () => {
    service.child.kill('SIGTERM')
    expect(await service.exited).toBe(0)
    expect(service.logs.at(-1)).toMatchObject({ msg: 'stopped' })
  })
})

describe('the process with TLS files that cannot be served', () => {
  it('exits 2 naming the key that does not belong to the certificate', () => {
    const other = workshop.issue(ca, 'other', 'server')
    const result = spawnSync(
      process.execPath,
      [MAIN, '--disable-node-cache', '--tls-cert-file', served.certFile],
      { encoding: 'utf8', env: { TLS_PRIVATE_KEY_FILE: other.keyFile } }
    )
    expect(result.status).toBe(2)
    expect(result.stderr).toContain(`${other.keyFile} is not the key of the first certificate`)
  })

  it('exits 2 naming a certificate file that holds no certificate', () => {
    const garbage = join(workshop.dir, 'garbage.crt')
    writeFileSync(garbage, 'not a certificate\n')
    const result = spawnSync(
      process.execPath,
      [
        MAIN,
        '--disable-node-cache',
        '--tls-cert-file',
        garbage,
        '--tls-private-key-file',
        served.keyFile,
      ],
      { encoding: 'utf8' }
    )
    expect(result.status).toBe(2)
    expect(result.stderr).toContain(`--tls-cert-file: ${garbage} holds no PEM certificate`)
  })
})
