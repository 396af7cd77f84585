import { describe, expect, it } from 'vitest'
import { wirePod } from '../support/wire.js'
import { post } from '../support/test-server.js'
import { expectJsonError } from './expected-replies.js'
import { alongside, server } from './bodies-harness.js'

/**
 * Abusive request bodies over real HTTP (a real socket on 127.0.0.1): deep nesting. Past Go's
 * limit the refusal is a 400 whose JSON body is exactly `{"Error": …}`, never a 5xx, while a
 * well-formed filter request sent alongside gets exactly the right answer. Registered by
 * bodies.test.ts, against the server of bodies-harness.ts.
 */

/** 'deep nesting': Go's limit of 10 000 levels, and preempt's JSON.parse. */
export function describeDeepNesting(): void {
  describe('deep nesting', () => {
    const arrays = (levels: number): string => '['.repeat(levels) + ']'.repeat(levels)
    const objects = (levels: number): string => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels)
    const podJson = JSON.stringify(wirePod('p'))

    const refusals: [string, string, string][] = [
      [
        '10 001 arrays in an unread node field',
        '/filter',
        `{"Pod":${podJson},"Nodes":{"items":[{"metadata":{"name":"n"},"x":${arrays(10_001)}}]}}`,
      ],
      [
        '1 000 000 arrays in an unread node field',
        '/filter',
        `{"Pod":${podJson},"Nodes":{"items":[{"metadata":{"name":"n"},"x":${arrays(1_000_000)}}]}}`,
      ],
      [
        '1 000 000 arrays as a top-level member',
        '/prioritize',
        `{"Pod":${podJson},"NodeNames":["n"],"x":${arrays(1_000_000)}}`,
      ],
      [
        '10 001 objects inside the pod',
        '/filter',
        `{"Pod":{"metadata":${objects(10_001)}},"NodeNames":["n"]}`,
      ],
      ['1 000 000 arrays as the whole body', '/filter', arrays(1_000_000)],
      [
        '10 000 arrays below the top-level object (10 001 in all)',
        '/filter',
        `{"Pod":${podJson},"NodeNames":["n"],"x":${arrays(10_000)}}`,
      ],
    ]

    for (const [what, path, body] of refusals) {
      it(`answers 400 for ${what}`, async () => {
        const reply = await alongside(() => post(`${server.url}${path}`, body, { raw: true }))
        expectJsonError(
          reply,
          400,
          /^request body is not valid JSON: nesting deeper than 10000, found '[[{]' at byte \d+$/
        )
      })
    }

    it('accepts 10 000 levels in all (the top-level object and 9 999 arrays), as Go does', async () => {
      const body = `{"Pod":${podJson},"Nodes":{"items":[]},"x":${arrays(9_999)}}`
      const reply = await alongside(() => post(`${server.url}/filter`, body, { raw: true }))
      expect(reply.status).toBe(200)
    })

    it('answers preempt with a million levels without falling over (JSON.parse copes; Go would refuse)', async () => {
      const body = `{"Pod":${podJson},"NodeNameToMetaVictims":{"n":{"Pods":[]}},"x":${arrays(1_000_000)}}`
      const reply = await alongside(() => post(`${server.url}/preempt`, body, { raw: true }))
      // Documented difference: preempt parses with JSON.parse, which has no depth limit.
      expect([200, 400]).toContain(reply.status)
      if (reply.status === 400) expectJsonError(reply, 400, /nesting|depth/)
    })
  })
}
