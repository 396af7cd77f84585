import { describe, expect, it } from 'vitest'
import { eventually } from '../support/eventually.js'
import { startCache, startServer, watchQueries } from './node-cache-harness.js'

const GPU_TAINT = { key: 'nvidia.com/gpu', value: 'true', effect: 'NoSchedule' }
const SPOT_TAINT = { key: 'spot', value: 'yes', effect: 'PreferNoSchedule' }

describe('InformerNodeCache: first sync and following changes', () => {
  it('is not ready until the first list is indexed, then ready with every node compiled', async () => {
    const server = await startServer()
    server.addNode({ name: 'node-a' })
    server.addNode({ name: 'node-b', taints: [GPU_TAINT, SPOT_TAINT] })
    server.addNode({ name: 'node-c', unschedulable: true })
    server.faults.setDelay(50)

    const { cache, metrics } = startCache(server.url)
    const before = cache.readiness()
    expect(before.ready).toBe(false)
    expect(before.reason).toContain('waiting for the first list of nodes')

    await eventually(() => expect(cache.readiness().ready).toBe(true))
    expect(cache.size).toBe(3)
    const b = cache.get('node-b')
    expect(b?.profile.hardTaints.map((t) => t.key)).toEqual(['nvidia.com/gpu'])
    expect(b?.profile.softTaints.map((t) => t.key)).toEqual(['spot'])
    expect(cache.get('node-c')?.unschedulable).toBe(true)
    expect(cache.get('node-a')?.taints).toEqual([])
    expect(cache.readiness().reason).toMatch(/3 nodes indexed/)
    expect(metrics.events.relist).toBe(1)
    expect(metrics.relists).toBe(0)
    expect(metrics.lastIndexSize).toBe(3)
  })

  it('lists in pages and watches from the resourceVersion of the list, with bookmarks', async () => {
    const server = await startServer()
    for (let i = 0; i < 5; i++) server.addNode({ name: `node-${i}` })
    const listedAt = server.resourceVersion

    const { cache } = startCache(server.url, { pageSize: 2 })
    await eventually(() => expect(server.openWatches).toBe(1))

    expect(cache.size).toBe(5)
    expect(server.requests('list')).toBe(3)
    const [query] = watchQueries(server)
    expect(query?.get('resourceVersion')).toBe(String(listedAt))
    expect(query?.get('allowWatchBookmarks')).toBe('true')
  })

  it('makes a taint added with kubectl taint visible to the next lookup', async () => {
    const server = await startServer()
    server.addNode({ name: 'node-a' })
    const { cache, metrics } = startCache(server.url)
    await eventually(() => expect(server.openWatches).toBe(1))
    expect(cache.get('node-a')?.profile.hardTaints).toEqual([])

    server.updateNode('node-a', { taints: [GPU_TAINT] })

    await eventually(() => expect(cache.get('node-a')?.profile.hardTaints).toHaveLength(1))
    expect(cache.get('node-a')?.profile.hardTaints[0]).toMatchObject(GPU_TAINT)
    expect(cache.get('node-a')?.resourceVersion).toBe(String(server.resourceVersion))
    expect(metrics.events.update).toBe(1)
  })

  it('sees a cordon and an uncordon', async () => {
    const server = await startServer()
    server.addNode({ name: 'node-a' })
    const { cache } = startCache(server.url)
    await eventually(() => expect(server.openWatches).toBe(1))

    server.updateNode('node-a', { unschedulable: true })
    await eventually(() => expect(cache.get('node-a')?.unschedulable).toBe(true))
    server.updateNode('node-a', { unschedulable: false })
    await eventually(() => expect(cache.get('node-a')?.unschedulable).toBe(false))
  })

  it('indexes a node created after the sync from its ADDED event', async () => {
    const server = await startServer()
    const { cache, metrics } = startCache(server.url)
    await eventually(() => expect(server.openWatches).toBe(1))
    expect(cache.size).toBe(0)

    server.addNode({ name: 'node-new', taints: [SPOT_TAINT] })

    await eventually(() => expect(cache.get('node-new')?.profile.softTaints).toHaveLength(1))
    expect(metrics.events.add).toBe(1)
    expect(metrics.lastIndexSize).toBe(1)
  })

  it('drops a deleted node from the index', async () => {
    const server = await startServer()
    server.addNode({ name: 'node-a' })
    server.addNode({ name: 'node-b' })
    const { cache, metrics } = startCache(server.url)
    await eventually(() => expect(server.openWatches).toBe(1))

    server.deleteNode('node-a')

    await eventually(() => expect(cache.get('node-a')).toBeUndefined())
    expect(cache.get('node-b')).toBeDefined()
    expect(cache.size).toBe(1)
    expect(metrics.events.delete).toBe(1)
    expect(metrics.lastIndexSize).toBe(1)
  })

  it('moves its resourceVersion forward on a bookmark', async () => {
    const server = await startServer()
    server.addNode({ name: 'node-a' })
    const { cache, metrics } = startCache(server.url)
    await eventually(() => expect(server.openWatches).toBe(1))
    const calls = metrics.lastEventCalls

    server.addNode({ name: 'elsewhere' }, { notify: false })
    server.sendBookmark()

    await eventually(() => expect(cache.resourceVersion).toBe(String(server.resourceVersion)))
    expect(metrics.lastEventCalls).toBeGreaterThan(calls)
    expect(cache.size).toBe(1)
  })

  it('authenticates with the bearer token of the kubeconfig', async () => {
    const server = await startServer({ token: 'sekret-token' })
    server.addNode({ name: 'node-a' })
    const { cache } = startCache(server.url, { token: 'sekret-token' })

    await eventually(() => expect(cache.readiness().ready).toBe(true))
    expect(server.requestLog.every((r) => r.authorization === 'Bearer sekret-token')).toBe(true)
  })
})
