import { afterEach, describe, expect, it } from 'vitest'
import { loadKubeConfig } from '../../src/cluster/index.js'
import { NodeApi } from '../../src/cluster/node-api.js'
import { statusCodeOf } from '../../src/cluster/api-errors.js'
import { FakeApiServer, kubeconfigFor } from '../support/fake-apiserver.js'

/**
 * The node cache's two plain requests, through client-node against a real list/watch HTTP
 * endpoint: the paged list (one consistent snapshot, its resourceVersion the watch's start) and
 * the GET of one node.
 */

const servers: FakeApiServer[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close()
})

async function apiWith(
  names: readonly string[],
  pageSize: number
): Promise<[FakeApiServer, NodeApi]> {
  const server = await FakeApiServer.start()
  servers.push(server)
  for (const name of names) server.addNode({ name })
  const kubeConfig = loadKubeConfig({ kind: 'kubeconfig', paths: [kubeconfigFor(server.url)] })
  return [server, new NodeApi(kubeConfig, pageSize, 10_000)]
}

describe('NodeApi', () => {
  it('lists every node in pages, from one snapshot, with the resourceVersion to watch from', async () => {
    const [server, api] = await apiWith(['n1', 'n2', 'n3', 'n4', 'n5'], 2)
    const listing = await api.listAll(new AbortController().signal)
    expect(listing.nodes.map((n) => n.name)).toEqual(['n1', 'n2', 'n3', 'n4', 'n5'])
    expect(listing.resourceVersion).toBe(String(server.resourceVersion))
    expect(listing.skipped).toBe(0)
    const lists = server.requestLog.filter((r) => r.kind === 'list').map((r) => r.url)
    expect(lists).toHaveLength(3)
    expect(lists[0]).toMatch(/[?&]limit=2(&|$)/)
    expect(lists[0]).not.toMatch(/continue=|resourceVersion=/)
    for (const later of lists.slice(1)) expect(later).toMatch(/[?&]continue=/)
  })

  it('skips and counts listed items without a name', async () => {
    const [server, api] = await apiWith(['n1', 'n2'], 500)
    server.addNode({ name: '' })
    const listing = await api.listAll(new AbortController().signal)
    expect(listing.nodes.map((n) => n.name)).toEqual(['n1', 'n2'])
    expect(listing.skipped).toBe(1)
  })

  it('reads one node, null when the API server has none, and rejects with the status otherwise', async () => {
    const [server, api] = await apiWith(['n1'], 500)
    const stop = new AbortController().signal
    await expect(api.read('n1', stop)).resolves.toMatchObject({ name: 'n1', unschedulable: false })
    await expect(api.read('ghost', stop)).resolves.toBeNull()
    server.faults.failNext('get', 1, 503)
    const failure = await api.read('n1', stop).catch((err: unknown) => err)
    expect(statusCodeOf(failure)).toBe(503)
  })
})
