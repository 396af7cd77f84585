import { readdirSync, readFileSync } from 'node:fs'
import { load } from 'js-yaml'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/test-server.js'

/**
 * The shipped KubeSchedulerConfigurations, held to what kube-scheduler's strict decoding and
 * validation of kubescheduler.config.k8s.io/v1 accept, and to what this extender serves.
 */
const root = new URL('../../', import.meta.url)
const CONFIGS = [
  ...readdirSync(new URL('scheduler-config/', root))
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => `scheduler-config/${f}`),
  'deploy/second-scheduler/scheduler-config.yaml',
  'deploy/second-scheduler/cert-manager/scheduler-config.yaml',
]
/** The second scheduler's, in every shape: the recommended deployment, filter only. */
const SECOND_SCHEDULER = CONFIGS.filter((path) => path.includes('second-scheduler'))

// The v1 field names (json tags of KubeSchedulerConfiguration and Extender); kube-scheduler
// decodes --config strictly, so any other key stops it from starting.
const TOP_LEVEL = new Set(
  'apiVersion kind parallelism leaderElection clientConnection enableProfiling enableContentionProfiling percentageOfNodesToScore podInitialBackoffSeconds podMaxBackoffSeconds profiles extenders delayCacheUntilActive'.split(
    ' '
  )
)
const EXTENDER = new Set(
  'urlPrefix filterVerb preemptVerb prioritizeVerb weight bindVerb enableHTTPS tlsConfig httpTimeout nodeCacheCapable managedResources ignorable'.split(
    ' '
  )
)
const TLS = new Set(
  'insecure serverName certFile keyFile caFile certData keyData caData'.split(' ')
)
const GO_DURATION = /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/

type Yaml = Record<string, unknown>

function readConfig(path: string): Yaml {
  return load(readFileSync(new URL(path, root), 'utf8')) as Yaml
}

function extendersOf(config: Yaml): Yaml[] {
  return (config.extenders ?? []) as Yaml[]
}

function unknownKeys(object: Yaml, known: ReadonlySet<string>): string[] {
  return Object.keys(object).filter((k) => !known.has(k))
}

describe('the shipped kube-scheduler configurations', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server.close())

  it('are all found: the three modes, the second scheduler’s two copies and its TLS variant, and the one without the in-tree plugins', () => {
    expect(CONFIGS).toHaveLength(7)
    expect(SECOND_SCHEDULER).toHaveLength(3)
  })

  it.each(SECOND_SCHEDULER)(
    '%s calls filter (and preempt) only: one round trip per pod, the in-tree plugin scoring PreferNoSchedule',
    (path) => {
      for (const extender of extendersOf(readConfig(path))) {
        expect(extender.filterVerb).toBe('filter')
        expect(extender.prioritizeVerb).toBeUndefined()
        expect(extender.weight).toBeUndefined()
      }
    }
  )

  it('are checked against a server that answers 404 for a verb it does not serve', async () => {
    const response = await fetch(`${server.url}/bind`, { method: 'POST', body: '{}' })
    expect(response.status).toBe(404)
  })

  it.each(CONFIGS)('%s is a v1 KubeSchedulerConfiguration with only v1 fields', (path) => {
    const config = readConfig(path)
    expect(config.apiVersion).toBe('kubescheduler.config.k8s.io/v1')
    expect(config.kind).toBe('KubeSchedulerConfiguration')
    expect(unknownKeys(config, TOP_LEVEL)).toEqual([])
    expect(extendersOf(config)).toHaveLength(1)
    for (const extender of extendersOf(config)) {
      expect(unknownKeys(extender, EXTENDER)).toEqual([])
      expect(unknownKeys((extender.tlsConfig ?? {}) as Yaml, TLS)).toEqual([])
    }
  })

  it.each(CONFIGS)(
    '%s passes upstream extender validation and speaks HTTPS when it says so',
    (path) => {
      for (const extender of extendersOf(readConfig(path))) {
        const url = new URL(String(extender.urlPrefix))
        // validateExtenders: a prioritizeVerb needs a positive weight; weights are integers.
        if (extender.prioritizeVerb !== undefined) {
          expect(Number.isInteger(extender.weight)).toBe(true)
          expect(extender.weight as number).toBeGreaterThan(0)
        }
        expect(extender.bindVerb).toBeUndefined()
        expect(String(extender.httpTimeout)).toMatch(GO_DURATION)
        expect(typeof extender.nodeCacheCapable).toBe('boolean')
        expect(typeof extender.ignorable).toBe('boolean')
        // kube-scheduler picks its client's scheme from enableHTTPS, not from the URL.
        expect(url.protocol === 'https:').toBe(extender.enableHTTPS === true)
        expect(url.port).toBe('8888')
      }
    }
  )

  // The recommended shape: filter only, one call per pod (docs/compatibility.md#the-shapes);
  // the others call all three verbs.
  const FILTER_ONLY = new Set(['scheduler-config/node-cache.yaml', 'scheduler-config/https.yaml'])

  it.each(CONFIGS)('%s names verbs this extender serves', async (path) => {
    for (const extender of extendersOf(readConfig(path))) {
      const named = [extender.filterVerb, extender.prioritizeVerb, extender.preemptVerb]
      const verbs = named.filter((verb) => verb !== undefined)
      expect(verbs).toEqual(
        FILTER_ONLY.has(path)
          ? ['filter']
          : extender.prioritizeVerb === undefined
            ? ['filter', 'preempt']
            : ['filter', 'prioritize', 'preempt']
      )
      if (FILTER_ONLY.has(path)) expect(extender.weight).toBeUndefined()
      for (const verb of verbs) {
        // kube-scheduler POSTs to urlPrefix + "/" + verb; an empty body is a protocol error
        // (400), which a missing route would have answered 404.
        const response = await fetch(`${server.url}/${String(verb)}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: '{}',
        })
        expect([response.status, verb]).toEqual([400, verb])
      }
    }
  })
})
