import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { hashNameBytes, isPlainName } from '../../src/core/index.js'
import {
  decodeExtenderArgs,
  encodeNamesFilterResult,
  encodeNamesHostPriorityList,
  ProtocolError,
  type NodeNameList,
} from '../../src/protocol/index.js'
import { SEED } from './field-arbitraries.js'

/**
 * NodeNames are read where they lie in the request (scanNodeNames) and echoed as the literals
 * received. Held here against JSON.parse and JSON.stringify: every name decodes to what
 * JSON.parse gives, plainness is exactly "needs no escape", and every reply parses back to the
 * names chosen, whatever the names hold and however the request was laid out.
 */

const POD = '{"metadata":{"name":"p"},"spec":{}}'

function namesOf(body: string): NodeNameList {
  const args = decodeExtenderArgs(Buffer.from(body, 'utf8'))
  if (args.candidates.kind !== 'names') throw new Error('expected names')
  return args.candidates.names
}

/** Names of every kind: DNS-like, any printable ASCII, any Unicode (lone surrogates too). */
const nameArb = fc.oneof(
  fc.stringMatching(/^[a-z0-9]([-a-z0-9.]{0,60}[a-z0-9])?$/),
  fc.string({ minLength: 1, maxLength: 20, unit: 'binary-ascii' }),
  fc.string({ minLength: 1, maxLength: 12, unit: 'binary' }),
  fc.string({ minLength: 1, maxLength: 12 })
)

/** A literal for `name` as some encoder might write it: minimal, or with every char \u-escaped. */
function literalOf(name: string, escapeAll: boolean): string {
  if (!escapeAll) return JSON.stringify(name)
  let out = '"'
  for (let i = 0; i < name.length; i++) {
    out += '\\u' + name.charCodeAt(i).toString(16).padStart(4, '0')
  }
  return out + '"'
}

const layoutArb = fc.record({
  space: fc.constantFrom('', ' ', '\n  ', '\t'),
  escapeAll: fc.array(fc.boolean(), { maxLength: 40 }),
  namesLast: fc.boolean(),
})

describe('NodeNames read from the request bytes', () => {
  it('decodes every name as JSON.parse does, looks up by bytes every literal without a quote after a backslash, and hashes those while scanning as hashNameBytes does (1000 runs)', () => {
    fc.assert(
      fc.property(fc.array(nameArb, { maxLength: 40 }), layoutArb, (names, layout) => {
        const s = layout.space
        const literals = names.map((n, i) => literalOf(n, layout.escapeAll[i] === true))
        const array = `[${s}${literals.join(`${s},${s}`)}${s}]`
        const body = layout.namesLast
          ? `{"Pod":${POD},${s}"NodeNames":${s}${array}${s}}`
          : `{"NodeNames":${array},"Pod":${POD}}`
        const list = namesOf(body)
        expect(list.length).toBe(names.length)
        expect(list.names()).toEqual(JSON.parse(array))
        for (let i = 0; i < names.length; i++) {
          // Only a quote right after a backslash sends a literal to the general scanner.
          const inner = (literals[i] as string).slice(1, -1)
          expect(list.hashed(i)).toBe(!inner.includes('"') && !inner.endsWith('\\'))
          if (list.hashed(i)) {
            expect(list.hash(i)).toBe(hashNameBytes(list.view, list.start(i), list.end(i)))
          }
          // Every name a plain table can hold is hashed, so found by its bytes, when sent unescaped.
          if (layout.escapeAll[i] !== true && isPlainName(names[i] as string)) {
            expect(list.hashed(i)).toBe(true)
          }
        }
      }),
      { seed: SEED, numRuns: 1000 }
    )
  })

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

  it.each([
    ['an empty name', '["a",""]', 'NodeNames[1]: expected a non-empty node name'],
    ['a number among the names', '["a",1]', 'NodeNames[1]: expected a non-empty node name'],
    ['a string instead of a list', '"a"', 'NodeNames: expected an array, got a string'],
    ['a raw tab inside a name', '["a\tb"]', 'control character in string'],
    ['a bad escape inside a name', '["a\\qb"]', 'bad escape'],
    ['a name left open at the end of the body', '["abcdefgh', 'unterminated string'],
    ['a missing comma between names', '["a" "b"]', "expected ',' or ']'"],
  ])(
    'refuses %s with a ProtocolError saying so, by the time the names are read',
    (_, names, message) => {
      const body = Buffer.from(`{"Pod":${POD},"NodeNames":${names}}`, 'utf8')
      expect(() => namesOf(body.toString('utf8')).names()).toThrow(ProtocolError)
      expect(() => namesOf(body.toString('utf8')).names()).toThrow(message)
    }
  )

  it.each([
    ['a raw tab', '"a\tb"', 'control character in string'],
    ['a raw line feed at the very end', '"ab\n"', 'control character in string'],
    ['a bad escape', '"a\\qb"', 'bad escape'],
    ['a \\u escape with a letter beyond f', '"a\\u00zz"', 'bad \\u escape'],
  ])(
    'leaves a literal with %s to be refused when its name is read, not while scanning',
    (_, literal, message) => {
      const list = namesOf(`{"Pod":${POD},"NodeNames":["ok",${literal}]}`)
      expect(list.name(0)).toBe('ok')
      expect(list.hashed(1)).toBe(true)
      expect(() => list.name(1)).toThrow(ProtocolError)
      expect(() => list.name(1)).toThrow(message)
    }
  )
})
