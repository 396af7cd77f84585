import { DEFAULT_FEATURE_GATES } from '../../src/config/parse-values.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { only } from '../support/kube-tools.js'
import { configOf, extenderPod, isExtender, RENDERINGS, type Container } from './renderings.js'
import { startTestServer, type TestServer } from '../support/test-server.js'

/**
 * charts/taint-extender rendered by the real helm over each value set, held to what the process
 * and Kubernetes accept: args the flag parser takes, probes and scrapes on ports that serve
 * them, a Service, NetworkPolicy and PodMonitor that name ports the pod has.
 */
const portNamed = (c: Container, name: string): number | undefined =>
  c.ports.find((p) => p.name === name)?.containerPort

describe.each(Object.entries(RENDERINGS))('%s', (_, rendering) => {
  const objects = rendering.objects()
  const pod = extenderPod(objects)
  const container = pod.containers[0] as Container
  const config = configOf(container)
  let server: TestServer
  beforeAll(async () => {
    // The probe port serves operations only, with or without mutual TLS on the verbs port.
    server = await startTestServer({ serves: 'operations' })
  })
  afterAll(() => server.close())

  it('passes args the flag parser accepts, listening on the ports the container declares', () => {
    expect(portNamed(container, config.tls ? 'https' : 'http')).toBe(config.port)
    expect(portNamed(container, 'probes')).toBe(config.probePort)
    expect(config.probePort).not.toBe(config.port)
  })

  it('probes paths the probe port serves, on plain HTTP, never on the verbs port', async () => {
    const probes = [container.startupProbe, container.livenessProbe, container.readinessProbe]
    for (const { httpGet } of probes) {
      expect(httpGet.port).toBe('probes')
      const response = await fetch(`${server.url}${httpGet.path}`)
      expect([httpGet.path, response.status]).toEqual([httpGet.path, 200])
    }
  })

  it('mounts the TLS Secret as a directory holding the files the flags name', () => {
    const tlsMount = container.volumeMounts.find((m) => m.name === 'tls')
    const tlsVolume = pod.volumes.find((v) => v.name === 'tls')
    if (!config.tls) {
      expect([tlsMount, tlsVolume]).toEqual([undefined, undefined])
      return
    }
    const files = container.args.filter((a) => /^--(tls-|client-ca)/.test(a))
    expect(files.map((a) => a.split('=')[1]?.startsWith(`${tlsMount?.mountPath}/`))).toEqual([
      true,
      true,
      true,
    ])
    const certificates = objects.filter((o) => o.kind === 'Certificate')
    const issued = certificates.map((c) => (c.spec as { secretName: string }).secretName)
    const secret = tlsVolume?.secret?.secretName
    if (rendering.givenTlsSecret === undefined) expect(issued).toContain(secret)
    else expect([secret, issued]).toEqual([rendering.givenTlsSecret, []])
  })

  it('leaves every feature gate at the binary’s default unless the installer set it', () => {
    expect(config.featureGates).toEqual({ ...DEFAULT_FEATURE_GATES, ...rendering.featureGates })
    const setsGates = container.args.some((a) => a.startsWith('--feature-gates'))
    expect(setsGates).toBe(rendering.featureGates !== undefined)
  })

  it('talks to the cluster in node-cache mode only, with no more than get, list, watch nodes', () => {
    const nodeCache = !rendering.fullNode
    expect(config.cluster?.kind ?? 'none').toBe(nodeCache ? 'in-cluster' : 'none')
    expect(pod.automountServiceAccountToken).toBe(nodeCache)
    const roles = objects.filter((o) => o.kind === 'ClusterRole')
    expect(roles.map((r) => r.rules)).toEqual(
      nodeCache
        ? [[{ apiGroups: [''], resources: ['nodes'], verbs: ['get', 'list', 'watch'] }]]
        : []
    )
  })

  it('gives the Service the verbs port only, and the PodMonitor and scrape annotation the probe port', () => {
    const service = only(objects, 'Service') as unknown as {
      spec: { ports: { port: number; targetPort: string }[] }
    }
    expect(service.spec.ports.map((p) => portNamed(container, p.targetPort))).toEqual([config.port])
    for (const p of service.spec.ports) expect(portNamed(container, p.targetPort)).toBe(p.port)
    const annotations = (
      objects.find((o) => o.kind === 'Deployment' && isExtender(o)) as never as {
        spec: { template: { metadata: { annotations?: Record<string, string> } } }
      }
    ).spec.template.metadata.annotations
    const scrapePort = annotations?.['prometheus.io/port']
    if (scrapePort !== undefined) expect(Number(scrapePort)).toBe(config.probePort)
    const monitors = objects.filter((o) => o.kind === 'PodMonitor') as unknown as {
      spec: { podMetricsEndpoints: { port: string }[] }
    }[]
    for (const endpoint of monitors.flatMap((m) => m.spec.podMetricsEndpoints)) {
      expect(endpoint.port).toBe('probes')
    }
  })

  it('has a NetworkPolicy only when asked, admitting named callers to the verbs and Prometheus to /metrics', () => {
    const policies = objects.filter((o) => o.kind === 'NetworkPolicy') as unknown as {
      spec: { ingress: { from: Record<string, unknown>[]; ports: { port: string | number }[] }[] }
    }[]
    expect(policies).toHaveLength(rendering.networkPolicy === true ? 1 : 0)
    const [verbs, metrics] = policies[0]?.spec.ingress ?? []
    if (verbs === undefined) return
    // A port by name is the container's port of that name; by number, itself.
    const resolve = (port: string | number): number | undefined =>
      typeof port === 'number' ? port : portNamed(container, port)
    expect(verbs.ports.map((p) => resolve(p.port))).toEqual([config.port])
    // An empty `from` would admit everyone; an empty peer is refused by the API server.
    expect(verbs.from.length).toBeGreaterThan(0)
    for (const peer of verbs.from) expect(Object.keys(peer).length).toBeGreaterThan(0)
    if (metrics !== undefined)
      expect(metrics.ports.map((p) => resolve(p.port))).toEqual([config.probePort])
  })

  it('tells the extender what to do with nodes that would evict the pod', () => {
    const given = container.args.filter((a) => a.startsWith('--evicting-nodes='))
    expect(given).toEqual([`--evicting-nodes=${rendering.evictingNodes ?? 'reject'}`])
  })

  it('keeps serving a few seconds after SIGTERM with the flag, never a preStop sleep (refused by Kubernetes 1.28)', () => {
    expect(config.shutdownDelaySeconds).toBe(5)
    expect((container as unknown as { lifecycle?: unknown }).lifecycle).toBeUndefined()
  })
})
