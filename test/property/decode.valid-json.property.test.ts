import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decodeExtenderArgs, decodeNodeTaints } from '../../src/protocol/index.js'
import { SEED } from './field-arbitraries.js'
import { FOLDING_RECASES, mutate, mutationArb, recaseKeys } from './json-mutations.js'
import type { Json } from './json-paths.js'
import { argsCaseArb, wireArgsOf, wirePodOf } from './wire-documents.js'
import { expectValidJsonOutcome, utf8 } from './decode-outcomes.js'

/**
 * The request decoder on valid JSON it must not refuse as JSON: documents of the shapes it walks,
 * well-formed requests, respelt keys, and values of the wrong type at every level.
 * decodeExtenderArgs scans raw bytes with its own JSON scanner, so it is held against JSON.parse:
 * it must refuse, as JSON, exactly what JSON.parse refuses (plus any top-level value that is not
 * an object), accept structurally everything JSON.parse accepts, and never throw anything but
 * ProtocolError.
 */

/** A document of one of the shapes the decoder walks, with values of every JSON type inside. */
const shapedDocument: fc.Arbitrary<Json> = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }) as fc.Arbitrary<Json>,
  fc
    .record(
      {
        Pod: fc.jsonValue({ maxDepth: 3 }),
        Nodes: fc.oneof(
          fc.jsonValue({ maxDepth: 3 }),
          fc.record({ items: fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 3 }) }),
          fc.record({
            items: fc.array(
              fc.record(
                {
                  metadata: fc.oneof(
                    fc.jsonValue({ maxDepth: 2 }),
                    fc.record({ name: fc.jsonValue({ maxDepth: 1 }) })
                  ),
                  spec: fc.jsonValue({ maxDepth: 3 }),
                },
                { requiredKeys: [] }
              ),
              { maxLength: 3 }
            ),
          })
        ),
        NodeNames: fc.jsonValue({ maxDepth: 2 }),
      },
      { requiredKeys: [] }
    )
    .map((x) => x as Json)
)

describe('decodeExtenderArgs on valid JSON', () => {
  it('never refuses as JSON what JSON.stringify wrote, and throws only ProtocolError (1500)', () => {
    fc.assert(
      fc.property(
        shapedDocument,
        fc.constantFrom<number | string | undefined>(undefined, 2, '\t'),
        (doc, indent) => {
          expectValidJsonOutcome(doc, utf8(JSON.stringify(doc, null, indent)))
        }
      ),
      { seed: SEED, numRuns: 1500 }
    )
  })

  it('decodes a well-formed request to exactly its pod and nodes (500)', () => {
    fc.assert(
      fc.property(argsCaseArb, (c) => {
        const args = decodeExtenderArgs(utf8(JSON.stringify(wireArgsOf(c))))
        expect(args.pod.tolerations).toEqual(c.tolerations)
        expect(args.candidates.kind).toBe('nodes')
        if (args.candidates.kind !== 'nodes') return
        const decoded = args.candidates.nodes.map((ref) => decodeNodeTaints(ref))
        expect(decoded).toEqual(
          c.nodes.map((n) => ({ ...n, taints: n.taints.map((t) => ({ ...t })) }))
        )
      }),
      { seed: SEED + 1, numRuns: 500 }
    )
  })

  it('decodes keys in any casing Go folds to the field name to the same request (500)', () => {
    fc.assert(
      fc.property(argsCaseArb, fc.constantFrom(...FOLDING_RECASES), (c, recase) => {
        const plain = decodeExtenderArgs(utf8(JSON.stringify(wireArgsOf(c))))
        const recased = decodeExtenderArgs(utf8(JSON.stringify(recaseKeys(wireArgsOf(c), recase))))
        const identityAndTolerations = (pod: typeof plain.pod) => ({
          name: pod.name,
          namespace: pod.namespace,
          uid: pod.uid,
          tolerations: pod.tolerations,
        })
        expect(identityAndTolerations(recased.pod)).toEqual(identityAndTolerations(plain.pod))
        if (plain.candidates.kind !== 'nodes' || recased.candidates.kind !== 'nodes') {
          throw new Error('expected full-node candidates')
        }
        expect(recased.candidates.nodes.map((r) => decodeNodeTaints(r))).toEqual(
          plain.candidates.nodes.map((r) => decodeNodeTaints(r))
        )
      }),
      { seed: SEED + 2, numRuns: 500 }
    )
  })

  it('answers wrong types, nulls, missing and respelt fields at every level with a ProtocolError naming the place (2000)', () => {
    const namesMode = argsCaseArb.map((c): Json => ({
      Pod: wirePodOf('p', c.tolerations),
      NodeNames: c.nodes.map((n) => n.name),
    }))
    fc.assert(
      fc.property(
        fc.oneof(
          { weight: 3, arbitrary: argsCaseArb.map(wireArgsOf) },
          { weight: 1, arbitrary: namesMode }
        ),
        fc.array(mutationArb, { minLength: 1, maxLength: 3 }),
        (doc, mutations) => {
          const spoiled = mutate(doc, mutations)
          expectValidJsonOutcome(spoiled, utf8(JSON.stringify(spoiled)))
        }
      ),
      { seed: SEED + 3, numRuns: 2000 }
    )
  })
})
