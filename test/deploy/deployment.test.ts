import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { loadAll } from 'js-yaml'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../src/config/index.js'
import { startTestServer, type TestServer } from '../support/test-server.js'

/** deploy/deployment.yaml and service.yaml, held to what the process and Kubernetes accept. */
const root = new URL('../../', import.meta.url)

type Yaml = Record<string, unknown>

function manifest(path: string, kind: string): Yaml {
  const docs = loadAll(readFileSync(new URL(path, root), 'utf8')) as Yaml[]
  const found = docs.find((d) => d.kind === kind)
  if (found === undefined) throw new Error(`${path} has no ${kind}`)
  return found
}

/** The one container of the Deployment's pod template. */
function container(): Yaml {
  const deployment = manifest('deploy/deployment.yaml', 'Deployment') as {
    spec: { template: { spec: { containers: Yaml[] } } }
  }
  const containers = deployment.spec.template.spec.containers
  expect(containers).toHaveLength(1)
  return containers[0] as Yaml
}

/** "320Mi" → 320 (MiB); only the binary suffixes the manifests use. */
function mebibytes(quantity: unknown): number {
  const match = /^(\d+)(Mi|Gi)$/.exec(String(quantity))
  if (match === null) throw new Error(`not a Mi/Gi quantity: ${String(quantity)}`)
  return Number(match[1]) * (match[2] === 'Gi' ? 1024 : 1)
}

describe('the shipped Deployment', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ serves: 'operations' })
  })
  afterAll(() => server.close())

  it('passes args the extender’s own flag parser accepts, in-cluster, on the ports it exposes', () => {
    const c = container() as { args: string[]; ports: { name: string; containerPort: number }[] }
    const loaded = loadConfig({
      argv: c.args,
      env: { KUBERNETES_SERVICE_HOST: '10.0.0.1', KUBERNETES_SERVICE_PORT: '443' },
      fileExists: () => true,
    })
    if (loaded.kind !== 'config') throw new Error('expected a config, not help')
    expect(loaded.config.cluster).toEqual({ kind: 'in-cluster' })
    expect(c.ports).toEqual([
      expect.objectContaining({ name: 'http', containerPort: 8888 }),
      expect.objectContaining({ name: 'probes', containerPort: 8889 }),
    ])
    expect([loaded.config.port, loaded.config.probePort]).toEqual([8888, 8889])
  })

  it('caps V8’s heap below the memory limit, with NODE_OPTIONS Node.js accepts', () => {
    const c = container() as {
      env: { name: string; value: string }[]
      resources: { requests: { memory: string }; limits: { memory: string } }
    }
    const nodeOptions = c.env.find((e) => e.name === 'NODE_OPTIONS')?.value ?? ''
    const heap = /--max-old-space-size=(\d+)/.exec(nodeOptions)?.[1]
    const limit = mebibytes(c.resources.limits.memory)
    expect(Number(heap)).toBeGreaterThan(0)
    expect(Number(heap)).toBeLessThan(limit)
    expect(mebibytes(c.resources.requests.memory)).toBeLessThanOrEqual(limit)
    const out = execFileSync(process.execPath, ['-e', 'process.stdout.write("ok")'], {
      env: { PATH: process.env.PATH ?? '', NODE_OPTIONS: nodeOptions },
    })
    expect(out.toString()).toBe('ok')
  })

  it('probes paths the probe port answers, a port the Service does not expose', async () => {
    const c = container() as Record<string, { httpGet: { path: string; port: string } }>
    const probes = ['startupProbe', 'livenessProbe', 'readinessProbe'].map((p) => c[p]?.httpGet)
    expect(probes.map((p) => p?.port)).toEqual(['probes', 'probes', 'probes'])
    for (const probe of probes) {
      const response = await fetch(`${server.url}${probe?.path ?? ''}`)
      expect([probe?.path, response.status]).toEqual([probe?.path, 200])
    }
    const service = manifest('deploy/service.yaml', 'Service') as {
      spec: { ports: { port: number; targetPort: string }[] }
    }
    expect(service.spec.ports).toEqual([
      expect.objectContaining({ port: 8888, targetPort: 'http' }),
    ])
  })
})
