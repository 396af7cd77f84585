import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { post } from '../support/test-server.js'
import { expectJsonError, GOOD_FILTER_BODY } from './expected-replies.js'
import { exchange, head, write } from './raw-http.js'
import { alongside, firstResponse, server } from './bodies-harness.js'

/**
 * Abusive request bodies over real HTTP (a real socket on 127.0.0.1): wrong content types and
 * encodings. Each is refused with a 415 whose JSON body is exactly `{"Error": …}` naming what is
 * wrong, while a well-formed filter request sent alongside gets exactly the right answer.
 * Registered by bodies.test.ts, against the server of bodies-harness.ts.
 */

/** 'content types and encodings': only JSON in UTF-8, not compressed, is read. */
export function describeContentTypesAndEncodings(): void {
  describe('content types and encodings', () => {
    const refusedTypes = [
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/jsonx',
      'application/json-patch+json',
      'multipart/form-data; boundary=x',
      'json',
      '',
    ]
    for (const contentType of refusedTypes) {
      it(`answers 415 for Content-Type ${JSON.stringify(contentType)}`, async () => {
        const reply = await alongside(() =>
          post(`${server.url}/filter`, GOOD_FILTER_BODY, { raw: true, contentType })
        )
        expectJsonError(reply, 415, /^Content-Type must be application\/json, got ".*"$/)
      })
    }

    it('answers 415 without any Content-Type', async () => {
      const result = await alongside(() =>
        exchange(server.running.port, {
          send: (s) =>
            write(
              s,
              head('POST', '/filter', [`Content-Length: ${Buffer.byteLength(GOOD_FILTER_BODY)}`]) +
                GOOD_FILTER_BODY
            ),
          untilResponses: 1,
        })
      )
      expectJsonError(
        firstResponse(result),
        415,
        /^Content-Type must be application\/json, got ""$/
      )
    })

    for (const charset of ['utf-16', 'latin1', 'iso-8859-1', '"utf-16le"']) {
      it(`answers 415 for charset=${charset}`, async () => {
        const reply = await alongside(() =>
          post(`${server.url}/filter`, GOOD_FILTER_BODY, {
            raw: true,
            contentType: `application/json; charset=${charset}`,
          })
        )
        expectJsonError(
          reply,
          415,
          /^request body encoding is not supported: charset=.+; use utf-8$/
        )
      })
    }

    for (const contentType of [
      'application/json',
      'Application/JSON',
      'application/json; charset=utf-8',
      'application/json;charset="UTF-8"',
    ]) {
      it(`serves Content-Type ${contentType}`, async () => {
        const reply = await post(`${server.url}/filter`, GOOD_FILTER_BODY, {
          raw: true,
          contentType,
        })
        expect(reply.status).toBe(200)
      })
    }

    const encoded: [string, Buffer][] = [
      ['gzip', gzipSync(GOOD_FILTER_BODY)],
      ['deflate', gzipSync(GOOD_FILTER_BODY)],
      ['br', Buffer.from(GOOD_FILTER_BODY)],
      ['gzip, identity', gzipSync(GOOD_FILTER_BODY)],
      ['GZIP', gzipSync(GOOD_FILTER_BODY)],
    ]
    for (const [encoding, body] of encoded) {
      it(`answers 415 for Content-Encoding: ${encoding}`, async () => {
        const result = await alongside(() =>
          exchange(server.running.port, {
            send: (s) =>
              write(
                s,
                Buffer.concat([
                  Buffer.from(
                    head('POST', '/filter', [
                      'Content-Type: application/json',
                      `Content-Encoding: ${encoding}`,
                      `Content-Length: ${body.length}`,
                    ])
                  ),
                  body,
                ])
              ),
            untilResponses: 1,
          })
        )
        expectJsonError(firstResponse(result), 415, /^Content-Encoding ".+" is not supported$/)
      })
    }

    it('serves Content-Encoding: identity', async () => {
      const result = await exchange(server.running.port, {
        send: (s) =>
          write(
            s,
            head('POST', '/filter', [
              'Content-Type: application/json',
              'Content-Encoding: identity',
              `Content-Length: ${Buffer.byteLength(GOOD_FILTER_BODY)}`,
            ]) + GOOD_FILTER_BODY
          ),
        untilResponses: 1,
      })
      expect(result.responses[0]?.status).toBe(200)
    })
  })
}
