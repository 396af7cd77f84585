import { describe, expect, it } from 'vitest'
import { expectJsonError } from './expected-replies.js'
import { exchange, head, write } from './raw-http.js'
import { alongside, only, port } from './transport-harness.js'

/**
 * Abuse of the transport, over a real socket on 127.0.0.1: request-smuggling framings, which
 * fetch will not send. Meanwhile well-formed filter requests must keep getting exactly the right
 * answer. Registered by transport.test.ts, against the servers of transport-harness.ts.
 */

/** 'request-smuggling framings': ambiguous or malformed framing is refused and closed. */
export function describeRequestSmugglingFramings(): void {
  describe('request-smuggling framings', () => {
    const json = 'Content-Type: application/json'
    const body = '{"Pod":{},"Nodes":{"items":[]}}'
    const smuggled = 'GET /version HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'
    const framings: [string, string][] = [
      [
        'Content-Length and Transfer-Encoding',
        head('POST', '/filter', [json, 'Content-Length: 5', 'Transfer-Encoding: chunked']) +
          '0\r\n\r\n' +
          smuggled,
      ],
      [
        'Transfer-Encoding and Content-Length',
        head('POST', '/filter', [json, 'Transfer-Encoding: chunked', 'Content-Length: 5']) +
          '0\r\n\r\n' +
          smuggled,
      ],
      [
        'both, lower-cased',
        head('POST', '/filter', [json, 'content-length: 5', 'transfer-encoding: chunked']) +
          '0\r\n\r\n' +
          smuggled,
      ],
      [
        'two different Content-Lengths',
        head('POST', '/filter', [json, 'Content-Length: 3', 'Content-Length: 4']) +
          '{}  ' +
          smuggled,
      ],
      [
        'a Content-Length list',
        head('POST', '/filter', [json, `Content-Length: ${body.length}, ${body.length}`]) + body,
      ],
      [
        'Transfer-Encoding: xchunked',
        head('POST', '/filter', [json, 'Transfer-Encoding: xchunked']) + '0\r\n\r\n' + smuggled,
      ],
      [
        'Transfer-Encoding: chunked, identity',
        head('POST', '/filter', [json, 'Transfer-Encoding: chunked, identity']) +
          '0\r\n\r\n' +
          smuggled,
      ],
      [
        'Transfer-Encoding twice',
        head('POST', '/filter', [
          json,
          'Transfer-Encoding: chunked',
          'Transfer-Encoding: chunked',
        ]) +
          '0\r\n\r\n' +
          smuggled,
      ],
      [
        'a space before the colon',
        head('POST', '/filter', [json, 'Transfer-Encoding : chunked']) + '0\r\n\r\n' + smuggled,
      ],
      ['a negative Content-Length', head('POST', '/filter', [json, 'Content-Length: -1'])],
      ['a Content-Length of +5', head('POST', '/filter', [json, 'Content-Length: +5']) + '{}   '],
      [
        'a chunk size that overflows',
        head('POST', '/filter', [json, 'Transfer-Encoding: chunked']) + 'ffffffffffffffffffff\r\n',
      ],
      [
        'an obsolete folded header',
        head('POST', '/filter', [json, 'X-A: a', ` b`, `Content-Length: ${body.length}`]) + body,
      ],
      [
        'bare LF line ends',
        `POST /filter HTTP/1.1\nHost: x\n${json}\nContent-Length: ${body.length}\n\n${body}`,
      ],
      [
        'a NUL in a header value',
        head('POST', '/filter', [json, 'X-A: a\u0000b', `Content-Length: ${body.length}`]) + body,
      ],
      ['an HTTP/2 preface', 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n'],
    ]

    for (const [what, payload] of framings) {
      it(`answers 400 and closes for ${what}; nothing smuggled is served`, async () => {
        const result = await alongside(() => exchange(port, { send: (s) => write(s, payload) }))
        expect(result.closed).toBe(true)
        const response = only(result)
        expect(response.status).toBe(400)
        expect(response.headers.connection).toBe('close')
      })
    }

    it('serves two honestly pipelined requests in order', async () => {
      const result = await exchange(port, {
        send: (s) =>
          write(
            s,
            head('POST', '/filter', [json, `Content-Length: ${body.length}`]) + body + smuggled
          ),
        untilResponses: 2,
      })
      expect(result.responses.map((r) => r.status)).toEqual([200, 200])
      expect(JSON.parse(result.responses[1]?.body ?? '')).toMatchObject({ version: '0.0.0-test' })
    })

    // A request node:http's parser refuses gets the protocol's {"Error": …} like every other
    // refusal (from the clientError handler in src/server/http-server.ts), and the connection
    // is closed: the parser cannot tell where the next request would begin.
    const parserRefusals: [string, string, number, string, RegExp][] = [
      [
        'an ambiguous framing, naming the parser’s error',
        (framings[0] as [string, string])[1],
        400,
        'Bad Request',
        /^malformed HTTP request \(HPE_[A-Z_]+\)$/,
      ],
      [
        'headers over Node’s 16 KiB limit',
        head('GET', '/version', [`X-Padding: ${'a'.repeat(20_000)}`]),
        431,
        'Request Header Fields Too Large',
        /^request headers are too large$/,
      ],
    ]
    for (const [what, payload, status, reason, error] of parserRefusals) {
      it(`answers ${status} with a JSON Error and closes for ${what}`, async () => {
        const result = await alongside(() => exchange(port, { send: (s) => write(s, payload) }))
        expect(result.closed).toBe(true)
        expectJsonError(only(result), status, error)
        expect(only(result).reason).toBe(reason)
        expect(only(result).headers.connection).toBe('close')
      })
    }
  })
}
