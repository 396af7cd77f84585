import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decodePreemptionArgs, ProtocolError } from '../../src/protocol/index.js'
import { SEED } from './field-arbitraries.js'
import { mutationArb, mutate } from './json-mutations.js'
import type { Json } from './json-paths.js'
import { argsCaseArb, wirePodOf } from './wire-documents.js'
import { spoiledDocument, tokenSoup } from './byte-arbitraries.js'
import { jsonVerdict, STRUCTURAL, utf8, type Outcome } from './decode-outcomes.js'

/**
 * The preemption decoder on hostile input: valid victims spoiled at every level, arbitrary JSON,
 * arbitrary bytes and deep nesting. Like decodeExtenderArgs, it must refuse as JSON exactly what
 * JSON.parse refuses and never throw anything but ProtocolError.
 */

function preemptOutcome(buf: Uint8Array): Outcome {
  try {
    decodePreemptionArgs(buf)
    return { kind: 'accepted' }
  } catch (err) {
    if (!(err instanceof ProtocolError)) return { kind: 'thrown', error: err }
    // A top-level null is 'request body is missing' here (readObject's wording for null).
    return STRUCTURAL.test(err.message) || err.message === 'request body is missing'
      ? { kind: 'structural', message: err.message }
      : { kind: 'semantic', message: err.message }
  }
}

const victimsDocument: fc.Arbitrary<Json> = fc
  .record({
    tolerations: argsCaseArb.map((c) => c.tolerations),
    victims: fc.dictionary(
      fc.constantFrom('n1', 'n2', '__proto__', 'constructor', 'toString', 'N1'),
      fc.record({
        uids: fc.array(fc.constantFrom('u1', 'u2', ''), { maxLength: 3 }),
        pdb: fc.integer({ min: 0, max: 3 }),
      }),
      { maxKeys: 4 }
    ),
    full: fc.boolean(),
  })
  .map(({ tolerations, victims, full }) => {
    const map = JSON.parse('{}') as { [key: string]: Json }
    for (const [name, v] of Object.entries(victims)) {
      Object.defineProperty(map, name, {
        enumerable: true,
        value: {
          Pods: v.uids.map((uid) => (full ? { metadata: { uid }, spec: {} } : { UID: uid })),
          NumPDBViolations: v.pdb,
        },
      })
    }
    return {
      Pod: wirePodOf('p', tolerations),
      [full ? 'NodeNameToVictims' : 'NodeNameToMetaVictims']: map,
    } as Json
  })

describe('decodePreemptionArgs throws only ProtocolError', () => {
  it('on valid victims, wrong types, nulls and respelt fields at every level (1500)', () => {
    fc.assert(
      fc.property(victimsDocument, fc.array(mutationArb, { maxLength: 3 }), (doc, mutations) => {
        const spoiled = mutate(doc, mutations)
        const outcome = preemptOutcome(utf8(JSON.stringify(spoiled)))
        if (outcome.kind === 'thrown') throw outcome.error
        const isObject = typeof spoiled === 'object' && spoiled !== null && !Array.isArray(spoiled)
        expect(outcome.kind === 'structural').toBe(!isObject)
        if (mutations.length === 0) expect(outcome.kind).toBe('accepted')
      }),
      { seed: SEED + 30, numRuns: 1500 }
    )
  })

  it('on arbitrary JSON (1000)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (doc) => {
        const outcome = preemptOutcome(utf8(JSON.stringify(doc)))
        if (outcome.kind === 'thrown') throw outcome.error
        const isObject = typeof doc === 'object' && doc !== null && !Array.isArray(doc)
        expect(outcome.kind === 'structural').toBe(!isObject)
      }),
      { seed: SEED + 31, numRuns: 1000 }
    )
  })

  it('on arbitrary bytes, spoiled documents and token soup, refusing exactly what JSON.parse refuses (2000)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 48 }), tokenSoup, spoiledDocument), (buf) => {
        const outcome = preemptOutcome(buf)
        if (outcome.kind === 'thrown') throw outcome.error
        const json = jsonVerdict(buf)
        expect(outcome.kind === 'structural').toBe(json.verdict !== 'object')
      }),
      { seed: SEED + 32, numRuns: 2000 }
    )
  })

  it('on nesting a million deep (JSON.parse copes; Go would refuse past 10 000)', () => {
    const body = utf8(
      `{"Pod":{},"NodeNameToMetaVictims":{},"x":${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}}`
    )
    expect(preemptOutcome(body).kind).not.toBe('thrown')
  })

  // ProtocolError promises messages that never echo values; V8's SyntaxError quotes the body
  // around the fault, so preempt validates with the scanner before JSON.parse.
  it('does not echo request content in its invalid-JSON message', () => {
    const body = utf8('{"Pod":{"spec":{"tolerations":[{"value":"s3cr3t"},]}}}')
    expect(() => decodePreemptionArgs(body)).toThrow(ProtocolError)
    expect(() => decodePreemptionArgs(body)).not.toThrow(/s3cr3t/)
  })
})
