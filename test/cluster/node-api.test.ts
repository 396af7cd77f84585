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
    expect(listing.restarts).toBe(0)
    const lists = server.requestLog.filter((r) => r.kind === 'list').map((r) => r.url)
    expect(lists).toHaveLength(3)
    expect(lists[0]).toMatch(/[?&]limit=2(&|$)/)
    expect(lists[0]).not.toMatch(/continue=|resourceVersion=/)
    for (const later of lists.slice(1)) expect(later).toMatch(/[?&]continue=/)
  })

  it('lists again from the first page, at once, when a continue token expires mid-way', async () => {
    const [server, api] = await apiWith(['n1', 'n2', 'n3', 'n4', 'n5'], 2)
    let expired = false
    server.onRequest = (kind, url) => {
      if (expired || kind !== 'list' || !url.searchParams.has('continue')) return
      expired = true
      server.expireContinueTokens()
      server.addNode({ name: 'n6' })
    }
    const listing = await api.listAll(new AbortController().signal)
    // The second list is a snapshot of its own: it has the node added after the first began.
    expect(listing.nodes.map((n) => n.name)).toEqual(['n1', 'n2', 'n3', 'n4', 'n5', 'n6'])
    expect(listing.resourceVersion).toBe(String(server.resourceVersion))
    expect(listing.restarts).toBe(1)
    const lists = server.requestLog.filter((r) => r.kind === 'list').map((r) => r.url)
    expect(lists.map((url) => /[?&]continue=/.test(url))).toEqual([false, true, false, true, true])
  })

  it('rejects with the 410 when the list started again expires too, for the caller to back off', async () => {
    const [server, api] = await apiWith(['n1', 'n2', 'n3'], 2)
    server.onRequest = (kind, url) => {
      if (kind === 'list' && url.searchParams.has('continue')) server.expireContinueTokens()
    }
    const failure = await api.listAll(new AbortController().signal).catch((err: unknown) => err)
    expect(statusCodeOf(failure)).toBe(410)
    expect(server.requests('list')).toBe(4)
  })

  it('rejects at once, without listing again, when a continued page fails with anything but 410', async () => {
    const [server, api] = await apiWith(['n1', 'n2', 'n3'], 2)
    server.onRequest = (kind, url) => {
      if (kind === 'list' && url.searchParams.has('continue')) {
        server.faults.failNext('list', 1, 500)
      }
    }
    const failure = await api.listAll(new AbortController().signal).catch((err: unknown) => err)
    expect(statusCodeOf(failure)).toBe(500)
    expect(server.requests('list')).toBe(2)
  })

  it('rejects at once when the first page answers 410: only a continued page outlives its snapshot', async () => {
    const [server, api] = await apiWith(['n1', 'n2', 'n3'], 2)
    server.faults.failNext('list', 1, 410)
    const failure = await api.listAll(new AbortController().signal).catch((err: unknown) => err)
    expect(statusCodeOf(failure)).toBe(410)
    expect(server.requests('list')).toBe(1)
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
