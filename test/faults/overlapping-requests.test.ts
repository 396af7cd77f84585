import { describe, expect, it } from 'vitest'
import { eventually } from '../support/eventually.js'
import { post } from '../support/test-server.js'
import { namesArgs, wirePod } from '../support/wire.js'
import {
  expectedVerdicts,
  filterNames,
  FLEET,
  NO_EXECUTE,
  startApiServer,
  startRig,
  TOLERATIONS,
} from '../support/informer-rig.js'

/**
 * The server reads bodies into buffers it lends and reuses, writes node-cache replies into
 * others, and keeps per-call working memory for the names. Each must stay with its request
 * until that request is done with it; this test overlaps requests to catch one that is not.
 * (A reply buffer reused before the socket has taken it all is caught by the pipelining test
 * in test/server/both-modes.test.ts.)
 */

const NAMES = FLEET.map((n) => n.name)

/** `count` names cycling through `names`: a large request over a small fleet. */
function cycled(names: readonly string[], count: number): string[] {
  return Array.from({ length: count }, (_, i) => names[i % names.length] as string)
}

/** POST /prioritize and the reply's text; the reply must be a 200. */
async function prioritizeText(baseUrl: string, names: readonly string[]): Promise<string> {
  const reply = await post(
    `${baseUrl}/prioritize`,
    namesArgs(wirePod('p', [...TOLERATIONS]), [...names])
  )
  expect(reply.status).toBe(200)
  return reply.text
}

describe('fault: requests overlap', () => {
  it('a filter waiting on a slow GET keeps its own body and names while other calls are served', async () => {
    const api = await startApiServer()
    const rig = await startRig(api)
    await eventually(() => expect(api.openWatches).toBe(1))
    api.addNode({ name: 'node-late', taints: [NO_EXECUTE] }, { notify: false })
    const releaseGet = api.faults.hold()
    // Some 110 KB: a body that arrives in several chunks, joined in a lent buffer.
    const waiting = [...cycled(NAMES, 10_000), 'node-late']

    let settled = false
    const pending = filterNames(rig.server.url, waiting).finally(() => (settled = true))
    await eventually(() => expect(api.requests('get')).toBe(1))
    // Known names only: answered from the index at once, through the same pools.
    const others = [
      cycled([...NAMES].reverse(), 12_000),
      NAMES.slice(0, 1),
      cycled(
        NAMES.filter((_, i) => i % 2 === 0),
        9_000
      ),
    ]
    for (const names of others) {
      expect(await filterNames(rig.server.url, names)).toEqual(expectedVerdicts(api, names))
    }
    const priorities = await prioritizeText(rig.server.url, cycled([...NAMES].reverse(), 12_000))
    expect(JSON.parse(priorities)).toHaveLength(12_000)
    expect(settled).toBe(false)

    releaseGet()
    expect(await pending).toEqual(expectedVerdicts(api, waiting))
    expect(api.requests('get')).toBe(1)
  })
})
