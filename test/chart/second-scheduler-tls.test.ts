import { readFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { load } from 'js-yaml'
import { describe, expect, it } from 'vitest'
import {
  helmRefusal,
  helmTemplate,
  kustomizeWithComponents,
  only,
  type KubeObject,
} from '../support/kube-tools.js'

/**
 * The second scheduler under mutual TLS, in the chart and in deploy/second-scheduler with its
 * cert-manager component: it calls https:// with a client certificate of its own, issued by the
 * CA the extender trusts, never with the extender's serving key.
 */
const root = new URL('../../', import.meta.url)
const TLS_CONFIG = 'deploy/second-scheduler/cert-manager/scheduler-config.yaml'

interface Extender {
  urlPrefix: string
  enableHTTPS?: boolean
  tlsConfig: { caFile: string; certFile: string; keyFile: string; serverName: string }
}
interface CertificateSpec {
  secretName: string
  dnsNames?: string[]
  usages: string[]
  issuerRef: { name: string }
}
type Volume = { name: string; secret?: { secretName: string } }
type Mount = { name: string; mountPath: string }

function schedulerConfig(objects: readonly KubeObject[]): { extenders: Extender[] } {
  const configMap = objects.find(
    (o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith('taint-extender-scheduler-config')
  ) as unknown as { data: { 'config.yaml': string } }
  return load(configMap.data['config.yaml']) as { extenders: Extender[] }
}

function schedulerPod(objects: readonly KubeObject[]): { volumes: Volume[]; mounts: Mount[] } {
  const deployment = only(objects, 'Deployment', 'taint-extender-scheduler') as unknown as {
    spec: { template: { spec: { volumes: Volume[]; containers: { volumeMounts: Mount[] }[] } } }
  }
  const pod = deployment.spec.template.spec
  return { volumes: pod.volumes, mounts: pod.containers[0]?.volumeMounts ?? [] }
}

/** The issued leaf certificates; deploy/'s own CA certificate names no usages. */
const certificates = (objects: readonly KubeObject[]): CertificateSpec[] =>
  objects
    .filter((o) => o.kind === 'Certificate')
    .map((o) => o.spec as CertificateSpec)
    .filter((spec) => spec.usages !== undefined)

/** The Secret mounted where tlsConfig reads the client certificate, key and CA. */
function clientSecretOf(objects: readonly KubeObject[]): string | undefined {
  const extender = schedulerConfig(objects).extenders[0] as Extender
  const { volumes, mounts } = schedulerPod(objects)
  const folders = new Set(
    [extender.tlsConfig.caFile, extender.tlsConfig.certFile, extender.tlsConfig.keyFile].map(
      (file) => dirname(file)
    )
  )
  expect(folders.size).toBe(1)
  const mount = mounts.find((m) => folders.has(m.mountPath))
  return volumes.find((v) => v.name === mount?.name)?.secret?.secretName
}

const chartObjects = (): KubeObject[] =>
  helmTemplate({
    tls: { enabled: true, certManager: { enabled: true, issuerRef: { name: 'cluster-ca' } } },
    secondScheduler: { enabled: true },
  })
// The extender with the cert-manager component, and the second scheduler with its own.
const deployObjects = (): KubeObject[] => [
  ...kustomizeWithComponents(['cert-manager']),
  ...kustomizeWithComponents(['cert-manager'], 'deploy/second-scheduler'),
]

describe.each([
  ['the chart with cert-manager and the second scheduler', chartObjects],
  ['deploy/ and deploy/second-scheduler, each with its cert-manager component', deployObjects],
])('%s', (_name, render) => {
  const objects = render()

  it('configures the second scheduler as deploy/second-scheduler/cert-manager does: https:// to the name the serving certificate carries', () => {
    const config = schedulerConfig(objects)
    expect(config).toEqual(load(readFileSync(new URL(TLS_CONFIG, root), 'utf8')))
    const extender = config.extenders[0] as Extender
    expect(new URL(extender.urlPrefix).protocol).toBe('https:')
    expect(extender.enableHTTPS).toBe(true)
    const serving = certificates(objects).find((c) => c.usages.includes('server auth'))
    expect(serving?.dnsNames).toContain(extender.tlsConfig.serverName)
  })

  it('presents a client certificate of its own, from the issuer of the serving certificate', () => {
    const secret = clientSecretOf(objects)
    const all = certificates(objects)
    const serving = all.filter((c) => c.usages.includes('server auth'))
    const client = all.find((c) => c.secretName === secret)
    expect(serving).toHaveLength(1)
    expect(client?.usages).toEqual(expect.arrayContaining(['client auth']))
    expect(client?.usages).not.toContain('server auth')
    expect(client?.issuerRef.name).toBe(serving[0]?.issuerRef.name)
    // The extender's serving certificate no longer doubles as a client certificate.
    expect(serving[0]?.usages).not.toContain('client auth')
    expect(secret).not.toBe(serving[0]?.secretName)
  })
})

describe('the chart with TLS from Secrets of the installer’s own', () => {
  it('mounts the second scheduler’s client certificate from secondScheduler.clientCertSecretName', () => {
    const objects = helmTemplate({
      tls: { enabled: true, secretName: 'extender-serving' },
      secondScheduler: { enabled: true, clientCertSecretName: 'scheduler-client' },
    })
    expect(clientSecretOf(objects)).toBe('scheduler-client')
    expect(certificates(objects)).toEqual([])
  })

  it('issues the cluster’s own kube-scheduler a client certificate when there is no second scheduler', () => {
    const objects = helmTemplate({
      tls: { enabled: true, certManager: { enabled: true, issuerRef: { name: 'cluster-ca' } } },
    })
    const usages = certificates(objects).map((c) => [c.secretName, c.usages.at(-1)])
    expect(usages).toEqual([
      ['taint-extender-tls', 'server auth'],
      ['taint-extender-scheduler-client', 'client auth'],
    ])
  })
})

describe('secondScheduler.clientCertSecretName without TLS', () => {
  it.each([
    [
      'with the second scheduler',
      { secondScheduler: { enabled: true, clientCertSecretName: 'x' } },
    ],
    ['without it', { secondScheduler: { clientCertSecretName: 'x' } }],
  ])('is refused %s, since the second scheduler then calls over plain HTTP', (_name, values) => {
    expect(helmRefusal(values)).toContain(
      "): secondScheduler.clientCertSecretName needs tls.enabled: true (it is the second scheduler's client certificate for mutual TLS, which is off; without TLS it calls over plain HTTP with none)\n"
    )
  })

  it('would otherwise be dropped: with TLS off the second scheduler mounts no Secret and calls http://', () => {
    const objects = helmTemplate({ secondScheduler: { enabled: true } })
    expect(schedulerPod(objects).volumes.filter((v) => v.secret)).toEqual([])
    expect(new URL(schedulerConfig(objects).extenders[0]?.urlPrefix ?? '').protocol).toBe('http:')
  })
})
