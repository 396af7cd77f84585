import { describe, expect, it } from 'vitest'
import { eventually } from '../support/eventually.js'
import { freePort } from '../support/free-port.js'
import { startCache, startServer, unstartedServer, watchQueries } from './node-cache-harness.js'

const TAINT = { key: 'maintenance', value: '', effect: 'NoExecute' }

describe('InformerNodeCache: staying current through failures', () => {
  it('resumes a dropped watch from its last resourceVersion without relisting', async () => {
    const server = await startServer()
    server.addNode({ name: 'node-a' })
    const { cache, metrics } = startCache(server.url)
    await eventually(() => expect(server.openWatches).toBe(1))
    server.updateNode('node-a', { labels: { zone: 'b' } })
    await eventually(() => expect(cache.resourceVersion).toBe(String(server.resourceVersion)))
    const lastSeen = cache.resourceVersion

    server.dropWatches()
    server.updateNode('node-a', { taints: [TAINT] })

    await eventually(() => expect(cache.get('node-a')?.profile.hardTaints).toHaveLength(1))
    expect(server.requests('list')).toBe(1)
    expect(watchQueries(server).at(-1)?.get('resourceVersion')).toBe(lastSeen)
    expect(metrics.watchRestarts).toBeGreaterThanOrEqual(1)
    expect(cache.readiness().ready).toBe(true)
  })

  it('relists after a watch ERROR 410 and drops the nodes it missed the deletion of', async () => {
    const server = await startServer()
    server.addNode({ name: 'node-a' })
    server.addNode({ name: 'node-b' })
    const { cache, metrics } = startCache(server.url)
    await eventually(() => expect(server.openWatches).toBe(1))

    server.deleteNode('node-b', { notify: false })
    server.addNode({ name: 'node-c' }, { notify: false })
    server.sendWatchError410()

    await eventually(() => expect(metrics.relists).toBe(1))
    expect(server.requests('list')).toBe(2)
    expect([...['node-a', 'node-b', 'node-c']].map((n) => cache.get(n) !== undefined)).toEqual([
      true,
      false,
      true,
    ])
    expect(metrics.events.relist).toBe(2)
    expect(cache.readiness().ready).toBe(true)
    await eventually(() => expect(server.openWatches).toBe(1))
    expect(watchQueries(server).at(-1)?.get('resourceVersion')).toBe(String(server.resourceVersion))
  })

  it('relists when the watch request itself answers HTTP 410 Gone', async () => {
    const server = await startServer()
    server.addNode({ name: 'node-a' })
    const { cache, metrics, logger } = startCache(server.url)
    await eventually(() => expect(server.openWatches).toBe(1))

    server.faults.failNext('watch', 1, 410)
    server.dropWatches()

    await eventually(() => expect(metrics.relists).toBe(1))
    expect(server.requests('list')).toBe(2)
    expect(cache.get('node-a')).toBeDefined()
    expect(logger.matching('node watch expired (410 Gone); relisting')).toMatchObject([
      { level: 'info', fields: { end: 'gone', detail: 'HTTP 410' } },
    ])
  })

  it('keeps restarting a failing watch with backoff, staying ready, until it succeeds', async () => {
    const server = await startServer()
    server.addNode({ name: 'node-a' })
    const { cache, metrics, logger } = startCache(server.url)
    await eventually(() => expect(server.openWatches).toBe(1))

    server.faults.failNext('watch', 4, 500)
    server.dropWatches()
    await eventually(() => expect(server.requests('watch')).toBeGreaterThanOrEqual(3))
    expect(cache.readiness().ready).toBe(true)
    await eventually(() => expect(server.openWatches).toBe(1))
    server.updateNode('node-a', { taints: [TAINT] })

    await eventually(() => expect(cache.get('node-a')?.profile.hardTaints).toHaveLength(1))
    expect(server.requests('watch')).toBe(6)
    expect(server.requests('list')).toBe(1)
    expect(metrics.watchRestarts).toBe(5)
    expect(logger.matching('node watch ended').map((e) => e.fields?.detail)).toContain(
      'HTTP 500 Internal Server Error'
    )
  })

  it('retries within a second, however long the outage, while no API server answers, and does not grow the backoff for answered failures', async () => {
    const server = await startServer()
    server.addNode({ name: 'node-a' })
    // Any answered failure would now wait 10 s or more: only the unreachable retries are quick.
    const { cache, logger } = startCache(server.url, {
      backoff: { initialMs: 20_000, maxMs: 60_000 },
    })
    await eventually(() => expect(server.openWatches).toBe(1))
    server.updateNode('node-a', { labels: { zone: 'b' } })
    await eventually(() => expect(cache.resourceVersion).toBe(String(server.resourceVersion)))
    const port = Number(new URL(server.url).port)

    await server.close()
    await eventually(
      () => expect(logger.matching('node watch ended').length).toBeGreaterThanOrEqual(3),
      5_000
    )
    const delays = logger.matching('node watch ended').map((e) => e.fields?.delayMs)
    expect(delays.every((ms) => typeof ms === 'number' && ms <= 1_000)).toBe(true)
    expect(logger.matching('node watch ended').at(-1)?.fields?.detail).toContain('ECONNREFUSED')
    expect(cache.readiness().ready).toBe(true)

    await server.listen(port)
    server.updateNode('node-a', { taints: [TAINT] })
    await eventually(() => expect(cache.get('node-a')?.profile.hardTaints).toHaveLength(1), 3_000)
    expect(server.requests('list')).toBe(1)
  })

  it('restarts a watch that has gone silent', async () => {
    const server = await startServer()
    server.addNode({ name: 'node-a' })
    const { cache, logger } = startCache(server.url, { watchdogMs: 100 })
    await eventually(() => expect(server.openWatches).toBe(1))

    server.stallWatches(true)
    server.dropWatches()
    const stalledFrom = server.requests('watch')
    await eventually(() => expect(server.requests('watch')).toBeGreaterThan(stalledFrom + 1))
    expect(logger.matching('node watch ended')).toContainEqual({
      level: 'warn',
      msg: 'node watch ended; restarting it',
      fields: expect.objectContaining({
        end: 'silent',
        detail: 'no event nor bookmark within the watchdog period',
      }),
    })
    expect(server.requests('list')).toBe(1)
    expect(cache.readiness().ready).toBe(true)
    server.stallWatches(false)
    server.updateNode('node-a', { taints: [TAINT] })

    await eventually(() => expect(cache.get('node-a')?.profile.hardTaints).toHaveLength(1))
  })

  it('abandons a watch whose response headers never come', async () => {
    const server = await startServer()
    server.addNode({ name: 'node-a' })
    const { cache } = startCache(server.url, { watchdogMs: 100 })
    await eventually(() => expect(server.openWatches).toBe(1))

    server.stallWatches(true, { withHeaders: false })
    server.dropWatches()
    const stalledFrom = server.requests('watch')
    await eventually(() => expect(server.requests('watch')).toBeGreaterThan(stalledFrom + 1))
    // The abandoned requests' connections are closed, not leaked.
    await eventually(() => expect(server.openWatches).toBeLessThanOrEqual(1))
    server.stallWatches(false)
    server.updateNode('node-a', { taints: [TAINT] })

    await eventually(() => expect(cache.get('node-a')?.profile.hardTaints).toHaveLength(1))
  })

  it('is not ready while the list fails, logs why, and becomes ready once it succeeds', async () => {
    const server = await startServer()
    server.addNode({ name: 'node-a' })
    server.faults.failNext('list', 3, 503)
    const { cache, logger } = startCache(server.url)

    await eventually(() => expect(cache.readiness().reason).toContain('the last list failed'))
    expect(JSON.stringify(logger.matching('listing nodes failed'))).toContain('HTTP 503')
    expect(cache.readiness().ready).toBe(false)
    expect(cache.readiness().reason).toContain('waiting for the first list')

    await eventually(() => expect(cache.readiness().ready).toBe(true))
    expect(server.requests('list')).toBe(4)
    expect(cache.size).toBe(1)
  })

  it('gives up on a list the API server does not answer in time, and retries it', async () => {
    const server = await startServer()
    server.addNode({ name: 'node-a' })
    const release = server.faults.hold()
    // Long enough for a loaded machine's answered list, so only the held ones time out.
    const { cache, logger } = startCache(server.url, { requestTimeoutMs: 1_000 })

    await eventually(() =>
      expect(JSON.stringify(logger.matching('listing nodes failed'))).toContain('timed out')
    )
    expect(cache.readiness().ready).toBe(false)
    release()

    await eventually(() => expect(cache.readiness().ready).toBe(true))
    expect(cache.size).toBe(1)
  })

  it('lists again at once, with no warning and no backoff, when a continue token expires mid-list', async () => {
    const server = await startServer()
    for (let i = 0; i < 4; i++) server.addNode({ name: `node-${i}` })
    let expired = false
    server.onRequest = (kind, url) => {
      if (!expired && kind === 'list' && url.searchParams.has('continue')) {
        expired = true
        server.expireContinueTokens()
      }
    }
    // A backoff this long would outlast eventually(): only a list started again at once syncs.
    const backoff = { initialMs: 600_000, maxMs: 600_000 }
    const { cache, logger } = startCache(server.url, { pageSize: 2, backoff })

    await eventually(() => expect(cache.readiness().ready).toBe(true))
    expect(cache.size).toBe(4)
    expect(server.requests('list')).toBe(4)
    expect(logger.matching('listing nodes failed')).toEqual([])
    expect(logger.matching('a continue token expired during the node list')).toMatchObject([
      { level: 'info', fields: { nodes: 4 } },
    ])
  })

  it('is not ready while the API server is unreachable, keeps retrying, and syncs once it appears', async () => {
    const port = await freePort()
    const server = unstartedServer()
    server.addNode({ name: 'node-a', taints: [TAINT] })
    const { cache, logger } = startCache(`http://127.0.0.1:${port}`)

    await eventually(() =>
      expect(logger.matching('listing nodes failed').length).toBeGreaterThan(2)
    )
    const readiness = cache.readiness()
    expect(readiness.ready).toBe(false)
    expect(readiness.reason).toBe(
      'node cache: waiting for the first list of nodes from the API server; the last list failed (the log says why)'
    )
    expect(readiness.reason).not.toContain(String(port))
    expect(JSON.stringify(logger.matching('listing nodes failed')[0])).toMatch(/ECONNREFUSED/)

    await server.listen(port)

    await eventually(() => expect(cache.readiness().ready).toBe(true))
    expect(cache.get('node-a')?.profile.hardTaints).toHaveLength(1)
    await eventually(() => expect(server.openWatches).toBe(1))
  })

  it('stops cleanly: the watch is closed, readiness says so, and a second stop is harmless', async () => {
    const server = await startServer()
    server.addNode({ name: 'node-a' })
    const { cache } = startCache(server.url)
    await eventually(() => expect(server.openWatches).toBe(1))

    await cache.stop()
    await cache.stop()

    await eventually(() => expect(server.openWatches).toBe(0))
    expect(cache.readiness()).toEqual({ ready: false, reason: 'node cache: stopped' })
    expect(() => cache.start()).toThrow('cannot start after stop()')
    await expect(cache.fetch('node-b')).rejects.toThrow('request cancelled or timed out')
    expect(server.requests('get')).toBe(0)
  })
})
