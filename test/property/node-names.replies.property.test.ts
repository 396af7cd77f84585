import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { encodeNamesFilterResult, encodeNamesHostPriorityList } from '../../src/protocol/index.js'
import { SEED } from './field-arbitraries.js'
import { layoutArb, literalOf, nameArb, namesOf, POD } from './node-name-requests.js'

/**
 * NodeNames are echoed in replies as the literals received. Held here against JSON.parse: every
 * filter and prioritize reply parses back to the names chosen, whatever the names hold, however
 * the request was laid out and however long the reply grows.
 */

describe('NodeNames read from the request bytes', () => {
  it('answers a filter over long runs of long names, the runs moved within the reply, with exactly the names that pass (500 runs)', () => {
    const longName = fc.stringMatching(/^[a-z][-a-z0-9.]{20,70}[a-z0-9]$/)
    fc.assert(
      fc.property(
        fc.array(fc.tuple(longName, fc.boolean()), { maxLength: 120 }),
        fc.constantFrom('', ' ', '\n  '),
        (entries, space) => {
          const names = entries.map(([n]) => n)
          const list = namesOf(
            `{"Pod":${POD},"NodeNames":[${names.map((n) => JSON.stringify(n)).join(`,${space}`)}]}`
          )
          const passing = entries.flatMap(([, pass], i) => (pass ? [i] : []))
          const rejected = entries.flatMap(([, pass], i) => (pass ? [] : [i]))
          const reply = encodeNamesFilterResult(
            list,
            Int32Array.from(passing),
            { indices: [], reasons: [] },
            { indices: rejected, reasons: rejected.map(() => 'tainted') }
          )
          expect(JSON.parse(Buffer.from(reply).toString('utf8'))).toEqual({
            Nodes: null,
            NodeNames: passing.map((i) => names[i]),
            FailedNodes: {},
            FailedAndUnresolvableNodes: Object.fromEntries(
              rejected.map((i) => [names[i], 'tainted'])
            ),
            Error: '',
          })
        }
      ),
      { seed: SEED, numRuns: 500 }
    )
  })

  it('answers filter and prioritize with literals that parse back to the names chosen (1000 runs)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(nameArb, fc.constantFrom('pass', 'fail', 'unknown')), { maxLength: 30 }),
        layoutArb,
        (entries, layout) => {
          const names = entries.map(([n]) => n)
          const literals = names.map((n, i) => literalOf(n, layout.escapeAll[i] === true))
          const list = namesOf(`{"Pod":${POD},"NodeNames":[${literals.join(`,${layout.space}`)}]}`)
          const at = (outcome: string): number[] =>
            entries.flatMap(([, o], i) => (o === outcome ? [i] : []))
          const reasonsFor = (indices: number[]) => ({
            indices,
            reasons: indices.map((i) => `reason ${i % 3}`),
          })
          const filter = JSON.parse(
            Buffer.from(
              encodeNamesFilterResult(
                list,
                at('pass'),
                reasonsFor(at('unknown')),
                reasonsFor(at('fail'))
              )
            ).toString('utf8')
          ) as Record<string, unknown>
          const mapOf = (indices: number[]) =>
            Object.fromEntries(indices.map((i) => [names[i], `reason ${i % 3}`]))
          expect(filter).toEqual({
            Nodes: null,
            NodeNames: at('pass').map((i) => names[i]),
            FailedNodes: mapOf(at('unknown')),
            FailedAndUnresolvableNodes: mapOf(at('fail')),
            Error: '',
          })
          const scores = names.map((_, i) => i % 11)
          const order = names.map((_, i) => names.length - 1 - i)
          const prioritize = JSON.parse(
            Buffer.from(encodeNamesHostPriorityList(list, order, scores)).toString('utf8')
          ) as unknown
          expect(prioritize).toEqual(order.map((i, k) => ({ Host: names[i], Score: scores[k] })))
        }
      ),
      { seed: SEED + 1, numRuns: 1000 }
    )
  })

  it('writes every score it is given, in request order when no order is given, even scores normalisation rules out (500 runs)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.stringMatching(/^[a-z0-9]([-a-z0-9.]{0,60}[a-z0-9])?$/),
            fc.oneof(fc.integer({ min: 0, max: 10 }), fc.integer(), fc.constant(-2147483648))
          ),
          { minLength: 1, maxLength: 60 }
        ),
        (entries) => {
          const names = entries.map(([n]) => n)
          const scores = entries.map(([, s]) => s)
          const list = namesOf(`{"Pod":${POD},"NodeNames":${JSON.stringify(names)}}`)
          const reply = JSON.parse(
            Buffer.from(encodeNamesHostPriorityList(list, null, scores)).toString('utf8')
          ) as unknown
          expect(reply).toEqual(names.map((Host, i) => ({ Host, Score: scores[i] })))
        }
      ),
      { seed: SEED + 2, numRuns: 500 }
    )
  })

  it('writes a 5000-name filter reply whose reasons alternate late in the list into its first buffer, not one grown for nothing', () => {
    const names = Array.from(
      { length: 5000 },
      (_, i) => `gke-prod-europe-west1-general-pool-1a2b3c4d-${i.toString(36).padStart(4, '0')}`
    )
    const list = namesOf(`{"Pod":${POD},"NodeNames":${JSON.stringify(names)}}`)
    const positions = names.map((_, i) => i)
    const rejected = positions.filter((i) => i % 5 < 2)
    const reasons = rejected.map((i) =>
      i % 50 === 0 ? 'node(s) were unschedulable' : 'node(s) had untolerated taint(s)'
    )
    const reply = encodeNamesFilterResult(
      list,
      positions.filter((i) => i % 5 >= 2),
      { indices: [], reasons: [] },
      { indices: rejected, reasons }
    )
    const parsed = JSON.parse(Buffer.from(reply).toString('utf8')) as {
      FailedAndUnresolvableNodes: Record<string, string>
    }
    expect(Object.keys(parsed.FailedAndUnresolvableNodes)).toHaveLength(rejected.length)
    expect(reply.buffer.byteLength).toBeLessThan(2 * reply.length)
  })

  it('grows its reply for scores whose text is longer than any normalised score, at every length up to 300 names', () => {
    for (let count = 1; count <= 300; count++) {
      const names = Array.from({ length: count }, (_, i) => `node-${i}`)
      const scores = names.map((_, i) => (i % 2 === 0 ? -2147483648 : 2147483647))
      const list = namesOf(`{"Pod":${POD},"NodeNames":${JSON.stringify(names)}}`)
      const reply = JSON.parse(
        Buffer.from(encodeNamesHostPriorityList(list, null, scores)).toString('utf8')
      ) as unknown
      expect(reply).toEqual(names.map((Host, i) => ({ Host, Score: scores[i] })))
    }
  })
})
