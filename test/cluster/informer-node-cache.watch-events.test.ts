import { describe, expect, it } from 'vitest'
import type { FakeApiServer } from '../support/fake-apiserver.js'
import { eventually } from '../support/eventually.js'
import type { RecordingLogger } from '../support/recording-logger.js'
import { startCache, startServer, watchQueries, type StartedCache } from './node-cache-harness.js'

const TAINT = { key: 'maintenance', value: '', effect: 'NoExecute' }

/** A cache synced from a server with node-a and node-b, its one watch open. */
async function watching(): Promise<StartedCache & { server: FakeApiServer }> {
  const server = await startServer()
  server.addNode({ name: 'node-a' })
  server.addNode({ name: 'node-b' })
  const started = startCache(server.url)
  await eventually(() => expect(server.openWatches).toBe(1))
  return { ...started, server }
}

/** Each watch end the reflector logged, with the delay it chose before the next watch. */
function watchEnds(logger: RecordingLogger): { level: string; end: unknown; delayMs: number }[] {
  return logger.entries
    .filter((e) => e.msg.startsWith('node watch'))
    .map((e) => ({ level: e.level, end: e.fields?.end, delayMs: Number(e.fields?.delayMs) }))
}

describe('InformerNodeCache: what each watch event does', () => {
  it('ignores an ADDED event without a node name, says so, and applies the next events on the same watch', async () => {
    const { cache, server, logger, metrics } = await watching()

    server.sendRawWatchEvent('ADDED', { kind: 'Node', metadata: { resourceVersion: '9000' } })
    server.updateNode('node-a', { taints: [TAINT] })

    await eventually(() => expect(cache.get('node-a')?.profile.hardTaints).toHaveLength(1))
    expect(logger.matching('node watch event without a node name ignored')).toEqual([
      {
        level: 'warn',
        msg: 'node watch event without a node name ignored',
        fields: { type: 'ADDED' },
      },
    ])
    expect(cache.size).toBe(2)
    expect(metrics.events).toMatchObject({ add: 0, update: 1 })
    expect(server.requests('watch')).toBe(1)
    expect(metrics.watchRestarts).toBe(0)
  })

  it("takes a BOOKMARK's resourceVersion without counting it as a change of any node", async () => {
    const { cache, server, metrics } = await watching()
    server.addNode({ name: 'node-c' }, { notify: false })

    server.sendBookmark()

    await eventually(() => expect(cache.resourceVersion).toBe(String(server.resourceVersion)))
    expect(metrics.events).toEqual({ add: 0, update: 0, delete: 0, relist: 1 })
    expect(cache.size).toBe(2)
    expect(metrics.lastEventCalls).toBe(2)
  })

  it('ignores an event of a type it does not know: no node changed, no version taken, nothing counted', async () => {
    const { cache, server, logger, metrics } = await watching()
    const before = cache.resourceVersion

    server.sendRawWatchEvent('RESIZED', {
      kind: 'Node',
      metadata: { name: 'node-a', resourceVersion: '9000' },
    })
    server.updateNode('node-b', { taints: [TAINT] })

    await eventually(() => expect(cache.get('node-b')?.profile.hardTaints).toHaveLength(1))
    expect(logger.matching('node watch event of unknown type ignored')).toMatchObject([
      { level: 'debug', fields: { type: 'RESIZED' } },
    ])
    expect(cache.get('node-a')).toBeDefined()
    expect(Number(cache.resourceVersion)).toBeGreaterThan(Number(before))
    expect(cache.resourceVersion).not.toBe('9000')
    expect(metrics.events).toEqual({ add: 0, update: 1, delete: 0, relist: 1 })
    expect(metrics.lastEventCalls).toBe(2)
  })

  it('keeps the resourceVersion it has when an event carries none', async () => {
    const { cache, server } = await watching()
    const before = cache.resourceVersion

    server.sendRawWatchEvent('MODIFIED', {
      kind: 'Node',
      metadata: { name: 'node-a' },
      spec: { taints: [TAINT] },
    })

    await eventually(() => expect(cache.get('node-a')?.profile.hardTaints).toHaveLength(1))
    expect(cache.resourceVersion).toBe(before)
  })

  it('deletes the node a DELETED event names, and counts one deletion', async () => {
    const { cache, server, metrics } = await watching()

    server.deleteNode('node-b')

    await eventually(() => expect(cache.get('node-b')).toBeUndefined())
    expect(cache.get('node-a')).toBeDefined()
    expect(metrics.events).toEqual({ add: 0, update: 0, delete: 1, relist: 1 })
    expect(metrics.lastIndexSize).toBe(1)
  })

  it('resumes the watch from its last version, without relisting, after an ERROR event that is not 410', async () => {
    const { cache, server, logger, metrics } = await watching()
    const lastSeen = cache.resourceVersion

    server.sendWatchError(500, 'etcdserver: request timed out')

    await eventually(() => expect(server.requests('watch')).toBe(2))
    await eventually(() => expect(server.openWatches).toBe(1))
    expect(server.requests('list')).toBe(1)
    expect(metrics.relists).toBe(0)
    expect(metrics.watchRestarts).toBe(1)
    expect(watchQueries(server).at(-1)?.get('resourceVersion')).toBe(lastSeen)
    expect(logger.matching('node watch ended; restarting it')).toMatchObject([
      {
        level: 'warn',
        fields: {
          end: 'failed',
          detail: 'watch ERROR event 500 InternalError: etcdserver: request timed out',
        },
      },
    ])
    expect(cache.readiness().reason).toBe(
      `node cache: 2 nodes indexed; watching from resourceVersion ${lastSeen}`
    )
  })

  it('resumes a watch the API server ended on its timeout, logging that at debug level only', async () => {
    const { server, logger, metrics } = await watching()

    server.closeWatches()

    await eventually(() => expect(server.requests('watch')).toBe(2))
    expect(watchEnds(logger)).toEqual([
      { level: 'debug', end: 'closed', delayMs: expect.any(Number) },
    ])
    expect(logger.matching('node watch closed; resuming')[0]?.fields?.detail).toBe(
      'the API server closed the watch'
    )
    expect(logger.entries.filter((e) => e.level === 'warn')).toEqual([])
    expect(metrics.watchRestarts).toBe(1)
    expect(server.requests('list')).toBe(1)
  })

  it('backs off further with each watch that fails before any event, and not at all after one that delivered events', async () => {
    const { cache, server, logger } = await watching()

    server.faults.failNext('watch', 3, 500)
    server.dropWatches()
    await eventually(() => expect(server.requests('watch')).toBe(5))
    await eventually(() => expect(server.openWatches).toBe(1))
    server.updateNode('node-a', { taints: [TAINT] })
    await eventually(() => expect(cache.get('node-a')?.profile.hardTaints).toHaveLength(1))
    server.dropWatches()
    await eventually(() => expect(server.requests('watch')).toBe(6))
    await eventually(() => expect(server.openWatches).toBe(1))
    server.dropWatches()
    await eventually(() => expect(server.requests('watch')).toBe(7))

    // Jittered: each delay lies in the upper half of its step (10, 20, 40, 80 ms; cap 100).
    const delays = watchEnds(logger).map((e) => e.delayMs)
    expect(delays).toHaveLength(6)
    const [first, second, third, fourth, afterEvents, afterReset] = delays
    expect(first).toBeGreaterThanOrEqual(5)
    expect(first).toBeLessThanOrEqual(10)
    expect(second).toBeGreaterThanOrEqual(10)
    expect(third).toBeGreaterThanOrEqual(20)
    expect(fourth).toBeGreaterThanOrEqual(40)
    expect(afterEvents).toBe(0)
    expect(afterReset).toBeGreaterThanOrEqual(5)
    expect(afterReset).toBeLessThanOrEqual(10)
  })
})
