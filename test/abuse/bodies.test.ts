import { describe, expect, it } from 'vitest'
import { post } from '../support/test-server.js'
import { expectJsonError, GOOD_FILTER_BODY } from './expected-replies.js'
import { exchange, head, write } from './raw-http.js'
import { describeContentTypesAndEncodings } from './bodies.content-types.case.js'
import { describeDeepNesting } from './bodies.deep-nesting.case.js'
import { describeMalformedAndTruncatedJson } from './bodies.malformed-json.case.js'
import { describeKeysNamedAfterPrototypeMembers } from './bodies.prototype-keys.case.js'
import { describeWrongTypesAtEveryLevel } from './bodies.wrong-types.case.js'
import { server, startBodiesServer } from './bodies-harness.js'

/**
 * Abusive request bodies over real HTTP (a real socket on 127.0.0.1): malformed and truncated
 * JSON, wrong types at every level, deep nesting, prototype-named keys, wrong content types and
 * encodings. Every refusal is a 4xx whose JSON body is exactly `{"Error": …}` naming what is
 * wrong, never a 5xx; and while each abusive request is in flight a well-formed filter request
 * is sent alongside it and must get exactly the right answer.
 *
 * The topics (bodies.*.case.ts) run in this order against one server (bodies-harness.ts); the
 * check that Object.prototype is untouched comes after all but the last of them.
 */

startBodiesServer()

describeMalformedAndTruncatedJson()
describeWrongTypesAtEveryLevel()
describeDeepNesting()
describeKeysNamedAfterPrototypeMembers()
describeContentTypesAndEncodings()

describe('regressions, over HTTP', () => {
  // A \u escape's hex digits were once tested as `(byte | 0x20)`, letting control bytes
  // 0x10-0x19 through: a raw SyntaxError (500) in the pod, invalid JSON echoed from a label.
  it('answers 400, not 500, for a \\u escape with control bytes in the pod', async () => {
    const body = `{"Pod":{"metadata":{"name":"\\u\u0010\u0011\u0012\u0013"}},"Nodes":{"items":[]}}`
    const reply = await post(`${server.url}/filter`, body, { raw: true })
    expectJsonError(reply, 400, /not valid JSON/)
  })

  it('never answers 200 with a reply that is not JSON (\\u escape with control bytes in a label)', async () => {
    const node = `{"metadata":{"name":"n","labels":{"a":"\\u\u0010\u0011\u0012\u0013"}}}`
    const body = `{"Pod":{},"Nodes":{"items":[${node}]}}`
    const reply = await post(`${server.url}/filter`, body, { raw: true })
    expect(() => JSON.parse(reply.text) as unknown).not.toThrow()
    expect(reply.status).toBe(400)
  })

  // A request in absolute form (`POST http://host/filter`), which HTTP/1.1 servers must accept
  // (RFC 9112 §3.2.2).
  it('serves POST http://127.0.0.1/filter (absolute form) as /filter', async () => {
    const result = await exchange(server.running.port, {
      send: (s) =>
        write(
          s,
          head('POST', `http://127.0.0.1:${server.running.port}/filter`, [
            'Content-Type: application/json',
            `Content-Length: ${Buffer.byteLength(GOOD_FILTER_BODY)}`,
          ]) + GOOD_FILTER_BODY
        ),
      untilResponses: 1,
    })
    expect(result.responses[0]?.status).toBe(200)
  })
})
