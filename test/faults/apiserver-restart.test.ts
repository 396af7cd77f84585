import { describe, expect, it } from 'vitest'
import { eventually } from '../support/eventually.js'
import { freePort } from '../support/free-port.js'
import {
  expectAnswersMatchApiServer,
  expectedVerdicts,
  filterNames,
  NO_EXECUTE,
  readyzStatus,
  startApiServer,
  startRig,
} from '../support/informer-rig.js'

/** The API server goes away mid-run and comes back on the same address. */
describe('fault: the API server restarts mid-run', () => {
  it('keeps answering from the index while it is down, resumes the watch, and sees a change made meanwhile', async () => {
    const port = await freePort()
    const api = await startApiServer(undefined, { port })
    const rig = await startRig(api)
    await eventually(() => expect(api.openWatches).toBe(1))
    await expectAnswersMatchApiServer(rig)
    const before = expectedVerdicts(api)

    await api.close()
    // Changed while the API server is unreachable: recorded in its history, seen by no one.
    api.updateNode('node-00', { taints: [NO_EXECUTE] })
    api.updateNode('node-03', { unschedulable: false })
    await eventually(() =>
      expect(
        rig.logger
          .matching('node watch ended')
          .filter((e) => /ECONNREFUSED/.test(String(e.fields?.detail)))
      ).not.toHaveLength(0)
    )

    // Down: answers still come, from the index as it was, and the app stays ready.
    expect(await filterNames(rig.server.url)).toEqual(before)
    expect(await readyzStatus(rig.server.url)).toBe(200)
    // The cache retries every 10–100 ms here; between a refused attempt and the next it says why.
    await eventually(() =>
      expect(rig.cache.readiness().reason).toMatch(/restarting the watch after: .*ECONNREFUSED/)
    )

    await api.listen(port)

    await eventually(() => expectAnswersMatchApiServer(rig))
    expect(expectedVerdicts(api)).not.toEqual(before)
    // The watch resumed from its resourceVersion: the change came from the replayed history.
    expect(api.requests('list')).toBe(1)
    expect(rig.metrics.relists).toBe(0)
    expect(rig.metrics.watchRestarts).toBeGreaterThanOrEqual(2)
    await eventually(() => expect(api.openWatches).toBe(1))
    expect(await readyzStatus(rig.server.url)).toBe(200)
  })
})
