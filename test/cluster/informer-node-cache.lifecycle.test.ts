import { describe, expect, it } from 'vitest'
import { eventually } from '../support/eventually.js'
import { startCache, startServer, watchQueries } from './node-cache-harness.js'

describe('InformerNodeCache: starting, stopping and saying what it does', () => {
  it('lists once and keeps one watch however often start() is called', async () => {
    const server = await startServer()
    server.addNode({ name: 'node-a' })
    const { cache } = startCache(server.url)
    cache.start()
    cache.start()

    await eventually(() => expect(server.openWatches).toBe(1))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(server.requests('list')).toBe(1)
    expect(server.requests('watch')).toBe(1)
  })

  it('before any answer from the API server, has no resourceVersion and gives no error as the reason', async () => {
    const server = await startServer()
    server.addNode({ name: 'node-a' })
    server.faults.setDelay(200)
    const { cache } = startCache(server.url)

    expect(cache.resourceVersion).toBe('')
    expect(cache.readiness()).toEqual({
      ready: false,
      reason: 'node cache: waiting for the first list of nodes from the API server',
    })
    await eventually(() => expect(cache.readiness().ready).toBe(true))
    expect(cache.resourceVersion).toBe(String(server.resourceVersion))
  })

  it('logs the sync and each relist with the node count and version, and warns of nameless items', async () => {
    const server = await startServer()
    server.addNode({ name: 'node-a' })
    server.addNode({ name: '' })
    const { cache, logger } = startCache(server.url)
    await eventually(() => expect(server.openWatches).toBe(1))
    const synced = String(server.resourceVersion)
    server.addNode({ name: 'node-b' }, { notify: false })
    server.sendWatchError410()
    await eventually(() => expect(cache.size).toBe(2))

    // No continue token expired here, so no line may say one did.
    const lines = logger.entries.filter((e) =>
      /node cache (synced|relisted)|skipped|continue token/.test(e.msg)
    )
    expect(lines).toEqual([
      { level: 'warn', msg: 'listed nodes without a name were skipped', fields: { skipped: 1 } },
      { level: 'info', msg: 'node cache synced', fields: { nodes: 1, resourceVersion: synced } },
      { level: 'warn', msg: 'listed nodes without a name were skipped', fields: { skipped: 1 } },
      {
        level: 'info',
        msg: 'node cache relisted',
        fields: { nodes: 2, resourceVersion: String(server.resourceVersion) },
      },
    ])
  })

  it('stays ready while it relists, and says that it is relisting', async () => {
    const server = await startServer()
    server.addNode({ name: 'node-a' })
    server.addNode({ name: 'node-b' })
    const { cache } = startCache(server.url)
    await eventually(() => expect(server.openWatches).toBe(1))
    server.faults.setDelay(300)

    server.sendWatchError410()

    await eventually(() =>
      expect(cache.readiness()).toEqual({
        ready: true,
        reason: 'node cache: 2 nodes indexed; relisting',
      })
    )
    server.faults.setDelay(0)
    await eventually(() => expect(cache.readiness().reason).toContain('; watching from'))
  })

  it('stays ready when a relist fails, says why, and retries it', async () => {
    const server = await startServer()
    server.addNode({ name: 'node-a' })
    const { cache } = startCache(server.url, { backoff: { initialMs: 200, maxMs: 200 } })
    await eventually(() => expect(server.openWatches).toBe(1))
    server.faults.failNext('list', 1, 503)

    server.sendWatchError410()

    await eventually(() =>
      expect(cache.readiness()).toEqual({
        ready: true,
        reason:
          'node cache: 1 nodes indexed; retrying the list after: HTTP 503 ServiceUnavailable: injected failure of a list request',
      })
    )
    await eventually(() => expect(server.requests('list')).toBe(3))
    await eventually(() => expect(cache.readiness().reason).toContain('; watching from'))
  })

  it('asks the API server to end each watch after five to ten minutes, as client-go does', async () => {
    const server = await startServer()
    server.addNode({ name: 'node-a' })
    startCache(server.url)
    await eventually(() => expect(server.openWatches).toBe(1))
    for (let i = 0; i < 5; i++) {
      server.closeWatches()
      await eventually(() => expect(server.requests('watch')).toBe(i + 2))
    }

    const timeouts = watchQueries(server).map((q) => Number(q.get('timeoutSeconds')))
    expect(timeouts).toHaveLength(6)
    // Drawn afresh for each watch, so that replicas do not all reconnect at once.
    expect(new Set(timeouts).size).toBeGreaterThan(1)
    for (const seconds of timeouts) {
      expect(Number.isInteger(seconds)).toBe(true)
      expect(seconds).toBeGreaterThanOrEqual(300)
      expect(seconds).toBeLessThan(600)
    }
  })

  it('stops without restarting its watch: no warning, no restart counted, no request after', async () => {
    const server = await startServer()
    server.addNode({ name: 'node-a' })
    const { cache, logger, metrics } = startCache(server.url)
    await eventually(() => expect(server.openWatches).toBe(1))

    await cache.stop()
    await new Promise((resolve) => setTimeout(resolve, 50))

    expect(metrics.watchRestarts).toBe(0)
    expect(logger.entries.filter((e) => e.msg.startsWith('node watch'))).toEqual([])
    expect(logger.entries.filter((e) => e.level === 'warn' || e.level === 'error')).toEqual([])
    expect(server.requests('watch')).toBe(1)
    expect(server.requests('list')).toBe(1)
  })

  it('stopped while its after-list hook runs, ends without ever opening a watch', async () => {
    const server = await startServer()
    server.addNode({ name: 'node-a' })
    let entered = false
    let finish: () => void = () => {}
    const held = new Promise<void>((resolve) => (finish = resolve))
    const { cache, logger } = startCache(server.url, {
      afterList: async () => {
        entered = true
        await held
      },
    })
    await eventually(() => expect(entered).toBe(true))

    const stopped = cache.stop()
    finish()
    await stopped

    expect(server.requests('watch')).toBe(0)
    expect(server.openWatches).toBe(0)
    expect(logger.entries.filter((e) => e.level === 'warn' || e.level === 'error')).toEqual([])
    expect(cache.readiness()).toEqual({ ready: false, reason: 'node cache: stopped' })
  })
})
