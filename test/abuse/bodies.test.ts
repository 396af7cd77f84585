import { gzipSync } from 'node:zlib'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { metaVictimsArgs, nodesArgs, wireNode, wirePod } from '../support/wire.js'
import { post, startTestServer, type TestServer } from '../support/test-server.js'
import {
  describePath,
  pathsOf,
  replaceAt,
  SEED,
  setKey,
  type Json,
} from '../property/arbitraries.js'
import {
  exchange,
  expectJsonError,
  type Exchange,
  type RawResponse,
  expectWellFormedFilterAnswered,
  GOOD_FILTER_BODY,
  head,
  write,
} from './raw-http.js'

/**
 * Abusive request bodies over real HTTP (a real socket on 127.0.0.1): malformed and truncated
 * JSON, wrong types at every level, deep nesting, prototype-named keys, wrong content types and
 * encodings. Every refusal is a 4xx whose JSON body is exactly `{"Error": …}` naming what is
 * wrong, never a 5xx; and while each abusive request is in flight a well-formed filter request
 * is sent alongside it and must get exactly the right answer.
 */

const MAX_BODY = 4 * 1024 * 1024

let server: TestServer
const prototypeNamesBefore = Object.getOwnPropertyNames(Object.prototype).sort()

beforeAll(async () => {
  server = await startTestServer({ maxBodyBytes: MAX_BODY })
})
afterAll(async () => {
  await server.close()
})

function firstResponse(result: Exchange): RawResponse {
  const response = result.responses[0]
  if (response === undefined) throw new Error(`no response (closed: ${result.closed})`)
  return response
}

/** Runs the abusive request and the well-formed one side by side. */
async function alongside<T>(abuse: () => Promise<T>): Promise<T> {
  const [result] = await Promise.all([abuse(), expectWellFormedFilterAnswered(server.url)])
  return result
}

const GOOD = JSON.parse(GOOD_FILTER_BODY) as Json

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

