import { afterEach, expect } from 'vitest'
import {
  InformerNodeCache,
  loadKubeConfig,
  type InformerNodeCacheOptions,
} from '../../src/cluster/index.js'
import { referenceFilterNode, type Toleration } from '../../src/core/index.js'
import { eventually } from './eventually.js'
import { FakeApiServer, kubeconfigFor, type FakeNodeSpec } from './fake-apiserver.js'
import { RecordingLogger } from './recording-logger.js'
import { RecordingNodeCacheMetrics } from './recording-node-cache-metrics.js'
import { post, startTestServer, type TestServer } from './test-server.js'
import { namesArgs, wirePod, type WireToleration } from './wire.js'

/**
 * The real InformerNodeCache behind the real app on a real socket, pointed at a fake API server
 * (which the fault tests break on purpose); and the answers it must give, worked out with the
 * reference rules from what the API server holds.
 */
export interface InformerRig {
  readonly api: FakeApiServer
  readonly cache: InformerNodeCache
  readonly metrics: RecordingNodeCacheMetrics
  readonly logger: RecordingLogger
  readonly server: TestServer
}

type CacheOverrides = Partial<Omit<InformerNodeCacheOptions, 'kubeConfig' | 'logger' | 'metrics'>>

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

export const NO_SCHEDULE = { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }
export const NO_EXECUTE = { key: 'maintenance', effect: 'NoExecute' }
export const PREFER_NO_SCHEDULE = { key: 'spot', value: 'true', effect: 'PreferNoSchedule' }

/** Twelve nodes: untainted, each kind of taint, cordoned. */
export const FLEET: readonly FakeNodeSpec[] = Array.from({ length: 12 }, (_, i) => {
  const name = `node-${String(i).padStart(2, '0')}`
  if (i % 4 === 1) return { name, taints: [NO_SCHEDULE] }
  if (i % 4 === 2) return { name, taints: [NO_EXECUTE, PREFER_NO_SCHEDULE] }
  if (i % 4 === 3) return { name, unschedulable: true }
  return { name }
})

/** A pod tolerating the NoSchedule taint only: every kind of verdict occurs. */
export const TOLERATIONS: readonly WireToleration[] = [
  { key: 'dedicated', operator: 'Equal', value: 'gpu', effect: 'NoSchedule' },
]

/** Runs `cleanup` after the current test (last registered, first run). */
export function afterThisTest(cleanup: () => Promise<void>): void {
  cleanups.push(cleanup)
}

/**
 * A fake API server holding `nodes`, closed after the test; listening, on `port` if given (one
 * from freePort, for a server the test stops and starts again), unless `listening: false`.
 */
export async function startApiServer(
  nodes: readonly FakeNodeSpec[] = FLEET,
  { listening = true, port = 0 }: { listening?: boolean; port?: number } = {}
): Promise<FakeApiServer> {
  const api = new FakeApiServer()
  for (const node of nodes) api.addNode(node)
  if (listening) await api.listen(port)
  afterThisTest(() => api.close())
  return api
}

/** The cache (retries within milliseconds) and the app in front of it, pointed at `url`. */
export async function startRig(
  api: FakeApiServer,
  url: string = api.url,
  overrides: CacheOverrides = {}
): Promise<InformerRig> {
  const metrics = new RecordingNodeCacheMetrics()
  const logger = new RecordingLogger()
  const cache = new InformerNodeCache({
    kubeConfig: loadKubeConfig({ kind: 'kubeconfig', paths: [kubeconfigFor(url)] }),
    logger,
    metrics,
    backoff: { initialMs: 10, maxMs: 100 },
    // Far beyond any test: a watch restarted by the watchdog would replay events a test
    // holds back on purpose (`notify: false`). The watchdog's own tests set it short.
    watchdogMs: 600_000,
    ...overrides,
  })
  cache.start()
  const server = await startTestServer({ nodeCache: cache })
  afterThisTest(async () => {
    await server.close()
    await cache.stop()
  })
  return { api, cache, metrics, logger, server }
}

/** A fake API server holding the fleet, and the rig in front of it once /readyz says ready. */
export async function startReadyRig(): Promise<InformerRig> {
  const rig = await startRig(await startApiServer())
  await eventually(async () => expect(await readyzStatus(rig.server.url)).toBe(200))
  return rig
}

/** The filter result for every node of `names`, as kube-scheduler reads it. */
export interface FilterVerdicts {
  readonly NodeNames: readonly string[]
  readonly FailedNodes: Readonly<Record<string, string>>
  readonly FailedAndUnresolvableNodes: Readonly<Record<string, string>>
}

/** POST /filter with NodeNames; the reply must be a 200 without an Error. */
export async function filterNames(
  baseUrl: string,
  names: readonly string[] = FLEET.map((n) => n.name)
): Promise<FilterVerdicts> {
  const reply = await post(
    `${baseUrl}/filter`,
    namesArgs(wirePod('p', [...TOLERATIONS]), [...names])
  )
  expect(reply.status).toBe(200)
  const { NodeNames, FailedNodes, FailedAndUnresolvableNodes, Error } =
    reply.json as FilterVerdicts & {
      Error: string
    }
  expect(Error).toBe('')
  return { NodeNames, FailedNodes, FailedAndUnresolvableNodes }
}

/** What the reference rules say for `names` as the API server holds them now. */
export function expectedVerdicts(
  api: FakeApiServer,
  names: readonly string[] = FLEET.map((n) => n.name)
): FilterVerdicts {
  const tolerations: Toleration[] = TOLERATIONS.map((t) => ({
    key: t.key ?? '',
    operator: t.operator ?? '',
    value: t.value ?? '',
    effect: t.effect ?? '',
    tolerationSeconds: null,
  }))
  const passing: string[] = []
  const rejected: Record<string, string> = {}
  for (const name of names) {
    const node = api.node(name)
    if (node === undefined) throw new Error(`${name} is not on the fake API server`)
    const reason = referenceFilterNode(
      tolerations,
      {
        name,
        unschedulable: node.spec.unschedulable === true,
        taints: (node.spec.taints ?? []).map((t) => ({ ...t, value: t.value ?? '' })),
      },
      { comparisonOperators: true }
    )
    if (reason === null) passing.push(name)
    else rejected[name] = reason
  }
  return { NodeNames: passing, FailedNodes: {}, FailedAndUnresolvableNodes: rejected }
}

/** The app's answers equal the reference applied to the API server's current nodes. */
export async function expectAnswersMatchApiServer(rig: InformerRig): Promise<void> {
  expect(await filterNames(rig.server.url)).toEqual(expectedVerdicts(rig.api))
}

/** GET /readyz of the app: its status. */
export async function readyzStatus(baseUrl: string): Promise<number> {
  return (await fetch(`${baseUrl}/readyz`)).status
}
