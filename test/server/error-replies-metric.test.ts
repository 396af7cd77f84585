import { afterEach, describe, expect, it } from 'vitest'
import type { NodeCache } from '../../src/extender/index.js'
import { post, startTestServer, type TestServer } from '../support/test-server.js'
import { familySamples } from '../support/metrics-text.js'
import { namesArgs, nodesArgs, wireNode, wirePod } from '../support/wire.js'

/**
 * taint_extender_error_replies_total: every reply carrying an Error, counted by verb and cause in
 * the one error mapping. It is what an alert reads, in particular for a filter answered with
 * status 200 and its Error field, which the request counter records as a 200.
 */

const servers: TestServer[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close()
})

async function serve(nodeCache: NodeCache | null = null): Promise<TestServer> {
  const server = await startTestServer({ nodeCache })
  servers.push(server)
  return server
}

/** Every sample of a metric family in /metrics, by its label set as written. */
async function samples(server: TestServer, family: string): Promise<Map<string, number>> {
  return familySamples(await (await fetch(`${server.url}/metrics`)).text(), family)
}

/** A cache that says it is ready and then fails every lookup: an internal fault. */
const BROKEN_CACHE: NodeCache = {
  readiness: () => ({ ready: true, reason: '' }),
  get: () => undefined,
  profilesByBytes: () => {
    throw new Error('index corrupted')
  },
  fetch: () => Promise.reject(new Error('index corrupted')),
  size: 1,
}

describe('error replies are counted by verb and cause', () => {
  it('starts every scheduling verb and cause at zero, so that the first error shows as an increase', async () => {
    const server = await serve()
    const counted = await samples(server, 'taint_extender_error_replies_total')
    const expected = new Map<string, number>()
    for (const verb of ['filter', 'prioritize', 'preempt']) {
      for (const cause of ['bad_request', 'unavailable', 'overloaded', 'internal']) {
        expected.set(`{verb="${verb}",cause="${cause}"}`, 0)
      }
    }
    expect(counted).toEqual(expected)
  })

  it('counts a malformed body as bad_request, beside its 400 in the request counter', async () => {
    const server = await serve()
    const reply = await post(`${server.url}/prioritize`, { Pod: 'not an object' })
    expect(reply.status).toBe(400)
    const counted = await samples(server, 'taint_extender_error_replies_total')
    expect(counted.get('{verb="prioritize",cause="bad_request"}')).toBe(1)
    expect(counted.get('{verb="filter",cause="bad_request"}')).toBe(0)
    const requests = await samples(server, 'taint_extender_requests_total')
    expect(requests.get('{verb="prioritize",code="400"}')).toBe(1)
  })

  it('counts NodeNames sent to an extender with no cluster as unavailable, though filter answers it with a 200', async () => {
    const server = await serve()
    const filter = await post(`${server.url}/filter`, namesArgs(wirePod('p'), ['a', 'b']))
    expect(filter.status).toBe(200)
    expect((filter.json as { Error: string }).Error).toMatch(/no cluster connection/)
    const prioritize = await post(`${server.url}/prioritize`, namesArgs(wirePod('p'), ['a']))
    expect(prioritize.status).toBe(503)
    const counted = await samples(server, 'taint_extender_error_replies_total')
    expect(counted.get('{verb="filter",cause="unavailable"}')).toBe(1)
    expect(counted.get('{verb="prioritize",cause="unavailable"}')).toBe(1)
    const requests = await samples(server, 'taint_extender_requests_total')
    expect(requests.get('{verb="filter",code="200"}')).toBe(1)
  })

  it('counts an unexpected fault as internal, once per reply', async () => {
    const server = await serve(BROKEN_CACHE)
    for (let i = 0; i < 2; i++) {
      const reply = await post(`${server.url}/filter`, namesArgs(wirePod('p'), ['a']))
      expect(reply.status).toBe(500)
    }
    const counted = await samples(server, 'taint_extender_error_replies_total')
    expect(counted.get('{verb="filter",cause="internal"}')).toBe(2)
    expect(counted.get('{verb="filter",cause="unavailable"}')).toBe(0)
  })

  it('counts nothing for answers, including a filter that rejects every node', async () => {
    const server = await serve()
    const tainted = wireNode('t', { taints: [{ key: 'k', effect: 'NoSchedule' }] })
    const reply = await post(`${server.url}/filter`, nodesArgs(wirePod('p'), [tainted]))
    expect(reply.status).toBe(200)
    const counted = await samples(server, 'taint_extender_error_replies_total')
    expect([...counted.values()].every((count) => count === 0)).toBe(true)
  })
})
