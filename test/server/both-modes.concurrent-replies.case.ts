import { connect } from 'node:net'
import { beforeAll, describe, expect, it } from 'vitest'
import { head, parseResponses, sleep } from '../abuse/raw-http.js'
import { eventually } from '../support/eventually.js'
import { post } from '../support/test-server.js'
import { namesArgs, nodesArgs, wirePod } from '../support/wire.js'
import { fullNodes, SCENARIOS, server } from './both-modes-harness.js'

/**
 * Both modes under load: the scenario table's requests, large enough to arrive in several chunks,
 * sent concurrently and pipelined, must each get the very reply they get alone. Registered by
 * both-modes.test.ts, against the servers of both-modes-harness.ts, after the blocks that change
 * the cluster.
 */

/** 'replies under concurrent and pipelined requests': no request's bytes leak into another's reply. */
export function describeConcurrentReplies(): void {
  describe('replies under concurrent and pipelined requests', () => {
    // Over 64 KiB, a body arrives in several chunks; node-cache replies are copied from the
    // request's bytes. No request's bytes may leak into another request's reply.
    const requests: { path: string; body: string; names: boolean }[] = []
    const alone: string[] = []
    beforeAll(async () => {
      SCENARIOS.forEach((scenario, k) => {
        const pod = wirePod(`p${k}`, scenario.tolerations)
        const at = (i: number): string =>
          scenario.candidates[(i + k) % scenario.candidates.length] as string
        const names = Array.from({ length: 40_000 }, (_, i) => at(i))
        const nodes = fullNodes(Array.from({ length: 300 }, (_, i) => at(i)))
        for (const verb of ['filter', 'prioritize']) {
          requests.push({
            path: `/${verb}`,
            body: JSON.stringify(namesArgs(pod, names)),
            names: true,
          })
          requests.push({
            path: `/${verb}`,
            body: JSON.stringify(nodesArgs(pod, nodes)),
            names: false,
          })
        }
      })
      for (const r of requests)
        alone.push((await post(`${server.url}${r.path}`, r.body, { raw: true })).text)
    })

    it('gives each of 144 concurrent requests in both modes, bodies of several chunks among them, the very reply it gets alone, while others are cut off', async () => {
      expect(Math.min(...requests.map((r) => r.body.length))).toBeGreaterThan(64 * 1024)
      const cutOff = requests.map((r) =>
        fetch(`${server.url}${r.path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: r.body,
          signal: AbortSignal.timeout(2),
        })
          .then((res) => res.text())
          .catch(() => null)
      )
      const rounds = [0, 1, 2, 3, 4, 5].flatMap(() => requests.map((r, i) => ({ ...r, i })))
      const together = await Promise.all(
        rounds.map(async (r) => ({
          i: r.i,
          text: (await post(`${server.url}${r.path}`, r.body, { raw: true })).text,
        }))
      )
      await Promise.all(cutOff)
      expect(together).toHaveLength(144)
      for (const { i, text } of together) expect(text).toBe(alone[i])
    })

    it('keeps the replies of a client that pipelined requests and reads them late intact, while other clients are served', async () => {
      // The client reads nothing at first: once the kernel's buffers are full, the replies wait
      // in the server's socket stream while other requests are answered.
      const pipelined = requests.flatMap((r, i) => (r.names ? [i] : []))
      const socket = connect(Number(new URL(server.url).port), '127.0.0.1')
      socket.pause()
      await new Promise((resolve) => socket.once('connect', resolve))
      for (const i of pipelined) {
        const r = requests[i] as { path: string; body: string }
        const headers = ['Content-Type: application/json', `Content-Length: ${r.body.length}`]
        socket.write(head('POST', r.path, headers) + r.body)
      }
      await sleep(300)
      await Promise.all(requests.map((r) => post(`${server.url}${r.path}`, r.body, { raw: true })))
      const chunks: Buffer[] = []
      socket.on('data', (chunk: Buffer) => chunks.push(chunk))
      socket.resume()
      await eventually(() =>
        expect(parseResponses(Buffer.concat(chunks), false)).toHaveLength(pipelined.length)
      )
      socket.destroy()
      const replies = parseResponses(Buffer.concat(chunks), false)
      expect(replies.map((r) => r.body)).toEqual(pipelined.map((i) => alone[i]))
    })
  })
}
