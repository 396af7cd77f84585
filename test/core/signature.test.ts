import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Toleration } from '../../src/core/index.js'
import { tolerationSetSignature } from '../../src/core/index.js'
import { toleration, type TolerationSpec } from './builders.js'
import { SEED } from '../property/field-arbitraries.js'

const sig = (...specs: TolerationSpec[]) => tolerationSetSignature(specs.map((s) => toleration(s)))

const A: TolerationSpec = {
  key: 'dedicated',
  operator: 'Equal',
  value: 'gpu',
  effect: 'NoSchedule',
}
const B: TolerationSpec = { key: 'sla', operator: 'Gt', value: '100' }
const C: TolerationSpec = { operator: 'Exists', effect: 'NoExecute' }

describe('tolerationSetSignature', () => {
  it('does not depend on the order of the tolerations', () => {
    const expected = sig(A, B, C)
    for (const order of [
      [A, C, B],
      [B, A, C],
      [B, C, A],
      [C, A, B],
      [C, B, A],
    ]) {
      expect(sig(...order)).toBe(expected)
    }
  })

  it('ignores tolerationSeconds', () => {
    const base = sig({ ...A, effect: 'NoExecute' })
    expect(sig({ ...A, effect: 'NoExecute', tolerationSeconds: 0n })).toBe(base)
    expect(sig({ ...A, effect: 'NoExecute', tolerationSeconds: 3600n })).toBe(base)
    expect(sig({ ...A, effect: 'NoExecute', tolerationSeconds: -1n })).toBe(base)
  })

  it.each([
    ['key', { ...A, key: 'dedicated2' }],
    ['key (empty)', { ...A, key: '' }],
    ['operator', { ...A, operator: 'Exists' }],
    ['operator (omitted instead of Equal)', { ...A, operator: '' }],
    ['operator (case)', { ...A, operator: 'equal' }],
    ['value', { ...A, value: 'cpu' }],
    ['value (empty)', { ...A, value: '' }],
    ['effect', { ...A, effect: 'NoExecute' }],
    ['effect (empty)', { ...A, effect: '' }],
  ] as const)('tells apart sets that differ only in %s', (_field, changed) => {
    expect(sig(changed, B)).not.toBe(sig(A, B))
  })

  it('tells the empty set apart from a set holding one all-empty toleration', () => {
    expect(sig()).not.toBe(sig({}))
  })

  it('tells a set apart from a larger set containing it', () => {
    expect(sig(A)).not.toBe(sig(A, B))
  })

  it('tells {A, B} apart from {A, A}', () => {
    expect(sig(A, B)).not.toBe(sig(A, A))
  })

  it('gives the same answer for the same set twice', () => {
    expect(sig(A, B)).toBe(sig(A, B))
  })

  it.each([
    ['a key holding a field separator', { key: 'a,b' }, { key: 'a', operator: 'b' }],
    [
      'a comma in one field that lines up with the next field',
      { key: 'a,b', value: 'v' },
      { key: 'a', operator: 'b', value: ',v' },
    ],
    [
      'fields that only differ in where one ends and the next begins',
      { key: 'ab', operator: 'Exists' },
      { key: 'a', operator: 'bExists' },
    ],
    [
      'a value holding a double quote',
      { key: 'k', value: 'a"', effect: 'NoSchedule' },
      { key: 'k', value: 'a', effect: '"NoSchedule' },
    ],
    [
      'a value holding a JSON-looking field boundary',
      { key: 'k', value: 'v","NoSchedule' },
      { key: 'k', value: 'v', effect: 'NoSchedule' },
    ],
    [
      'a value holding a backslash before a quote',
      { key: 'k', value: 'v\\', effect: '"x' },
      { key: 'k', value: 'v\\"', effect: 'x' },
    ],
  ] as const)('cannot be fooled by %s', (_what, one, other) => {
    expect(sig(one)).not.toBe(sig(other))
  })

  it('cannot be fooled by a value holding a newline and a second serialised toleration', () => {
    const two = [toleration({ key: 'a' }), toleration({ key: 'b' })]
    const smuggled = [toleration({ key: 'a","","",""]\n["b' })]
    const alsoSmuggled = [toleration({ key: 'a', value: '\n', effect: '\n' })]
    // What a comma-joined, newline-separated serialisation would give for `two`.
    const commaSmuggled = [toleration({ key: 'a,,,\nb' })]
    const signatures = new Set([
      tolerationSetSignature(two),
      tolerationSetSignature(smuggled),
      tolerationSetSignature(alsoSmuggled),
      tolerationSetSignature(commaSmuggled),
      tolerationSetSignature([toleration({ key: 'a' })]),
      tolerationSetSignature([toleration({ key: 'a\nb' })]),
    ])
    expect(signatures.size).toBe(6)
  })

  it('cannot be fooled by one toleration whose value contains another toleration', () => {
    const a = toleration({ key: 'a', operator: 'Exists' })
    const b = toleration({ key: 'b', operator: 'Exists' })
    const joined = tolerationSetSignature([a, b])
    // Whatever the serialisation, a single toleration carrying it in a field is not the pair.
    for (const field of ['key', 'operator', 'value', 'effect'] as const) {
      expect(tolerationSetSignature([toleration({ [field]: joined })])).not.toBe(joined)
    }
  })

  describe('over random sets built from awkward characters', () => {
    const piece = fc.constantFrom('', 'a', 'b', ',', '"', '\\', '\n', '[', ']', ':', '=', ' ')
    const field = fc.array(piece, { maxLength: 4 }).map((parts) => parts.join(''))
    const tolerationArb = fc
      .record({
        key: field,
        operator: fc.oneof(field, fc.constantFrom('Equal', 'Exists', 'Gt', 'Lt')),
        value: field,
        effect: field,
        tolerationSeconds: fc.option(fc.bigInt({ min: -10n, max: 10n }), { nil: null }),
      })
      .map((spec): Toleration => toleration(spec))
    const setArb = fc.array(tolerationArb, { maxLength: 4 })

    /** The set as a sorted list of its matching-relevant 4-tuples: what must decide equality. */
    const canonical = (set: readonly Toleration[]) =>
      set
        .map((t) => [t.key, t.operator, t.value, t.effect] as const)
        .sort((x, y) => {
          for (let i = 0; i < 4; i++) {
            const a = x[i] as string
            const b = y[i] as string
            if (a !== b) return a < b ? -1 : 1
          }
          return 0
        })

    it('is the same for every permutation of a set', () => {
      fc.assert(
        fc.property(
          setArb.chain((set) =>
            fc.tuple(fc.constant(set), fc.shuffledSubarray(set, { minLength: set.length }))
          ),
          ([set, shuffled]) => {
            expect(tolerationSetSignature(shuffled)).toBe(tolerationSetSignature(set))
          }
        ),
        { seed: SEED, numRuns: 500 }
      )
    })

    it('is the same when only tolerationSeconds change', () => {
      fc.assert(
        fc.property(
          setArb,
          fc.option(fc.bigInt({ min: -10n, max: 10n }), { nil: null }),
          (set, s) => {
            const reseconded = set.map((t) => ({ ...t, tolerationSeconds: s }))
            expect(tolerationSetSignature(reseconded)).toBe(tolerationSetSignature(set))
          }
        ),
        { seed: SEED, numRuns: 500 }
      )
    })

    it('is equal for two sets exactly when their key/operator/value/effect tuples are', () => {
      fc.assert(
        fc.property(setArb, setArb, (x, y) => {
          const sameTuples = JSON.stringify(canonical(x)) === JSON.stringify(canonical(y))
          expect(tolerationSetSignature(x) === tolerationSetSignature(y)).toBe(sameTuples)
        }),
        { seed: SEED, numRuns: 2000 }
      )
    })
  })
})
