import { describe, expect, it } from 'vitest'
import { eventually } from '../support/eventually.js'
import { statusCodeOf } from '../../src/cluster/api-errors.js'
import { TaintIndex } from '../../src/core/index.js'
import { MAX_LOOKUPS_IN_FLIGHT } from '../../src/cluster/unknown-node-lookup.js'
import { startCache, startServer } from './node-cache-harness.js'

const TAINT = { key: 'dedicated', value: 'batch', effect: 'NoSchedule' }

describe('InformerNodeCache: names the index does not know', () => {
  it('fetches a node the watch has not reported yet, and indexes it', async () => {
    const server = await startServer()
    const { cache, metrics } = startCache(server.url)
    await eventually(() => expect(server.openWatches).toBe(1))
    server.addNode({ name: 'node-late', taints: [TAINT] }, { notify: false })
    expect(cache.get('node-late')).toBeUndefined()

    const node = await cache.fetch('node-late')

    expect(node?.profile.hardTaints[0]).toMatchObject(TAINT)
    expect(cache.get('node-late')).toBe(node)
    expect(cache.size).toBe(1)
    expect(metrics.lookups).toEqual({ found: 1, not_found: 0, error: 0, shed: 0 })
    expect(metrics.lastIndexSize).toBe(1)
    expect(server.requests('get')).toBe(1)
  })

  it('keeps what the watch indexed while the GET was in flight, at least as new as the GET', async () => {
    const server = await startServer()
    const index = new TaintIndex()
    const { cache } = startCache(server.url, { index })
    await eventually(() => expect(cache.readiness().ready).toBe(true))
    server.addNode({ name: 'node-late', taints: [TAINT] }, { notify: false })
    const fromWatch = { key: 'drain', value: '', effect: 'NoExecute' }
    // As the GET arrives, the watch has (here, by hand) indexed a newer version of the node.
    server.onRequest = (kind) => {
      if (kind === 'get') {
        index.upsert({
          name: 'node-late',
          resourceVersion: '999',
          unschedulable: false,
          taints: [fromWatch],
        })
      }
    }

    const node = await cache.fetch('node-late')

    expect(node?.resourceVersion).toBe('999')
    expect(node?.profile.hardTaints).toEqual([expect.objectContaining(fromWatch)])
    expect(cache.get('node-late')).toBe(node)
  })

  it('answers null for a name the API server does not have either', async () => {
    const server = await startServer()
    const { cache, metrics } = startCache(server.url)
    await eventually(() => expect(cache.readiness().ready).toBe(true))

    await expect(cache.fetch('node-ghost')).resolves.toBeNull()

    expect(cache.get('node-ghost')).toBeUndefined()
    expect(metrics.lookups).toEqual({ found: 0, not_found: 1, error: 0, shed: 0 })
    expect(server.requests('get')).toBe(1)
  })

  it('shares one GET among concurrent lookups of one name', async () => {
    const server = await startServer()
    server.addNode({ name: 'node-late' }, { notify: false })
    server.faults.setDelay(50)
    const { cache, metrics } = startCache(server.url)

    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => cache.fetch('node-late')),
      ...Array.from({ length: 3 }, () => cache.fetch('node-ghost')),
    ])

    expect(new Set(answers.slice(0, 5)).size).toBe(1)
    expect(answers[0]?.name).toBe('node-late')
    expect(answers.slice(5)).toEqual([null, null, null])
    expect(server.requests('get')).toBe(2)
    expect(metrics.lookups).toEqual({ found: 1, not_found: 1, error: 0, shed: 0 })
  })

  it('asks again for a name once the previous lookup has settled', async () => {
    const server = await startServer()
    const { cache } = startCache(server.url)

    await expect(cache.fetch('node-x')).resolves.toBeNull()
    server.addNode({ name: 'node-x' }, { notify: false })
    await expect(cache.fetch('node-x')).resolves.toMatchObject({ name: 'node-x' })
    expect(server.requests('get')).toBe(2)
  })

  it('never asks the API server about a name no node can have', async () => {
    const server = await startServer()
    const { cache, metrics } = startCache(server.url)

    await expect(cache.fetch('Not_A/Node')).resolves.toBeNull()
    await expect(cache.fetch('')).resolves.toBeNull()
    // A DNS subdomain has at most 253 characters.
    const longest = `${'a'.repeat(63)}.`.repeat(3) + 'a'.repeat(61)
    await expect(cache.fetch(`${longest}a`)).resolves.toBeNull()
    expect(server.requests('get')).toBe(0)
    expect(metrics.lookups.not_found).toBe(3)
    await expect(cache.fetch(longest)).resolves.toBeNull()
    expect(server.requests('get')).toBe(1)
  })

  it('reports a failed GET as an error naming the request, never the token', async () => {
    const token = 'very-secret-bearer-token'
    const server = await startServer({ token })
    server.addNode({ name: 'node-a' }, { notify: false })
    const { cache, metrics, logger } = startCache(server.url, { token })
    server.faults.failNext('get', 1, 500)

    const failure = await cache.fetch('node-a').catch((err: unknown) => err)

    expect(failure).toBeInstanceOf(Error)
    const message = (failure as Error).message
    expect(message).toMatch(/^node cache: GET \/api\/v1\/nodes\/node-a failed: HTTP 500/)
    expect(message).not.toContain(token)
    expect(logger.text()).not.toContain(token)
    expect(statusCodeOf((failure as Error).cause)).toBe(500)
    const logged = logger.matching('looking up an unknown node failed')
    expect(logged.map((e) => [e.level, e.fields?.node])).toEqual([['warn', 'node-a']])
    expect(logged[0]?.fields?.error).toMatch(/^HTTP 500/)
    expect(metrics.lookups.error).toBe(1)
    // A failure is not remembered: the next lookup asks again.
    await expect(cache.fetch('node-a')).resolves.toMatchObject({ name: 'node-a' })
  })

  it('reports an unreachable API server as an error, not a crash', async () => {
    const server = await startServer()
    const url = server.url
    await server.close()
    const { cache, metrics } = startCache(url)

    await expect(cache.fetch('node-a')).rejects.toThrow(
      /GET \/api\/v1\/nodes\/node-a failed: .*ECONNREFUSED/
    )
    expect(metrics.lookups.error).toBe(1)
  })

  it('keeps at most 32 GETs in flight and refuses further names at once, until one settles', async () => {
    const server = await startServer()
    server.faults.setDelay(100)
    const { cache, metrics } = startCache(server.url)
    const names = Array.from({ length: 40 }, (_, i) => `node-${i}`)

    const answers = names.map((name) => cache.fetch(name))
    // Not a node name: answered without a GET, and it does not count toward the cap.
    await expect(cache.fetch('Not_A/Node')).resolves.toBeNull()
    const settled = await Promise.allSettled(answers)

    expect(settled.slice(0, MAX_LOOKUPS_IN_FLIGHT).map((s) => s.status)).toEqual(
      Array(MAX_LOOKUPS_IN_FLIGHT).fill('fulfilled')
    )
    const refused = settled.slice(MAX_LOOKUPS_IN_FLIGHT)
    expect(refused.map((s) => s.status)).toEqual(Array(8).fill('rejected'))
    expect(String((refused[0] as PromiseRejectedResult).reason)).toMatch(
      /32 lookups of unknown nodes already in flight; node-32 was not looked up/
    )
    expect(server.requests('get')).toBe(MAX_LOOKUPS_IN_FLIGHT)
    expect(metrics.lookups).toEqual({ found: 0, not_found: 33, error: 0, shed: 8 })

    await expect(cache.fetch('node-32')).resolves.toBeNull()
    expect(server.requests('get')).toBe(MAX_LOOKUPS_IN_FLIGHT + 1)
  })

  it('prints no listener-leak warning with the most GETs in flight (the bound is deliberate)', async () => {
    const warnings: string[] = []
    const onWarning = (warning: Error): void => {
      warnings.push(`${warning.name}: ${warning.message}`)
    }
    process.on('warning', onWarning)
    try {
      const server = await startServer()
      server.faults.setDelay(50)
      const { cache } = startCache(server.url)
      const names = Array.from({ length: MAX_LOOKUPS_IN_FLIGHT }, (_, i) => `node-${i}`)

      await Promise.all(names.map((name) => cache.fetch(name)))
      // Process warnings are emitted on a later tick.
      await new Promise((resolve) => setImmediate(resolve))

      expect(server.requests('get')).toBe(MAX_LOOKUPS_IN_FLIGHT)
      expect(warnings.filter((w) => w.startsWith('MaxListenersExceededWarning'))).toEqual([])
    } finally {
      process.off('warning', onWarning)
    }
  })
})
