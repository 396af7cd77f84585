import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { NodeTaintsAt, RuleOptions, Toleration } from '../../src/core/index.js'
import {
  compileNode,
  CompiledTolerations,
  referenceCountIntolerablePreferNoSchedule,
  referenceFilterNode,
  tolerationsTolerateTaint,
} from '../../src/core/index.js'
import { scoreNodes } from '../support/node-list-rules.js'
import { node, toleration } from './builders.js'
import { SEED } from '../property/field-arbitraries.js'
import { referenceRules } from './semantics/reference-rules.js'

// A differential check beyond the table: random tolerations and nodes from small alphabets that
// hit every branch (empty keys, unknown operators and effects, numeric edge values), and both
// implementations must give the same answers. The table (semantics.test.ts) is what pins them to
// upstream.
describe('compiled rules agree with the reference rules on random inputs', () => {
  const keys = ['', 'a', 'b', 'node.kubernetes.io/unschedulable']
  const operators = ['', 'Equal', 'Exists', 'Lt', 'Gt', 'exists', 'Ge']
  const values = [
    '',
    'x',
    '0',
    '1',
    '-1',
    '5',
    '01',
    '+5',
    '9223372036854775807',
    '9223372036854775808',
  ]
  const effects = ['', 'NoSchedule', 'NoExecute', 'PreferNoSchedule', 'Custom']

  const tolerationArb = fc
    .record({
      key: fc.constantFrom(...keys),
      operator: fc.constantFrom(...operators),
      value: fc.constantFrom(...values),
      effect: fc.constantFrom(...effects),
    })
    .map((spec): Toleration => toleration(spec))
  const taintArb = fc.record({
    key: fc.constantFrom(...keys),
    value: fc.constantFrom(...values),
    effect: fc.constantFrom(...effects),
  })
  const nodeArb = fc
    .record({ unschedulable: fc.boolean(), taints: fc.array(taintArb, { maxLength: 5 }) })
    .map((spec): NodeTaintsAt => node('n', spec))
  const optionsArb = fc.boolean().map((on): RuleOptions => ({ comparisonOperators: on }))

  it('for tolerates, filter and raw counts', () => {
    fc.assert(
      fc.property(
        fc.array(tolerationArb, { maxLength: 5 }),
        fc.array(nodeArb, { minLength: 1, maxLength: 4 }),
        optionsArb,
        (tolerations, nodes, options) => {
          const pod = new CompiledTolerations(tolerations, options)
          for (const n of nodes) {
            const compiled = compileNode(n)
            expect(pod.filterNode(compiled)).toBe(referenceFilterNode(tolerations, n, options))
            expect(pod.countIntolerablePreferNoSchedule(compiled)).toBe(
              referenceCountIntolerablePreferNoSchedule(tolerations, n, options)
            )
            for (const t of compiled.taints) {
              expect(pod.tolerates(t)).toBe(tolerationsTolerateTaint(tolerations, t, options))
            }
          }
          expect([
            ...scoreNodes(
              pod,
              nodes.map((n) => compileNode(n))
            ),
          ]).toEqual(referenceRules.scores(tolerations, nodes, options))
        }
      ),
      { seed: SEED, numRuns: 2000 }
    )
  })
})
