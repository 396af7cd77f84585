import { request, type IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { eventually } from '../support/eventually.js'
import { post, startTestServer } from '../support/test-server.js'
import { namesArgs, wirePod } from '../support/wire.js'
import {
  afterThisTest,
  expectedVerdicts,
  filterNames,
  FLEET,
  NO_EXECUTE,
  startApiServer,
  startRig,
  TOLERATIONS,
} from './fault-rig.js'

/**
 * The server reads bodies into buffers it lends and reuses, writes node-cache replies into
 * others, and keeps per-call working memory for the names. Each must stay with its request
 * until that request is done with it; these tests overlap requests to catch one that is not.
 */

const NAMES = FLEET.map((n) => n.name)

/** `count` names cycling through `names`: a large request over a small fleet. */
function cycled(names: readonly string[], count: number): string[] {
  return Array.from({ length: count }, (_, i) => names[i % names.length] as string)
}

function prioritizeBody(names: readonly string[]): string {
  return JSON.stringify(namesArgs(wirePod('p', [...TOLERATIONS]), [...names]))
}

/** POST /prioritize and the reply's text; the reply must be a 200. */
async function prioritizeText(baseUrl: string, names: readonly string[]): Promise<string> {
  const reply = await post(`${baseUrl}/prioritize`, JSON.parse(prioritizeBody(names)))
  expect(reply.status).toBe(200)
  return reply.text
}

/**
 * Sends a prioritize call and reads only the first chunk of its reply: the rest stays with the
 * server, waiting for the socket to drain. `rest()` reads it all.
 */
async function startStalledPrioritize(
  baseUrl: string,
  names: readonly string[]
): Promise<{ rest: () => Promise<string> }> {
  const body = prioritizeBody(names)
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    const req = request(`${baseUrl}/prioritize`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    })
    req.once('response', resolve)
    req.once('error', reject)
    req.end(body)
  })
  expect(response.statusCode).toBe(200)
  const chunks: Buffer[] = []
  await new Promise<void>((resolve) => {
    response.once('data', (chunk: Buffer) => {
      response.pause()
      chunks.push(chunk)
      resolve()
    })
  })
  return {
    rest: () =>
      new Promise((resolve, reject) => {
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
        response.once('error', reject)
        response.resume()
      }),
  }
}

describe('fault: requests overlap', () => {
  it('a filter waiting on a slow GET keeps its own body and names while other calls are served', async () => {
    const api = await startApiServer()
    const rig = await startRig(api)
    await eventually(() => expect(api.openWatches).toBe(1))
    api.addNode({ name: 'node-late', taints: [NO_EXECUTE] }, { notify: false })
    api.setDelay(400)
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

    expect(await pending).toEqual(expectedVerdicts(api, waiting))
    expect(api.requests('get')).toBe(1)
  })

  it('a reply the client has not read yet is not written over by the replies to later calls', async () => {
    const api = await startApiServer()
    const rig = await startRig(api)
    await eventually(() => expect(api.openWatches).toBe(1))
    // About 9 MB of reply: more than the kernel's socket buffers take from a client that is not
    // reading (some 4 MB on loopback), so the rest waits in the server. The pool keeps buffers
    // that large here, as it keeps the 4 MiB ones by default.
    const server = await startTestServer({
      nodeCache: rig.cache,
      replyBuffers: { keep: 4, maxBytes: 64 * 1024 * 1024 },
    })
    afterThisTest(() => server.close())
    const stalledNames = cycled(NAMES, 300_000)
    const expected = await prioritizeText(server.url, stalledNames)

    const stalled = await startStalledPrioritize(server.url, stalledNames)
    // Replies as large and different at every entry, which would land on the stalled one's
    // buffer had it been handed back before the socket took all of it.
    const others = [cycled([...NAMES].reverse(), 300_000), cycled(NAMES.slice(1), 300_000)]
    for (const names of others) {
      const text = await prioritizeText(server.url, names)
      expect((JSON.parse(text) as { Host: string }[]).map((p) => p.Host)).toEqual(names)
    }

    expect(await stalled.rest()).toBe(expected)
  })
})
