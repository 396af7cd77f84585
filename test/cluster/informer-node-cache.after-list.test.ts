import { describe, expect, it } from 'vitest'
import type { IndexedList } from '../../src/cluster/index.js'
import { eventually } from '../support/eventually.js'
import { startCache, startServer } from './node-cache-harness.js'

/**
 * The after-list hook: main runs one full GC there, so it must come after every full list,
 * once, and the first sync must not report ready before it has finished.
 */
describe('InformerNodeCache: the after-list hook', () => {
  it('runs once after the first list, and the cache turns ready only when it has finished', async () => {
    const server = await startServer()
    server.addNode({ name: 'node-a' })
    server.addNode({ name: 'node-b' })
    const calls: { list: IndexedList; readyDuring: boolean; indexedDuring: number }[] = []
    let finish: () => void = () => {}
    const held = new Promise<void>((resolve) => (finish = resolve))
    const { cache } = startCache(server.url, {
      afterList: async (list) => {
        calls.push({ list, readyDuring: cache.readiness().ready, indexedDuring: cache.size })
        await held
      },
    })

    await eventually(() => expect(calls).toHaveLength(1))
    expect(calls[0]).toEqual({
      list: { nodes: 2, relist: false },
      readyDuring: false,
      indexedDuring: 2,
    })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(cache.readiness().ready).toBe(false)

    finish()
    await eventually(() => expect(cache.readiness().ready).toBe(true))
    await eventually(() => expect(server.openWatches).toBe(1))
    expect(calls).toHaveLength(1)
  })

  it('runs again after a relist, told that it is one', async () => {
    const server = await startServer()
    server.addNode({ name: 'node-a' })
    const lists: IndexedList[] = []
    const { cache } = startCache(server.url, { afterList: (list) => void lists.push(list) })
    await eventually(() => expect(server.openWatches).toBe(1))

    server.addNode({ name: 'node-b' }, { notify: false })
    server.sendWatchError410()

    await eventually(() => expect(lists).toHaveLength(2))
    expect(lists).toEqual([
      { nodes: 1, relist: false },
      { nodes: 2, relist: true },
    ])
    expect(cache.readiness().ready).toBe(true)
  })

  it.each([
    [
      'throws',
      (): void => {
        throw new Error('hook broke')
      },
    ],
    ['rejects', (): Promise<void> => Promise.reject(new Error('hook broke'))],
  ])('logs a hook that %s and still syncs and watches', async (_, afterList) => {
    const server = await startServer()
    server.addNode({ name: 'node-a' })
    const { cache, logger } = startCache(server.url, { afterList })

    await eventually(() => expect(cache.readiness().ready).toBe(true))
    await eventually(() => expect(server.openWatches).toBe(1))
    expect(cache.get('node-a')).toBeDefined()
    const warned = logger.entries.filter((e) => e.msg.includes('after-list hook failed'))
    expect(warned).toHaveLength(1)
    expect(warned[0]?.fields).toMatchObject({ error: expect.stringContaining('hook broke') })
  })
})
