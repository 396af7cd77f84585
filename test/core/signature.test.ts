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

  it('tells apart sets that differ only in tolerationSeconds, which the eviction rule reads', () => {
    const signatures = new Set(
      [null, 0n, -1n, 3600n].map((tolerationSeconds) =>
        sig({ ...A, effect: 'NoExecute', tolerationSeconds })
      )
    )
    expect(signatures.size).toBe(4)
  })

  it('keeps the order of a set whose toleration bounds a NoExecute stay: the first match counts', () => {
    const bounded: TolerationSpec = { key: 'a', operator: 'Exists', tolerationSeconds: 600n }
    const forever: TolerationSpec = { operator: 'Exists', effect: 'NoExecute' }
    expect(sig(bounded, forever)).not.toBe(sig(forever, bounded))
    // tolerationSeconds on a NoSchedule toleration bounds nothing: order is ignored again.
    const noSchedule: TolerationSpec = { ...bounded, effect: 'NoSchedule' }
    expect(sig(noSchedule, forever)).toBe(sig(forever, noSchedule))
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

    /** Whether the eviction rule may read the set's order (boundsNoExecuteStay). */
    const ordered = (set: readonly Toleration[]) =>
      set.some((t) => t.tolerationSeconds !== null && (t.effect === '' || t.effect === 'NoExecute'))

    /**
     * What must decide equality: the 5-tuples the rules read (tolerationSeconds included), as a
     * sorted list, or in the set's own order when the eviction rule reads it.
     */
    const canonical = (set: readonly Toleration[]) => {
      const tuples = set.map((t) => [
        t.key,
        t.operator,
        t.value,
        t.effect,
        t.tolerationSeconds?.toString() ?? '',
        t.tolerationSeconds === null ? '0' : '1',
      ])
      if (ordered(set)) return ['ordered', ...tuples]
      return tuples.sort((x, y) => {
        for (let i = 0; i < x.length; i++) {
          const a = x[i] as string
          const b = y[i] as string
          if (a !== b) return a < b ? -1 : 1
        }
        return 0
      })
    }

    it('is the same for every permutation of a set that bounds no NoExecute stay', () => {
      fc.assert(
        fc.property(
          setArb
            .filter((set) => !ordered(set))
            .chain((set) =>
              fc.tuple(fc.constant(set), fc.shuffledSubarray(set, { minLength: set.length }))
            ),
          ([set, shuffled]) => {
            expect(tolerationSetSignature(shuffled)).toBe(tolerationSetSignature(set))
          }
        ),
        { seed: SEED, numRuns: 500 }
      )
    })

    it('is equal for two sets exactly when what the rules read of them is', () => {
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
