import { request, type ClientRequest, type IncomingMessage } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nodesArgs, wireNode, wirePod } from '../support/wire.js'
import { post, startTestServer, type TestServer } from '../support/test-server.js'

/**
 * The bytes of request bodies in flight are bounded across all connections: with two bodies of
 * 6 MiB held open under a 16 MiB budget, a third body that would pass the budget is refused at
 * once with 503, Retry-After and an Error, before it is read; the held bodies are answered as
 * usual, and once they are, the same body is taken.
 */

const MIB = 1024 * 1024
const HELD_BYTES = 6 * MIB

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ maxBodyBytes: 8 * MIB, maxBodyBytesInFlight: 16 * MIB })
})
afterAll(async () => {
  await server.close()
})

/** A filter body padded with spaces (valid JSON) to exactly `bytes`. */
function paddedFilterBody(bytes: number): Buffer {
  const json = JSON.stringify(nodesArgs(wirePod('p'), [wireNode('n')]))
  return Buffer.from(json.padEnd(bytes, ' '))
}

interface Reply {
  readonly status: number
  readonly headers: IncomingMessage['headers']
  readonly body: string
}

function replyOf(req: ClientRequest): Promise<Reply> {
  return new Promise((resolve, reject) => {
    req.once('error', reject)
    req.once('response', (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.once('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
    })
  })
}

/** A filter request whose headers (and, when declared, its length) are sent at once. */
function openFilter(declaredBytes: number | null): ClientRequest {
  const headers: Record<string, string | number> = { 'content-type': 'application/json' }
  if (declaredBytes !== null) headers['content-length'] = declaredBytes
  const req = request(`${server.url}/filter`, { method: 'POST', headers, agent: false })
  req.flushHeaders()
  return req
}

/** Two 6 MiB bodies with most of their bytes still to come. */
async function holdTwoBodies(): Promise<{ finish: () => Promise<Reply[]> }> {
  const body = paddedFilterBody(HELD_BYTES)
  const held = [openFilter(body.length), openFilter(body.length)]
  const replies = held.map(replyOf)
  for (const req of held) req.write(body.subarray(0, 1024))
  await new Promise((resolve) => setTimeout(resolve, 100))
  return {
    finish: () => {
      for (const req of held) req.end(body.subarray(1024))
      return Promise.all(replies)
    },
  }
}

describe('the budget for request bodies in flight', () => {
  it('refuses a declared body that would pass it with 503, Retry-After and an Error, at once', async () => {
    const held = await holdTwoBodies()
    const third = openFilter(5 * MIB)
    const refused = await replyOf(third)
    expect(refused.status).toBe(503)
    expect(refused.headers['retry-after']).toBe('1')
    expect(JSON.parse(refused.body)).toEqual({
      Error: expect.stringContaining('--max-body-bytes-in-flight') as unknown,
    })
    third.destroy()
    for (const reply of await held.finish()) expect(reply.status).toBe(200)
    const again = await post(`${server.url}/filter`, nodesArgs(wirePod('p'), [wireNode('n')]))
    expect(again.status).toBe(200)
  })

  it('refuses a chunked body as soon as its chunks would pass it', async () => {
    const held = await holdTwoBodies()
    const chunked = openFilter(null)
    const refused = replyOf(chunked)
    chunked.write(paddedFilterBody(5 * MIB))
    const reply = await refused
    expect(reply.status).toBe(503)
    expect(reply.headers['retry-after']).toBe('1')
    chunked.destroy()
    for (const r of await held.finish()) expect(r.status).toBe(200)
  })

  it('takes a body that fits beside those in flight', async () => {
    const held = await holdTwoBodies()
    const small = await post(`${server.url}/filter`, nodesArgs(wirePod('p'), [wireNode('n')]))
    expect(small.status).toBe(200)
    for (const r of await held.finish()) expect(r.status).toBe(200)
  })

  it('is given back by bodies refused, abandoned or answered, so a full budget is free again', async () => {
    for (let round = 0; round < 3; round++) {
      const held = await holdTwoBodies()
      const abandoned = openFilter(3 * MIB)
      abandoned.on('error', () => {})
      abandoned.write(Buffer.alloc(1024, 0x20))
      await new Promise((resolve) => setTimeout(resolve, 50))
      abandoned.destroy()
      await held.finish()
    }
    const whole = paddedFilterBody(8 * MIB)
    const first = openFilter(whole.length)
    const second = openFilter(whole.length)
    const replies = Promise.all([replyOf(first), replyOf(second)])
    first.end(whole)
    second.end(whole)
    expect((await replies).map((r) => r.status)).toEqual([200, 200])
  })
})
