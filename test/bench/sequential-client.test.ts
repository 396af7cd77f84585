import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runInterleaved, runSequential, type Target } from '../../bench/sequential-client.js'

/** A server answering every POST with `{"ok":true}`, the shape both bench servers frame. */
let server: Server
let target: Target
beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': 11 })
      res.end('{"ok":true}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  target = { port: (server.address() as AddressInfo).port, path: '/filter' }
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

const body = Buffer.from('{"NodeNames":["n1"]}')
const check = (reply: Buffer) => (reply.toString() === '{"ok":true}' ? null : 'wrong reply')

describe('the sequential client', () => {
  it('measures every call of the interleaved blocks and none of the warm-up', async () => {
    const options = { warmup: 7, iterations: 23, check }
    // Three rounds: blocks of 7, 7 and 9 measured calls on each side, each after 3 unmeasured.
    const [first, second] = await runInterleaved([target, target], body, [options, options], 3)
    for (const { result } of [first, second]) {
      expect(result.samples).toBe(23)
      expect(result.malformed + result.non200).toBe(0)
    }
  })

  it('measures the iterations of a run that is not interleaved, the warm-up left out', async () => {
    const { result, reply } = await runSequential(target, body, { warmup: 2, iterations: 5, check })
    expect(result.samples).toBe(5)
    expect(reply?.toString()).toBe('{"ok":true}')
  })

  it('counts a reply its check refuses as wrong and keeps the first problem', async () => {
    const refuse = () => 'not the answer'
    const { result, reply } = await runSequential(target, body, {
      warmup: 0,
      iterations: 3,
      check: refuse,
    })
    expect(result.malformed).toBe(3)
    expect(result.firstProblem).toBe('not the answer')
    expect(reply).toBeNull()
  })
})
