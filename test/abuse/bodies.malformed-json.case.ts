import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { metaVictimsArgs, wirePod } from '../support/wire.js'
import { post } from '../support/test-server.js'
import { SEED } from '../property/field-arbitraries.js'
import {
  expectJsonError,
  expectWellFormedFilterAnswered,
  GOOD_FILTER_BODY,
} from './expected-replies.js'
import { alongside, GOOD, server } from './bodies-harness.js'

/**
 * Abusive request bodies over real HTTP (a real socket on 127.0.0.1): malformed and truncated
 * JSON. Every refusal is a 4xx whose JSON body is exactly `{"Error": …}` naming what is wrong,
 * never a 5xx; and while each abusive request is in flight a well-formed filter request is sent
 * alongside it and must get exactly the right answer. Registered by bodies.test.ts, against the
 * server of bodies-harness.ts.
 */

/** 'malformed and truncated JSON': cut and spoiled bodies for every verb. */
export function describeMalformedAndTruncatedJson(): void {
  describe('malformed and truncated JSON', () => {
    it('answers 400 naming the byte for a valid body cut at any point (filter and prioritize: 200 cuts)', async () => {
      const body = JSON.stringify(GOOD, null, 1)
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 0, max: body.length - 1 }),
          fc.constantFrom('/filter', '/prioritize'),
          async (cut, path) => {
            const reply = await alongside(() =>
              post(`${server.url}${path}`, body.slice(0, cut), { raw: true })
            )
            expectJsonError(reply, 400, /^request body is not valid JSON: .+ at byte \d+$/)
          }
        ),
        { seed: SEED, numRuns: 200 }
      )
    })

    it('answers 400 for a preempt body cut at any point (50 cuts)', async () => {
      const body = JSON.stringify(
        metaVictimsArgs(wirePod('p'), { fits: { uids: ['u1', 'u2'], pdb: 1 } }),
        null,
        1
      )
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 0, max: body.length - 1 }), async (cut) => {
          const reply = await alongside(() =>
            post(`${server.url}/preempt`, body.slice(0, cut), { raw: true })
          )
          expectJsonError(reply, 400, /^request body is not valid JSON: /)
        }),
        { seed: SEED + 1, numRuns: 50 }
      )
    })

    it('never answers 5xx for a valid body with a few bytes changed (200)', async () => {
      const body = Buffer.from(GOOD_FILTER_BODY)
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.tuple(fc.nat(body.length - 1), fc.integer({ min: 0x20, max: 0x7e })), {
            minLength: 1,
            maxLength: 3,
          }),
          async (edits) => {
            const spoiled = Buffer.from(body)
            for (const [at, byte] of edits) spoiled[at] = byte
            const response = await fetch(`${server.url}/filter`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: spoiled,
            })
            const text = await response.text()
            expect([200, 400]).toContain(response.status)
            const reply = JSON.parse(text) as { Error: unknown }
            if (response.status === 400) expect(Object.keys(reply)).toEqual(['Error'])
            expect(typeof reply.Error).toBe('string')
          }
        ),
        { seed: SEED + 2, numRuns: 200 }
      )
      await expectWellFormedFilterAnswered(server.url)
    })
  })
}
