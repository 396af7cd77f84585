import { describe, expect, it } from 'vitest'
import { eventually } from '../support/eventually.js'
import { statusCodeOf } from '../../src/cluster/api-errors.js'
import { type CompiledNode } from '../../src/core/index.js'
import { TaintIndex } from '../../src/node-index/index.js'
import { MAX_LOOKUPS_IN_FLIGHT, NOT_FOUND_TTL_MS } from '../../src/cluster/unknown-node-lookup.js'
import type { UnknownNameAnswer } from '../../src/extender/ports.js'
import { RecordingNodeCacheMetrics } from '../support/recording-node-cache-metrics.js'
import { startCache, startServer } from './node-cache-harness.js'

const TAINT = { key: 'dedicated', value: 'batch', effect: 'NoSchedule' }
/** Every outcome at zero, as a fresh recorder has them. */
const NO_LOOKUPS = { ...new RecordingNodeCacheMetrics().lookups }

/** A clock the test moves by hand. */
function manualClock(): { now: () => number; advance: (ms: number) => void } {
  let at = 1_000
  return { now: () => at, advance: (ms) => (at += ms) }
}

/** A fetch's promise, or a failed expectation when the answer came at once. */
function asked(answer: Promise<CompiledNode | null> | UnknownNameAnswer) {
  if (typeof answer === 'string') throw new Error(`answered at once: ${answer}`)
  return answer
}

