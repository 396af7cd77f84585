import { afterEach, describe, expect, it } from 'vitest'
import { collectGarbageAfterList } from '../../src/cluster/index.js'
import { RecordingLogger } from '../support/recording-logger.js'

/**
 * The hook that collects a node list's garbage, in process, with globalThis.gc standing in for
 * the one `--expose-gc` gives. node-list-gc.test.ts checks the shipped process does run it.
 */

const realGc = globalThis.gc
afterEach(() => {
  globalThis.gc = realGc
})

/**
 * Replaces globalThis.gc with one that counts its calls, each taking at least `busyMs`: a lower
 * bound that no machine's noise can break, for checking the unit of the logged time.
 */
function countingGc(busyMs = 0): { readonly calls: number } {
  const counter = { calls: 0 }
  globalThis.gc = (() => {
    counter.calls++
    const until = performance.now() + busyMs
    while (performance.now() < until);
  }) as typeof globalThis.gc
  return counter
}

describe('collectGarbageAfterList', () => {
  it('without a gc function (no --expose-gc) does nothing and logs nothing', async () => {
    globalThis.gc = undefined
    const logger = new RecordingLogger()
    await collectGarbageAfterList(logger)({ nodes: 3, relist: false })
    expect(logger.entries).toEqual([])
  })

  it('collects once per list, only after a turn of the event loop, and logs the list and heap', async () => {
    const gc = countingGc()
    const logger = new RecordingLogger()
    const afterList = collectGarbageAfterList(logger)
    const first = afterList({ nodes: 15000, relist: false })
    expect(gc.calls).toBe(0)
    await first
    expect(gc.calls).toBe(1)
    await afterList({ nodes: 14999, relist: true })
    expect(gc.calls).toBe(2)

    const logged = logger.matching('collected the garbage of the node list')
    expect(logged.map((e) => [e.level, e.fields?.nodes, e.fields?.relist])).toEqual([
      ['info', 15000, false],
      ['info', 14999, true],
    ])
    for (const { fields } of logged) {
      for (const pair of [fields?.heapUsedMiB, fields?.heapTotalMiB]) {
        expect(pair).toEqual([expect.any(Number), expect.any(Number)])
      }
    }
  })

  it('logs the collection’s time in milliseconds and the heap in MiB, each to one decimal', async () => {
    countingGc(5)
    const logger = new RecordingLogger()
    const started = performance.now()
    await collectGarbageAfterList(logger)({ nodes: 1, relist: false })
    const elapsed = performance.now() - started
    const heapMiB = process.memoryUsage().heapTotal / 1024 ** 2
    const fields = logger.matching('collected the garbage')[0]?.fields ?? {}
    const ms = fields.ms as number
    // The stub takes at least 5 ms and the whole call no more than `elapsed`.
    expect(ms).toBeGreaterThanOrEqual(5)
    expect(ms).toBeLessThanOrEqual(elapsed + 0.05)
    expect(Math.round(ms * 10) / 10).toBe(ms)
    const [, totalAfter] = fields.heapTotalMiB as [number, number]
    expect(Math.round(totalAfter * 10) / 10).toBe(totalAfter)
    expect(totalAfter / heapMiB).toBeGreaterThan(0.5)
    expect(totalAfter / heapMiB).toBeLessThan(2)
  })

  it('reads the gc function when made, as --expose-gc is fixed for the life of the process', async () => {
    globalThis.gc = undefined
    const afterList = collectGarbageAfterList(new RecordingLogger())
    const gc = countingGc()
    await afterList({ nodes: 1, relist: false })
    expect(gc.calls).toBe(0)
  })
})
