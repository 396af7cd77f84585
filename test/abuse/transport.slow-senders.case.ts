import { connect, type Socket } from 'node:net'
import { describe, expect, it } from 'vitest'
import {
  expectJsonError,
  expectWellFormedFilterAnswered,
  GOOD_FILTER_BODY,
} from './expected-replies.js'
import { exchange, head, sleep, write } from './raw-http.js'
import {
  alongside,
  HEADERS_TIMEOUT_MS,
  MAX_BODY,
  only,
  port,
  REQUEST_TIMEOUT_MS,
  server,
  settledMemory,
} from './transport-harness.js'

/**
 * Abuse of the transport, over a real socket on 127.0.0.1: slow senders of headers and bodies,
 * and senders that declare more than they send. Meanwhile well-formed filter requests must keep
 * getting exactly the right answer. Registered by transport.test.ts, against the servers of
 * transport-harness.ts, whose headers and request timeouts are shortened to 800 ms and 1.5 s.
 */

/** 'slow senders': stalled and dripping headers and bodies meet the timeouts. */
export function describeSlowSenders(): void {
  describe('slow senders', () => {
    it('closes a connection whose headers stall, once headersTimeout has passed (408)', async () => {
      const result = await alongside(
        () =>
          exchange(port, {
            send: (s) => write(s, 'POST /filter HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Ty'),
          }),
        HEADERS_TIMEOUT_MS / 2
      )
      expect(result.closed).toBe(true)
      expectJsonError(only(result), 408, /^request headers or body did not arrive in time$/)
      expect(only(result).reason).toBe('Request Timeout')
      expect(result.elapsedMs).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS * 0.9)
    })

    it('closes a connection dripping its headers a byte at a time: dripping does not extend the timeout', async () => {
      const headers = head('POST', '/filter', [
        'Content-Type: application/json',
        'X-Padding: ' + 'p'.repeat(60),
      ])
      let sent = 0
      const result = await alongside(
        () =>
          exchange(port, {
            send: async (s: Socket) => {
              for (const ch of headers) {
                if (s.destroyed) return
                await write(s, ch)
                sent++
                await sleep(50)
              }
            },
          }),
        HEADERS_TIMEOUT_MS / 2
      )
      expect(result.closed).toBe(true)
      expect(only(result).status).toBe(408)
      expect(sent).toBeLessThan(headers.length)
    })

    it('closes a connection whose body stalls, once requestTimeout has passed (408)', async () => {
      const result = await alongside(
        () =>
          exchange(port, {
            send: (s) =>
              write(
                s,
                head('POST', '/filter', [
                  'Content-Type: application/json',
                  'Content-Length: 1000',
                ]) + '{"Pod":'
              ),
          }),
        REQUEST_TIMEOUT_MS / 2
      )
      expect(result.closed).toBe(true)
      expect(only(result).status).toBe(408)
      expect(result.elapsedMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS * 0.9)
    })

    it('closes a connection dripping its body, once requestTimeout has passed', async () => {
      const body = GOOD_FILTER_BODY
      let sent = 0
      const result = await alongside(
        () =>
          exchange(port, {
            send: async (s: Socket) => {
              await write(
                s,
                head('POST', '/filter', [
                  'Content-Type: application/json',
                  `Content-Length: ${body.length}`,
                ])
              )
              for (const ch of body) {
                if (s.destroyed) return
                await write(s, ch)
                sent++
                await sleep(20)
              }
            },
          }),
        REQUEST_TIMEOUT_MS / 2
      )
      expect(result.closed).toBe(true)
      expect(only(result).status).toBe(408)
      expect(sent).toBeLessThan(body.length)
    })
  })
}

/** 'senders that declare more than they send': memory follows what was sent. */
export function describeSendersThatDeclareMore(): void {
  describe('senders that declare more than they send', () => {
    it('holds what 100 stalled senders sent, not the megabyte each declared', async () => {
      const before = await settledMemory()
      const sockets = await Promise.all(
        Array.from(
          { length: 100 },
          () =>
            new Promise<Socket>((resolve, reject) => {
              const socket = connect(port, '127.0.0.1')
              socket.on('error', () => undefined)
              socket.once('connect', () => resolve(socket))
              socket.once('error', reject)
            })
        )
      )
      try {
        const stalled =
          head('POST', '/filter', [
            'Content-Type: application/json',
            `Content-Length: ${MAX_BODY}`,
          ]) + '{"Pod":{'
        await Promise.all(sockets.map((socket) => write(socket, stalled)))
        await sleep(100)
        const during = await settledMemory()
        const growth = during.arrayBuffers - before.arrayBuffers
        // Buffers taken for the declared size would be 100 MiB here.
        expect(
          growth,
          `arrayBuffers grew by ${(growth / 1024 / 1024).toFixed(1)} MiB`
        ).toBeLessThan(16 * 1024 * 1024)
        await expectWellFormedFilterAnswered(server.url)
      } finally {
        for (const socket of sockets) socket.destroy()
      }
    })
  })
}
