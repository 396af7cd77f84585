import { describe, expect, it } from 'vitest'
import { eventually } from '../support/eventually.js'
import {
  expectAnswersMatchApiServer,
  NO_EXECUTE,
  NO_SCHEDULE,
  PREFER_NO_SCHEDULE,
  readyzStatus,
  startApiServer,
  startRig,
} from '../support/informer-rig.js'

const CHANGES = [
  { name: 'node-00', change: { taints: [NO_EXECUTE] } },
  { name: 'node-01', change: { taints: [] } },
  { name: 'node-02', change: { unschedulable: true } },
  { name: 'node-03', change: { unschedulable: false, taints: [PREFER_NO_SCHEDULE] } },
  { name: 'node-04', change: { taints: [NO_SCHEDULE, { key: 'x', effect: 'NoSchedule' }] } },
] as const

/** The API server's watch cache keeps moving past the extender: 410 Gone, again and again. */
describe('fault: the API server answers 410 Gone repeatedly', () => {
  it('relists after each of several compactions in a row, and every answer is right after each', async () => {
    const api = await startApiServer()
    const rig = await startRig(api)
    await eventually(() => expect(api.openWatches).toBe(1))

    for (const [round, { name, change }] of CHANGES.entries()) {
      // A change the watch never delivers; history compacted past it; the connection cut.
      api.updateNode(name, change, { notify: false })
      api.compactHistory()
      api.dropWatches()

      await eventually(() => expect(rig.metrics.relists).toBe(round + 1))
      await expectAnswersMatchApiServer(rig)
      expect(await readyzStatus(rig.server.url)).toBe(200)
    }
    expect(api.requests('list')).toBe(1 + CHANGES.length)
    await eventually(() => expect(api.openWatches).toBe(1))
  })

  it('relists each time the watch request itself is answered 410, several times in a row', async () => {
    const api = await startApiServer()
    const rig = await startRig(api)
    await eventually(() => expect(api.openWatches).toBe(1))

    api.faults.failNext('watch', 3, 410)
    api.updateNode('node-00', { taints: [NO_SCHEDULE, NO_EXECUTE] }, { notify: false })
    api.dropWatches()

    await eventually(() => expect(rig.metrics.relists).toBe(3))
    await eventually(() => expect(api.openWatches).toBe(1))
    await expectAnswersMatchApiServer(rig)
    expect(api.requests('list')).toBe(1 + 3)
    expect(rig.metrics.relists).toBe(3)
  })
})
