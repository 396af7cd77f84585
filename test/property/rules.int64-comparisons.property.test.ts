import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { RuleOptions, Taint, Toleration } from '../../src/core/index.js'
import { CompiledTolerations, toleratesTaint } from '../../src/core/index.js'
import { INT64_MAX, INT64_MIN, SEED, valueArb } from './field-arbitraries.js'
import { compiledTaint } from './rule-outcomes.js'
import { neighbourOf } from './taint-arbitraries.js'

/** Upstream's grammar and range, written as plainly as possible: the model, not the code. */
function modelInt64(s: string): bigint | null {
  if (!/^(?:0|-?[1-9][0-9]*)$/.test(s)) return null
  const v = BigInt(s)
  return v < INT64_MIN || v > INT64_MAX ? null : v
}

describe('Lt and Gt compare the taint value against the toleration value as int64', () => {
  it('in both implementations, as a BigInt model says (2000 pairs)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('Lt', 'Gt'),
        // The taint value is often the threshold itself or a neighbour: equality and ±1 matter.
        valueArb.chain((v) =>
          fc.tuple(fc.constant(v), fc.oneof(valueArb, neighbourOf(v), neighbourOf(v)))
        ),
        fc.constantFrom('', 'NoSchedule'),
        fc.constantFrom('', 'k'),
        (operator, [tolerationValue, taintValue], tolerationEffect, tolerationKey) => {
          const options: RuleOptions = { comparisonOperators: true }
          const toleration: Toleration = {
            key: tolerationKey,
            operator,
            value: tolerationValue,
            effect: tolerationEffect,
            tolerationSeconds: null,
          }
          const taint: Taint = { key: 'k', value: taintValue, effect: 'NoSchedule' }
          const threshold = modelInt64(tolerationValue)
          const observed = modelInt64(taintValue)
          const expected =
            threshold !== null &&
            observed !== null &&
            (operator === 'Lt' ? observed < threshold : observed > threshold)
          expect(toleratesTaint(toleration, taint, options)).toBe(expected)
          expect(
            new CompiledTolerations([toleration], options).tolerates(compiledTaint(taint))
          ).toBe(expected)
        }
      ),
      { seed: SEED + 4, numRuns: 2000 }
    )
  })

  it('folding several thresholds of one key keeps the union of what each accepts (1000 cases)', () => {
    const options: RuleOptions = { comparisonOperators: true }
    const numericToleration = fc.record({
      key: fc.constant('k'),
      operator: fc.constantFrom('Lt', 'Gt', 'Equal'),
      value: valueArb,
      effect: fc.constantFrom('', 'PreferNoSchedule'),
      tolerationSeconds: fc.constant(null),
    })
    fc.assert(
      fc.property(
        fc.array(numericToleration, { minLength: 2, maxLength: 6 }),
        fc.array(valueArb, { minLength: 1, maxLength: 6 }),
        (tolerations, values) => {
          const pod = new CompiledTolerations(tolerations, options)
          for (const value of values) {
            const taint: Taint = { key: 'k', value, effect: 'PreferNoSchedule' }
            const expected = tolerations.some((t) => toleratesTaint(t, taint, options))
            expect(pod.tolerates(compiledTaint(taint))).toBe(expected)
          }
        }
      ),
      { seed: SEED + 5, numRuns: 1000 }
    )
  })
})
