import { describe, expect, it } from 'vitest'
import { MAX_LOOKUPS_IN_FLIGHT } from '../../src/cluster/unknown-node-lookup.js'
import { REASON_LOOKUP_FAILED, REASON_UNKNOWN_NODE } from '../../src/core/index.js'
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
} from '../support/informer-rig.js'

/** Failed attempts a test waits for before it looks at how the server answers meanwhile. */
const RETRIES = 3

/** The API server answers 500 for a while, to lists, to watches or to GETs of one node. */
describe('fault: the API server answers 500s for a while', () => {
  it('on list: the relist is retried until it succeeds, answering from the index meanwhile', async () => {
    const api = await startApiServer()
    const rig = await startRig(api)
    await eventually(() => expect(api.openWatches).toBe(1))
    const before = expectedVerdicts(api)

    // A change the watch never delivers, and history compacted past it: only a relist sees it,
    // and every list fails until the checks below are done.
    const clearFailures = api.faults.failUntilCleared('list', 500)
    api.updateNode('node-00', { taints: [NO_EXECUTE] }, { notify: false })
    api.compactHistory()
    api.dropWatches()

    await eventually(() => expect(api.requests('list')).toBeGreaterThanOrEqual(1 + RETRIES))
    expect(await filterNames(rig.server.url)).toEqual(before)
    expect(await readyzStatus(rig.server.url)).toBe(200)
    expect(rig.metrics.relists).toBe(0)
    const failures = clearFailures()

    await eventually(() => expect(rig.metrics.relists).toBe(1))
    await expectAnswersMatchApiServer(rig)
    expect(api.requests('list')).toBe(1 + failures + 1)
    expect(rig.logger.matching('listing nodes failed')).toHaveLength(failures)
    expect(rig.logger.matching('listing nodes failed')[0]?.fields?.error).toBe(
      'HTTP 500 InternalError: injected failure of a list request'
    )
  })

  it('on watch: the watch is retried and resumes from its resourceVersion, no relist needed', async () => {
    const api = await startApiServer()
    const rig = await startRig(api)
    await eventually(() => expect(api.openWatches).toBe(1))
    const before = expectedVerdicts(api)

    const clearFailures = api.faults.failUntilCleared('watch', 500)
    api.dropWatches()
    api.updateNode('node-04', { taints: [NO_SCHEDULE, NO_EXECUTE] })

    await eventually(() => expect(api.requests('watch')).toBeGreaterThanOrEqual(1 + RETRIES))
    expect(await filterNames(rig.server.url)).toEqual(before)
    expect(await readyzStatus(rig.server.url)).toBe(200)
    const failures = clearFailures()

    await eventually(() => expectAnswersMatchApiServer(rig))
    expect(api.requests('watch')).toBe(1 + failures + 1)
    expect(api.requests('list')).toBe(1)
    expect(rig.metrics.relists).toBe(0)
    expect(rig.metrics.watchRestarts).toBeGreaterThanOrEqual(failures + 1)
  })

  it('on GET of an unknown node: reported as not looked up, never passed, and right once the GET works', async () => {
    const api = await startApiServer()
    const rig = await startRig(api)
    await eventually(() => expect(api.openWatches).toBe(1))
    // A node whose ADDED event is still on its way: the index does not know it.
    api.addNode({ name: 'node-new' }, { notify: false })
    api.faults.failNext('get', 2, 500)
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

  it('a call naming a thousand nodes nobody has: at most 32 GETs, the rest not looked up, one log line', async () => {
    const api = await startApiServer()
    // A clock that stands still: no token comes back between the calls below.
    const rig = await startRig(api, api.url, { now: () => 0 })
    await eventually(() => expect(api.openWatches).toBe(1))
    const ghosts = Array.from({ length: 1000 }, (_, i) => `ghost-${i}`)
    const fleet = FLEET.map((n) => n.name)
    const ghostReasonsOf = (verdicts: { FailedNodes: Record<string, string> }) =>
      Object.entries(verdicts.FailedNodes)
        .filter(([n]) => n.startsWith('ghost-'))
        .map(([, r]) => r)

    const verdicts = await filterNames(rig.server.url, [...fleet, ...ghosts])

    const known = expectedVerdicts(api, fleet)
    expect(verdicts.NodeNames).toEqual(known.NodeNames)
    const failed = Object.entries(verdicts.FailedNodes)
    expect(failed.filter(([n]) => fleet.includes(n))).toEqual(Object.entries(known.FailedNodes))
    const ghostReasons = ghostReasonsOf(verdicts)
    expect(ghostReasons).toHaveLength(1000)
    // Asked: the first 32, which the API server does not have; the rest were never asked.
    expect(ghostReasons.filter((r) => r === REASON_UNKNOWN_NODE)).toHaveLength(
      MAX_LOOKUPS_IN_FLIGHT
    )
    expect(ghostReasons.filter((r) => r === REASON_LOOKUP_FAILED)).toHaveLength(
      1000 - MAX_LOOKUPS_IN_FLIGHT
    )
    expect(api.requests('get')).toBe(MAX_LOOKUPS_IN_FLIGHT)
    expect(rig.metrics.lookups).toMatchObject({
      not_found: MAX_LOOKUPS_IN_FLIGHT,
      shed: 1000 - MAX_LOOKUPS_IN_FLIGHT,
    })
    const lines = rig.server.logs.filter((l) => l.msg === 'node lookups failed')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({
      failed: 1000 - MAX_LOOKUPS_IN_FLIGHT,
      first: { node: `ghost-${MAX_LOOKUPS_IN_FLIGHT}` },
    })

    // The next call asks nothing: the 32 are remembered as not found, and the rate has no token.
    const again = await filterNames(rig.server.url, [...fleet, ...ghosts])
    expect(ghostReasonsOf(again).filter((r) => r === REASON_UNKNOWN_NODE)).toHaveLength(
      MAX_LOOKUPS_IN_FLIGHT
    )
    expect(api.requests('get')).toBe(MAX_LOOKUPS_IN_FLIGHT)
    expect(rig.metrics.lookups).toMatchObject({
      not_found_remembered: MAX_LOOKUPS_IN_FLIGHT,
      throttled: 1000 - MAX_LOOKUPS_IN_FLIGHT,
    })
  })

  it('twenty calls a tenth of a second apart naming the same thousand unknown nodes cost the burst and the rate, not a GET per name per call', async () => {
    const api = await startApiServer()
    let now = 0
    const rig = await startRig(api, api.url, { now: () => now, lookupsPerSecond: 20 })
    await eventually(() => expect(api.openWatches).toBe(1))
    const ghosts = Array.from({ length: 1000 }, (_, i) => `ghost-${i}`)
    for (let call = 0; call < 20; call++) {
      await filterNames(rig.server.url, ghosts)
      now += 100
    }
    // The burst, then two a call (a tenth of a second at 20 a second).
    expect(api.requests('get')).toBe(MAX_LOOKUPS_IN_FLIGHT + 19 * 2)
  })
})
