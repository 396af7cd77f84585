import { afterAll, beforeAll, expect } from 'vitest'
import type { InformerNodeCache } from '../../src/cluster/index.js'
import { startSharedCache } from '../cluster/node-cache-harness.js'
import { FakeApiServer, type FakeNodeSpec } from '../support/fake-apiserver.js'
import { eventually } from '../support/eventually.js'
import { startTestServer, type TestServer } from '../support/test-server.js'
import type { WireToleration } from '../support/wire.js'

/**
 * The cluster, the scenario table and the servers both-modes.test.ts and its topic files
 * (both-modes.*.case.ts) share: one fake API server, one informer-fed node cache and one
 * extender server for the whole file, so later blocks see what earlier ones did to the cluster.
 */

const CLUSTER: FakeNodeSpec[] = [
  { name: 'plain-1' },
  { name: 'plain-2' },
  { name: 'gpu', taints: [{ key: 'nvidia.com/gpu', value: 'present', effect: 'NoSchedule' }] },
  { name: 'draining', taints: [{ key: 'maintenance', effect: 'NoExecute' }] },
  { name: 'cordoned', unschedulable: true },
  { name: 'spot', taints: [{ key: 'spot', value: 'true', effect: 'PreferNoSchedule' }] },
  {
    name: 'spot-old',
    taints: [
      { key: 'spot', value: 'true', effect: 'PreferNoSchedule' },
      { key: 'kernel', value: '4', effect: 'PreferNoSchedule' },
    ],
  },
  { name: 'sla-800', taints: [{ key: 'sla', value: '800', effect: 'NoSchedule' }] },
  { name: 'sla-990', taints: [{ key: 'sla', value: '990', effect: 'NoSchedule' }] },
]
const ALL = CLUSTER.map((n) => n.name)

export const SCENARIOS: { name: string; tolerations: WireToleration[]; candidates: string[] }[] = [
  { name: 'a pod without tolerations over the whole cluster', tolerations: [], candidates: ALL },
  { name: 'a pod tolerating everything', tolerations: [{ operator: 'Exists' }], candidates: ALL },
  {
    name: 'a GPU pod over GPU and plain nodes',
    tolerations: [{ key: 'nvidia.com/gpu', operator: 'Exists', effect: 'NoSchedule' }],
    candidates: ['gpu', 'plain-1', 'spot'],
  },
  {
    name: 'a pod tolerating cordons and maintenance',
    tolerations: [
      { key: 'node.kubernetes.io/unschedulable', operator: 'Exists' },
      { key: 'maintenance', operator: 'Exists' },
    ],
    candidates: ALL,
  },
  {
    name: 'a pod with an SLA threshold (Gt 950)',
    tolerations: [{ key: 'sla', operator: 'Gt', value: '950', effect: 'NoSchedule' }],
    candidates: ALL,
  },
  {
    name: 'a pod tolerating spot only, scored over soft-tainted nodes',
    tolerations: [{ key: 'spot', operator: 'Equal', value: 'true' }],
    candidates: ['plain-1', 'spot', 'spot-old'],
  },
]

export let api: FakeApiServer
export let cache: InformerNodeCache
export let server: TestServer

/**
 * Starts the API server, the node cache and the extender server before the file's tests (ready
 * once the cache has listed the cluster) and stops them after.
 */
export function startBothModes(): void {
  // One API server and node cache for the whole file (node-cache-harness.ts's per-test ones stop
  // after each test); the last describe block of both-modes.test.ts starts its own through it.
  beforeAll(async () => {
    api = await FakeApiServer.start()
    for (const node of CLUSTER) api.addNode(node)
    cache = startSharedCache(api.url).cache
    server = await startTestServer({ nodeCache: cache })
    await eventually(async () => expect((await fetch(`${server.url}/readyz`)).status).toBe(200))
  })
  afterAll(async () => {
    await server.close()
    await cache.stop()
    await api.close()
  })
}

export function fullNodes(names: string[]): unknown[] {
  return names.map((name) => api.node(name))
}
