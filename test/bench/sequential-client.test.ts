import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readStealTicks } from '../../bench/cpu-steal.js'
import { runInterleaved, runSequential, type Target } from '../../bench/sequential-client.js'
import type { CallsBySteal } from '../../bench/steal-windows.js'

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
/** Steal is read from /proc/stat, which only Linux has; elsewhere there is no split. */
const procReadable = readStealTicks() !== null

describe('the sequential client', () => {
  it('splits the measured calls by steal read around each measured block, the warm-up left out', async () => {
    const options = { warmup: 7, iterations: 23, check }
    // Three rounds: blocks of 7, 7 and 9 measured calls on each side, each after 3 unmeasured.
    const [first, second] = await runInterleaved([target, target], body, [options, options], 3)
    for (const { result } of [first, second]) {
      expect(result.samples).toBe(23)
      expect(result.malformed + result.non200).toBe(0)
      expect(blocksAndCalls(result.bySteal)).toEqual(procReadable ? [3, 23] : null)
    }
  })

  it('reads one block for a run that is not interleaved', async () => {
    const { result } = await runSequential(target, body, { warmup: 2, iterations: 5, check })
    expect(blocksAndCalls(result.bySteal)).toEqual(procReadable ? [1, 5] : null)
  })
})

/** Blocks and calls in all, quiet or not; null where there is no split (no /proc). */
function blocksAndCalls(split: CallsBySteal | null): [number, number] | null {
  if (split === null) return null
  return [split.quiet.windows + split.stolen.windows, split.quiet.calls + split.stolen.calls]
}
