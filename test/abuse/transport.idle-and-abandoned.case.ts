import type { Socket } from 'node:net'
import { describe, expect, it } from 'vitest'
import { nodesArgs, wireNode, wirePod } from '../support/wire.js'
import { expectWellFormedFilterAnswered, GOOD_FILTER_BODY } from './expected-replies.js'
import { KeepAliveConnection } from './keep-alive-connection.js'
import { exchange, head, sleep, write } from './raw-http.js'
import { alongside, MAX_BODY, port, server } from './transport-harness.js'

/**
 * Abuse of the transport, over a real socket on 127.0.0.1: hundreds of idle connections, and
 * clients that vanish mid-request. Meanwhile well-formed filter requests must keep getting
 * exactly the right answer. Registered by transport.test.ts, against the servers of
 * transport-harness.ts.
 */

/** 'many idle connections': kept-alive ones stay, silent ones are closed. */
export function describeManyIdleConnections(): void {
  describe('many idle connections', () => {
    it('keeps 500 idle keep-alive connections and closes 200 silent ones, answering everyone else meanwhile', async () => {
      const prioritize = JSON.stringify(nodesArgs(wirePod('p'), [wireNode('idle-node')]))
      const request =
        head('POST', '/prioritize', [
          'Content-Type: application/json',
          `Content-Length: ${prioritize.length}`,
        ]) + prioritize
      const keptAlive: KeepAliveConnection[] = []
      const silent: KeepAliveConnection[] = []
      try {
        for (let batch = 0; batch < 5; batch++) {
          const opened = await Promise.all(
            Array.from({ length: 100 }, () => KeepAliveConnection.open(port))
          )
          const replies = await Promise.all(opened.map((c) => c.request(request)))
          for (const r of replies)
            expect(JSON.parse(r.body)).toEqual([{ Host: 'idle-node', Score: 10 }])
          keptAlive.push(...opened)
        }
        for (let batch = 0; batch < 2; batch++) {
          silent.push(
            ...(await Promise.all(
              Array.from({ length: 100 }, () => KeepAliveConnection.open(port))
            ))
          )
        }
        // 50 well-formed requests while 700 connections sit idle.
        await Promise.all(
          Array.from({ length: 50 }, () => expectWellFormedFilterAnswered(server.url))
        )
        // The silent ones are closed after headersTimeout; the kept-alive ones are not.
        const deadline = Date.now() + 10_000
        while (silent.some((c) => !c.closed) && Date.now() < deadline) await sleep(50)
        expect(silent.filter((c) => !c.closed)).toHaveLength(0)
        expect(keptAlive.filter((c) => c.closed)).toHaveLength(0)
        // Idle for longer than headersTimeout, the kept-alive connections still serve.
        const again = await Promise.all(keptAlive.slice(0, 50).map((c) => c.request(request)))
        for (const r of again) expect(r.status).toBe(200)
        await expectWellFormedFilterAnswered(server.url)
      } finally {
        for (const c of [...keptAlive, ...silent]) c.destroy()
      }
    })
  })
}

/** 'clients that go away mid-request': counted as 499, never an internal error. */
export function describeClientsThatGoAway(): void {
  describe('clients that go away mid-request', () => {
    const cases: [string, (s: Socket) => Promise<void>][] = [
      [
        'in the middle of the headers',
        (s) => write(s, 'POST /filter HTTP/1.1\r\nHost: 127.0.0.1\r\nCont'),
      ],
      [
        'in the middle of a declared body',
        (s) =>
          write(
            s,
            head('POST', '/filter', [
              'Content-Type: application/json',
              `Content-Length: ${GOOD_FILTER_BODY.length}`,
            ]) + GOOD_FILTER_BODY.slice(0, 100)
          ),
      ],
      [
        'in the middle of a chunked body',
        (s) =>
          write(
            s,
            head('POST', '/filter', [
              'Content-Type: application/json',
              'Transfer-Encoding: chunked',
            ]) +
              '64\r\n' +
              GOOD_FILTER_BODY.slice(0, 50)
          ),
      ],
      [
        'right after sending a whole request',
        (s) =>
          write(
            s,
            head('POST', '/filter', [
              'Content-Type: application/json',
              `Content-Length: ${GOOD_FILTER_BODY.length}`,
            ]) + GOOD_FILTER_BODY
          ),
      ],
      [
        'right after sending a body over the limit',
        (s) =>
          write(
            s,
            head('POST', '/filter', [
              'Content-Type: application/json',
              `Content-Length: ${MAX_BODY * 2}`,
            ]) + ' '.repeat(65536)
          ),
      ],
    ]

    for (const [when, send] of cases) {
      it(`carries on when a client disconnects ${when}`, async () => {
        await alongside(() =>
          exchange(port, {
            send: async (s) => {
              await send(s)
              await sleep(30)
              s.destroy()
            },
            timeoutMs: 5000,
          })
        )
        await sleep(50)
        await expectWellFormedFilterAnswered(server.url)
      })
    }

    it('counted the abandoned requests as 499 and logged no internal error', async () => {
      const metric = await server.metrics.registry.getSingleMetricAsString(
        'taint_extender_requests_total'
      )
      expect(metric).toMatch(/taint_extender_requests_total\{verb="filter",code="499"\} [1-9]/)
      expect(metric).not.toMatch(/code="5\d\d"/)
    })
  })
}
