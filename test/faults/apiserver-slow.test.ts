import { describe, expect, it } from 'vitest'
import { eventually } from '../support/eventually.js'
import {
  expectAnswersMatchApiServer,
  expectedVerdicts,
  filterNames,
  FLEET,
  NO_EXECUTE,
  readyzStatus,
  startApiServer,
  startRig,
} from '../support/informer-rig.js'

/** The API server answers lists and GETs slowly, or not until the test lets it. */
describe('fault: the API server is slow', () => {
  it('a slow first list: not ready, and NodeNames refused, until it lands; then right', async () => {
    const api = await startApiServer()
    const releaseList = api.faults.hold()
    const rig = await startRig(api)

    // The list cannot have landed yet: it is held until released below.
    expect(await readyzStatus(rig.server.url)).toBe(503)
    const early = await fetch(`${rig.server.url}/filter`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Pod: { metadata: { name: 'p' } }, NodeNames: ['node-00'] }),
    })
    expect(((await early.json()) as { Error: string }).Error).toMatch(/^node cache not ready/)

    releaseList()
    await eventually(async () => expect(await readyzStatus(rig.server.url)).toBe(200))
    await expectAnswersMatchApiServer(rig)
  })

  it('a slow relist: answers keep coming from the index while it is pending, then show what it brought', async () => {
    const api = await startApiServer()
    const rig = await startRig(api)
    await eventually(() => expect(api.openWatches).toBe(1))
    const before = expectedVerdicts(api)
    const releaseList = api.faults.hold()
    api.updateNode('node-00', { taints: [NO_EXECUTE] }, { notify: false })
    api.compactHistory()
    api.dropWatches()
    const after = expectedVerdicts(api)

    await eventually(() => expect(api.requests('list')).toBe(2))
    // Every answer while the relist is held is the index's, whole and right as of before it.
    for (let i = 0; i < 5; i++) {
      expect(await filterNames(rig.server.url)).toEqual(before)
      expect(await readyzStatus(rig.server.url)).toBe(200)
    }
    expect(rig.metrics.relists).toBe(0)

    releaseList()
    await eventually(() => expect(rig.metrics.relists).toBe(1))
    expect(await filterNames(rig.server.url)).toEqual(after)
    await expectAnswersMatchApiServer(rig)
  })

  it('a slow GET of an unknown node: the request waits for it and gets the right answer', async () => {
    const api = await startApiServer()
    const rig = await startRig(api)
    await eventually(() => expect(api.openWatches).toBe(1))
    api.addNode({ name: 'node-late', taints: [NO_EXECUTE] }, { notify: false })
    api.faults.setDelay(500)
    const names = [...FLEET.map((n) => n.name), 'node-late']

    // Concurrent requests for the same unknown name share one slow GET.
    const answers = await Promise.all([1, 2, 3].map(() => filterNames(rig.server.url, names)))

    for (const answer of answers) expect(answer).toEqual(expectedVerdicts(api, names))
    expect(answers[0]?.FailedAndUnresolvableNodes['node-late']).toBeDefined()
    expect(api.requests('get')).toBe(1)
  })
})
