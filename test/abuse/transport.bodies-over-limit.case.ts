import { describe, expect, it } from 'vitest'
import { post } from '../support/test-server.js'
import { expectJsonError } from './expected-replies.js'
import { exchange, head, sendChunkedBody, write } from './raw-http.js'
import { alongside, bodyOfAbout, MAX_BODY, only, port, server } from './transport-harness.js'

/**
 * Abuse of the transport, over a real socket on 127.0.0.1: bodies over the limit, declared and
 * chunked. Meanwhile well-formed filter requests must keep getting exactly the right answer.
 * Registered by transport.test.ts, against the servers of transport-harness.ts.
 */

/** 'bodies over the limit': declared, streamed and chunked bodies against --max-body. */
export function describeBodiesOverTheLimit(): void {
  describe('bodies over the limit', () => {
    it('answers 413 at once for a declared Content-Length over the limit, before any body byte', async () => {
      const result = await alongside(() =>
        exchange(port, {
          send: (s) =>
            write(
              s,
              head('POST', '/filter', [
                'Content-Type: application/json',
                'Content-Length: 10737418240',
              ])
            ),
        })
      )
      expect(result.closed).toBe(true)
      expectJsonError(
        only(result),
        413,
        /^request body is larger than the limit of 1048576 bytes \(--max-body\)$/
      )
      expect(only(result).headers.connection).toBe('close')
    })

    it('answers 413 for a Content-Length body one byte over the limit while it streams in', async () => {
      const body = Buffer.alloc(MAX_BODY + 1, 0x20)
      const result = await alongside(() =>
        exchange(port, {
          send: async (s) => {
            await write(
              s,
              head('POST', '/prioritize', [
                'Content-Type: application/json',
                `Content-Length: ${body.length}`,
              ])
            )
            // Stop writing once answered: the server refuses by the declared length at once.
            let answered = false
            s.once('data', () => (answered = true))
            for (let at = 0; at < body.length && !answered && !s.destroyed; at += 65536) {
              await write(s, body.subarray(at, at + 65536))
            }
          },
        })
      )
      expectJsonError(only(result), 413, /larger than the limit of 1048576 bytes/)
    })

    it('answers 413 for a chunked body (no Content-Length) growing past the limit, and stops reading', async () => {
      let sent = 0
      const total = 16 * MAX_BODY
      const result = await alongside(() =>
        exchange(port, {
          send: async (s) => {
            sent = await sendChunkedBody(s, '/filter', total)
          },
        })
      )
      expect(result.closed).toBe(true)
      expectJsonError(only(result), 413, /larger than the limit of 1048576 bytes/)
      // The server answered and closed long before the client could push 16 MiB.
      expect(sent).toBeLessThan(total)
    })

    it('reads a chunked body of exactly the limit (then finds no Pod in it)', async () => {
      const result = await alongside(() =>
        exchange(port, {
          send: (s) => sendChunkedBody(s, '/filter', MAX_BODY).then(() => undefined),
          untilResponses: 1,
        })
      )
      expectJsonError(only(result), 400, /^Pod is missing$/)
    })

    it('serves a valid request just under the limit', async () => {
      const body = bodyOfAbout(MAX_BODY - 4096, 'big')
      expect(Buffer.byteLength(body)).toBeLessThanOrEqual(MAX_BODY)
      const reply = await alongside(() => post(`${server.url}/filter`, body, { raw: true }))
      expect(reply.status).toBe(200)
      const result = reply.json as {
        Nodes: { items: unknown[] }
        FailedAndUnresolvableNodes: object
      }
      expect(
        result.Nodes.items.length + Object.keys(result.FailedAndUnresolvableNodes).length
      ).toBe((JSON.parse(body) as { Nodes: { items: unknown[] } }).Nodes.items.length)
    })
  })
}
