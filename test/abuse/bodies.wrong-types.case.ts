import { describe, expect, it } from 'vitest'
import { metaVictimsArgs, wirePod } from '../support/wire.js'
import { post } from '../support/test-server.js'
import { describePath, pathsOf, replaceAt, type Json } from '../property/json-paths.js'
import { expectJsonError, expectWellFormedFilterAnswered } from './expected-replies.js'
import { GOOD, server } from './bodies-harness.js'

/**
 * Abusive request bodies over real HTTP (a real socket on 127.0.0.1): wrong types at every
 * level. Every refusal is a 4xx whose JSON body is exactly `{"Error": …}` naming the very place
 * that is wrong, never a 5xx, and a well-formed filter request still gets exactly the right
 * answer afterwards. Registered by bodies.test.ts, against the server of bodies-harness.ts.
 */

/** 'wrong types at every level': every value of a valid body replaced in turn. */
export function describeWrongTypesAtEveryLevel(): void {
  describe('wrong types at every level', () => {
    const WRONG: readonly Json[] = [null, 0, 'x', '', true, [], {}]

    /** Whether two places are one and the same or one lies inside the other. */
    const related = (a: string, b: string): boolean =>
      a === 'request body' ||
      b === 'request body' ||
      [a, a + '.', a + '['].some((p) => b === a || b.startsWith(p)) ||
      [b + '.', b + '['].some((p) => a.startsWith(p))

    /** The place in an error message: everything before ': expected' or ' is missing'. */
    const placeOf = (error: string): string | null =>
      /^(.*?)(?:: expected | is missing)/.exec(error)?.[1] ?? null

    it('answers every replacement of every value with 200 or a 400 naming that very place', async () => {
      const paths = pathsOf(GOOD)
      let refused = 0
      let answered = 0
      for (const path of paths) {
        const original = path.reduce<Json>(
          (v, k) => (v as Record<string | number, Json>)[k] as Json,
          GOOD
        )
        for (const value of WRONG) {
          if (JSON.stringify(value) === JSON.stringify(original)) continue
          const doc = replaceAt(GOOD, path, value)
          const reply = await post(`${server.url}/filter`, doc)
          if (reply.status === 200) {
            answered++
            expect(Object.keys(reply.json as object)).toEqual([
              'Nodes',
              'NodeNames',
              'FailedNodes',
              'FailedAndUnresolvableNodes',
              'Error',
            ])
            continue
          }
          refused++
          expectJsonError(reply, 400, /./)
          const error = (reply.json as { Error: string }).Error
          const where = describePath(path).replace(/^\./, '') || 'request body'
          const place = placeOf(error)
          if (place === null) {
            // The two whole-request complaints; only the candidate lists can cause them.
            expect(error).toMatch(/^(both Nodes and NodeNames are set|request has neither)/)
            expect(where).toMatch(/^(Nodes|NodeNames)/)
          } else {
            expect(related(place, where), `replaced ${where}, got '${error}'`).toBe(true)
          }
        }
      }
      // Both kinds occur: unread fields are skipped, read ones are checked.
      expect(refused).toBeGreaterThan(50)
      expect(answered).toBeGreaterThan(50)
      await expectWellFormedFilterAnswered(server.url)
    })

    it('answers wrong types in preempt bodies with 200 or a 400 naming the place (every path)', async () => {
      const doc = metaVictimsArgs(wirePod('p', [{ key: 'a', operator: 'Exists' }]), {
        fits: { uids: ['u1'], pdb: 2 },
        other: { uids: [] },
      }) as Json
      for (const path of pathsOf(doc)) {
        for (const value of [null, 7, 'x', true, [], {}] as Json[]) {
          const reply = await post(`${server.url}/preempt`, replaceAt(doc, path, value))
          expect([200, 400]).toContain(reply.status)
          if (reply.status === 400) {
            expectJsonError(
              reply,
              400,
              /^(?:(?:request body|Pod|NodeNameToMetaVictims|NodeNameToVictims)\S*(?:: expected | is missing)|request has neither|both NodeNameToVictims and NodeNameToMetaVictims are set)/
            )
          }
        }
      }
      await expectWellFormedFilterAnswered(server.url)
    })
  })
}
