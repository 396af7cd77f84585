import { describe, expect, it } from 'vitest'
import { REASON_LOOKUP_FAILED } from '../../src/core/index.js'
import { eventually } from '../support/eventually.js'
import {
  expectAnswersMatchApiServer,
  expectedVerdicts,
  filterNames,
  FLEET,
  NO_EXECUTE,
  NO_SCHEDULE,
  readyzStatus,
  startApiServer,
  startRig,
} from './fault-rig.js'

const FAILURES = 12

/** The API server answers 500 for a while, to lists, to watches or to GETs of one node. */
describe('fault: the API server answers 500s for a while', () => {
  it('on list: the relist is retried until it succeeds, answering from the index meanwhile', async () => {
    const api = await startApiServer()
    const rig = await startRig(api)
    await eventually(() => expect(api.openWatches).toBe(1))
    const before = expectedVerdicts(api)

    // A change the watch never delivers, and history compacted past it: only a relist sees it,
    // and the next twelve lists fail (about a second of retries with a 100 ms backoff cap).
    api.failNextLists(FAILURES, 500)
    api.updateNode('node-00', { taints: [NO_EXECUTE] }, { notify: false })
    api.compactHistory()
    api.dropWatches()

    await eventually(() => expect(api.requests('list')).toBeGreaterThanOrEqual(3))
    expect(rig.metrics.relists).toBe(0)
    expect(await filterNames(rig.server.url)).toEqual(before)
    expect(await readyzStatus(rig.server.url)).toBe(200)

    await eventually(() => expect(rig.metrics.relists).toBe(1))
    await expectAnswersMatchApiServer(rig)
    expect(api.requests('list')).toBe(1 + FAILURES + 1)
    expect(rig.logger.matching('listing nodes failed')).toHaveLength(FAILURES)
    expect(rig.logger.matching('listing nodes failed')[0]?.fields?.error).toBe(
      'HTTP 500 InternalError: injected failure of a list request'
    )
  })

  it('on watch: the watch is retried and resumes from its resourceVersion, no relist needed', async () => {
    const api = await startApiServer()
    const rig = await startRig(api)
    await eventually(() => expect(api.openWatches).toBe(1))
    const before = expectedVerdicts(api)

    api.failNextWatches(FAILURES, 500)
    api.dropWatches()
    api.updateNode('node-04', { taints: [NO_SCHEDULE, NO_EXECUTE] })

    await eventually(() => expect(api.requests('watch')).toBeGreaterThanOrEqual(4))
    expect(await filterNames(rig.server.url)).toEqual(before)
    expect(await readyzStatus(rig.server.url)).toBe(200)

    await eventually(() => expectAnswersMatchApiServer(rig))
    expect(api.requests('watch')).toBe(1 + FAILURES + 1)
    expect(api.requests('list')).toBe(1)
    expect(rig.metrics.relists).toBe(0)
    expect(rig.metrics.watchRestarts).toBeGreaterThanOrEqual(FAILURES + 1)
  })

  it('on GET of an unknown node: reported as not looked up, never passed, and right once the GET works', async () => {
    const api = await startApiServer()
    const rig = await startRig(api)
    await eventually(() => expect(api.openWatches).toBe(1))
    // A node whose ADDED event is still on its way: the index does not know it.
    api.addNode({ name: 'node-new' }, { notify: false })
    api.failNextGets(2, 500)
    const names = [...FLEET.map((n) => n.name), 'node-new']
    const known = expectedVerdicts(
      api,
      FLEET.map((n) => n.name)
    )

    for (let attempt = 0; attempt < 2; attempt++) {
      expect(await filterNames(rig.server.url, names)).toEqual({
        ...known,
        FailedNodes: { 'node-new': REASON_LOOKUP_FAILED },
      })
    }
    expect(rig.metrics.lookups.error).toBe(2)

    expect(await filterNames(rig.server.url, names)).toEqual(expectedVerdicts(api, names))
    expect(api.requests('get')).toBe(3)
    // Indexed now: no further GET.
    expect(await filterNames(rig.server.url, names)).toEqual(expectedVerdicts(api, names))
    expect(api.requests('get')).toBe(3)
  })
})