describe('InformerNodeCache: names the index does not know', () => {
  it('fetches a node the watch has not reported yet, and indexes it', async () => {
    const server = await startServer()
    const { cache, metrics } = startCache(server.url)
    await eventually(() => expect(server.openWatches).toBe(1))
    server.addNode({ name: 'node-late', taints: [TAINT] }, { notify: false })
    expect(cache.get('node-late')).toBeUndefined()

    const node = await asked(cache.fetch('node-late'))

    expect(node?.profile.hardTaints[0]).toMatchObject(TAINT)
    expect(cache.get('node-late')).toBe(node)
    expect(cache.size).toBe(1)
    expect(metrics.lookups).toEqual({ ...NO_LOOKUPS, found: 1 })
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

    const node = await asked(cache.fetch('node-late'))

    expect(node?.resourceVersion).toBe('999')
    expect(node?.profile.hardTaints).toEqual([expect.objectContaining(fromWatch)])
    expect(cache.get('node-late')).toBe(node)
  })

  it('answers null for a name the API server does not have, then "not found" at once for a while', async () => {
    const server = await startServer()
    const clock = manualClock()
    const { cache, metrics } = startCache(server.url, { now: clock.now })
    await eventually(() => expect(cache.readiness().ready).toBe(true))

    await expect(asked(cache.fetch('node-ghost'))).resolves.toBeNull()
    expect(cache.fetch('node-ghost')).toBe('not_found')
    clock.advance(NOT_FOUND_TTL_MS - 1)
    expect(cache.fetch('node-ghost')).toBe('not_found')

    expect(cache.get('node-ghost')).toBeUndefined()
    expect(metrics.lookups).toEqual({ ...NO_LOOKUPS, not_found: 1, not_found_remembered: 2 })
    expect(server.requests('get')).toBe(1)

    // Past the memory's life, the API server is asked again.
    clock.advance(NOT_FOUND_TTL_MS)
    server.addNode({ name: 'node-ghost' }, { notify: false })
    await expect(asked(cache.fetch('node-ghost'))).resolves.toMatchObject({ name: 'node-ghost' })
    expect(server.requests('get')).toBe(2)
  })

  it('forgets a name remembered as not found as soon as the watch brings that node', async () => {
    const server = await startServer()
    const index = new TaintIndex()
    const { cache } = startCache(server.url, { index, now: manualClock().now })
    await eventually(() => expect(server.openWatches).toBe(1))
    await expect(asked(cache.fetch('node-new'))).resolves.toBeNull()
    expect(cache.fetch('node-new')).toBe('not_found')

    server.addNode({ name: 'node-new' })
    await eventually(() => expect(cache.get('node-new')).toBeDefined())
    // Taken out of the index by hand (no watch event), the name is asked for again: the watch's
    // ADDED made the extender forget it had been told "not found".
    index.delete('node-new')
    await expect(asked(cache.fetch('node-new'))).resolves.toMatchObject({ name: 'node-new' })
    expect(server.requests('get')).toBe(2)
  })

  it('shares one GET among concurrent lookups of one name', async () => {
    const server = await startServer()
    server.addNode({ name: 'node-late' }, { notify: false })
    server.faults.setDelay(50)
    const { cache, metrics } = startCache(server.url)

    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => asked(cache.fetch('node-late'))),
      ...Array.from({ length: 3 }, () => asked(cache.fetch('node-ghost'))),
    ])

    expect(new Set(answers.slice(0, 5)).size).toBe(1)
    expect(answers[0]?.name).toBe('node-late')
    expect(answers.slice(5)).toEqual([null, null, null])
    expect(server.requests('get')).toBe(2)
    expect(metrics.lookups).toEqual({ ...NO_LOOKUPS, found: 1, not_found: 1 })
  })

  it('never asks the API server about a name no node can have, and answers at once', async () => {
    const server = await startServer()
    const { cache, metrics } = startCache(server.url)

    expect(cache.fetch('Not_A/Node')).toBe('not_found')
    expect(cache.fetch('')).toBe('not_found')
    // A DNS subdomain has at most 253 characters.
    const longest = `${'a'.repeat(63)}.`.repeat(3) + 'a'.repeat(61)
    expect(cache.fetch(`${longest}a`)).toBe('not_found')
    expect(server.requests('get')).toBe(0)
    expect(metrics.lookups.not_found).toBe(3)
    await expect(asked(cache.fetch(longest))).resolves.toBeNull()
    expect(server.requests('get')).toBe(1)
  })

  it('reports a failed GET as an error naming the request, never the token', async () => {
    const token = 'very-secret-bearer-token'
    const server = await startServer({ token })
    server.addNode({ name: 'node-a' }, { notify: false })
    const { cache, metrics, logger } = startCache(server.url, { token })
    server.faults.failNext('get', 1, 500)

    const failure = await asked(cache.fetch('node-a')).catch((err: unknown) => err)

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
    await expect(asked(cache.fetch('node-a'))).resolves.toMatchObject({ name: 'node-a' })
  })

  it('reports an unreachable API server as an error, not a crash', async () => {
    const server = await startServer()
    const url = server.url
    await server.close()
    const { cache, metrics } = startCache(url)

    await expect(asked(cache.fetch('node-a'))).rejects.toThrow(
      /GET \/api\/v1\/nodes\/node-a failed: .*ECONNREFUSED/
    )
    expect(metrics.lookups.error).toBe(1)
  })

  it('keeps at most 32 GETs in flight and answers further names at once as not looked up', async () => {
    const server = await startServer()
    server.faults.setDelay(100)
    const clock = manualClock()
    const { cache, metrics } = startCache(server.url, { now: clock.now })
    const names = Array.from({ length: 40 }, (_, i) => `node-${i}`)

    const answers = names.map((name) => cache.fetch(name))
    // Not a node name: answered without a GET, and it does not count toward the cap.
    expect(cache.fetch('Not_A/Node')).toBe('not_found')

    expect(answers.slice(MAX_LOOKUPS_IN_FLIGHT)).toEqual(Array(8).fill('not_looked_up'))
    await Promise.all(answers.slice(0, MAX_LOOKUPS_IN_FLIGHT).map(asked))
    expect(server.requests('get')).toBe(MAX_LOOKUPS_IN_FLIGHT)
    expect(metrics.lookups).toEqual({ ...NO_LOOKUPS, not_found: 33, shed: 8 })

    clock.advance(1000)
    await expect(asked(cache.fetch('node-32'))).resolves.toBeNull()
    expect(server.requests('get')).toBe(MAX_LOOKUPS_IN_FLIGHT + 1)
  })

  it('asks the API server at most the per-second rate across calls, the burst at once', async () => {
    const server = await startServer()
    const clock = manualClock()
    const { cache, metrics } = startCache(server.url, { now: clock.now, lookupsPerSecond: 10 })
    const ghosts = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => `ghost-${from + i}`)

    // One call's worth: the burst is asked, the rest not looked up.
    const first = ghosts(0, 40).map((name) => cache.fetch(name))
    await Promise.all(first.filter((a) => typeof a !== 'string'))
    expect(first.filter((a) => a === 'not_looked_up')).toHaveLength(40 - MAX_LOOKUPS_IN_FLIGHT)
    // The next call, at once: nothing left to ask with.
    expect(ghosts(100, 5).map((name) => cache.fetch(name))).toEqual(Array(5).fill('not_looked_up'))
    // Half a second later, five tokens at ten a second.
    clock.advance(500)
    const later = ghosts(200, 8).map((name) => cache.fetch(name))
    await Promise.all(later.filter((a) => typeof a !== 'string'))
    expect(later.filter((a) => a === 'not_looked_up')).toHaveLength(3)
    expect(server.requests('get')).toBe(MAX_LOOKUPS_IN_FLIGHT + 5)
    expect(metrics.lookups.throttled).toBe(5 + 3)
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

      await Promise.all(names.map((name) => asked(cache.fetch(name))))
      // Process warnings are emitted on a later tick.
      await new Promise((resolve) => setImmediate(resolve))

      expect(server.requests('get')).toBe(MAX_LOOKUPS_IN_FLIGHT)
      expect(warnings.filter((w) => w.startsWith('MaxListenersExceededWarning'))).toEqual([])
    } finally {
      process.off('warning', onWarning)
    }
  })
})