describe('keys named after Object.prototype members', () => {
  const NAMES = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf']

  /** An object whose own keys are `entries`, `__proto__` included (a literal would not do). */
  const own = (entries: [string, Json][]): Json => {
    const out: { [key: string]: Json } = {}
    for (const [k, v] of entries) setKey(out, k, v)
    return out
  }

  const trickyNode = (name: string, taintKey: string): Json =>
    own([
      [
        'metadata',
        own([
          ['name', name],
          ['resourceVersion', `rv-${name}-${taintKey}`],
          ['labels', own(NAMES.map((n) => [n, n]))],
        ]),
      ],
      [
        'spec',
        own([
          [
            'taints',
            [
              own([
                ['key', taintKey],
                ['effect', 'NoSchedule'],
              ]),
            ],
          ],
        ]),
      ],
      ['status', own([['__proto__', own([['polluted', true]])]])],
    ])

  it('filters nodes named __proto__, constructor, … with taints keyed the same, exactly', async () => {
    // The pod tolerates taints keyed 'constructor' and 'toString' only.
    const pod = own([
      ['metadata', own([['name', 'p']])],
      [
        'spec',
        own([
          [
            'tolerations',
            [
              own([
                ['key', 'constructor'],
                ['operator', 'Exists'],
              ]),
              own([
                ['key', 'toString'],
                ['operator', 'Exists'],
              ]),
            ],
          ],
        ]),
      ],
    ])
    const nodes = NAMES.map((name, i) => trickyNode(name, NAMES[(i + 1) % NAMES.length] as string))
    const body = own([
      ['__proto__', own([['Pod', 'not this']])],
      ['constructor', own([['prototype', own([['polluted', true]])]])],
      ['toString', 'x'],
      ['prototype', []],
      ['Pod', pod],
      ['Nodes', own([['items', nodes]])],
    ])
    const reply = await alongside(() => post(`${server.url}/filter`, body))
    expect(reply.status).toBe(200)
    const result = reply.json as {
      Nodes: { items: { metadata: { name: string } }[] }
      FailedAndUnresolvableNodes: Record<string, string>
    }
    // Node i carries a taint keyed NAMES[i + 1]: tolerated for 'constructor' (i = 0) and
    // 'toString' (i = 2).
    expect(result.Nodes.items.map((n) => n.metadata.name)).toEqual(['__proto__', 'prototype'])
    expect(Object.keys(result.FailedAndUnresolvableNodes).sort()).toEqual(
      ['constructor', 'toString', 'hasOwnProperty', 'valueOf'].sort()
    )
    // The passing nodes are echoed byte for byte, their prototype-named keys included.
    expect(reply.text).toContain('"labels":{"__proto__":"__proto__","constructor":"constructor"')
  })

  it('does not read a pod spec hidden under __proto__', async () => {
    const pod = own([
      ['metadata', own([['name', 'p']])],
      ['__proto__', own([['spec', own([['tolerations', [own([['operator', 'Exists']])]]])]])],
    ])
    const body = own([
      ['Pod', pod],
      ['Nodes', own([['items', [trickyNode('n', 'k')]]])],
    ])
    const reply = await alongside(() => post(`${server.url}/filter`, body))
    expect(reply.status).toBe(200)
    expect(
      (reply.json as { FailedAndUnresolvableNodes: object }).FailedAndUnresolvableNodes
    ).toEqual({
      n: 'node(s) had untolerated taint(s)',
    })
  })

  it('scores and preempts with prototype-named nodes and victims maps', async () => {
    const pod = wirePod('p') as Json
    // Even-indexed names carry a taint the pod does not tolerate.
    const nodes = NAMES.map((name, i) =>
      wireNode(name, {
        resourceVersion: `prio-${name}`,
        taints: i % 2 === 0 ? [{ key: 'k', effect: 'NoSchedule' }] : [],
      })
    )
    const prioritize = await alongside(() =>
      post(`${server.url}/prioritize`, nodesArgs(pod, nodes))
    )
    expect(prioritize.json).toEqual(NAMES.map((Host) => ({ Host, Score: 10 })))

    // Preempt judges nodes as last seen (by the prioritize call just made); one never seen is kept.
    const victims = own(
      [...NAMES, 'never-seen'].map((n) => [
        n,
        own([
          ['Pods', [own([['UID', `u-${n}`]])]],
          ['NumPDBViolations', 0],
        ]),
      ])
    )
    const preempt = await alongside(() =>
      post(
        `${server.url}/preempt`,
        own([
          ['Pod', pod],
          ['NodeNameToMetaVictims', victims],
        ])
      )
    )
    expect(preempt.status).toBe(200)
    const kept = (preempt.json as { NodeNameToMetaVictims: Record<string, unknown> })
      .NodeNameToMetaVictims
    expect(Object.keys(kept)).toEqual(['constructor', 'toString', 'valueOf', 'never-seen'])
    expect(kept.toString).toEqual({ Pods: [{ UID: 'u-toString' }], NumPDBViolations: 0 })
  })

  it('left Object.prototype untouched', () => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeNamesBefore)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})

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
    expectJsonError(firstResponse(result), 415, /^Content-Type must be application\/json, got ""$/)
  })

  for (const charset of ['utf-16', 'latin1', 'iso-8859-1', '"utf-16le"']) {
    it(`answers 415 for charset=${charset}`, async () => {
      const reply = await alongside(() =>
        post(`${server.url}/filter`, GOOD_FILTER_BODY, {
          raw: true,
          contentType: `application/json; charset=${charset}`,
        })
      )
      expectJsonError(reply, 415, /^request body encoding is not supported: charset=.+; use utf-8$/)
    })
  }

  for (const contentType of [
    'application/json',
    'Application/JSON',
    'application/json; charset=utf-8',
    'application/json;charset="UTF-8"',
  ]) {
    it(`serves Content-Type ${contentType}`, async () => {
      const reply = await post(`${server.url}/filter`, GOOD_FILTER_BODY, { raw: true, contentType })
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
