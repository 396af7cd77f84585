import { describe, expect, it } from 'vitest'
import {
  formatRequirement,
  labelSelectorMatches,
  labelSelectorProblem,
  parseGoInt64,
  requirementProblem,
  type LabelRequirement,
} from '../../src/placement/index.js'

/**
 * apimachinery's `NewRequirement` checks and `LabelSelectorAsSelector`, as the tools and the
 * endpoint apply them to what a pod's affinity holds.
 */

const r = (key: string, operator: string, ...values: string[]): LabelRequirement => ({
  key,
  operator,
  values,
})

describe('requirementProblem, as NewRequirement refuses a requirement', () => {
  it.each([
    ['an empty key', r('', 'Exists'), 'key is empty'],
    ['a key that is not a label key', r('a b', 'Exists'), 'key "a b" is not a valid label key'],
    ['In without values', r('a', 'In'), 'operator In needs at least one value'],
    ['NotIn without values', r('a', 'NotIn'), 'operator NotIn needs at least one value'],
    ['Exists with a value', r('a', 'Exists', 'x'), 'operator Exists takes no values'],
    [
      'DoesNotExist with a value',
      r('a', 'DoesNotExist', 'x'),
      'operator DoesNotExist takes no values',
    ],
    ['Gt with two values', r('a', 'Gt', '1', '2'), 'operator Gt takes exactly one value'],
    ['Lt with a decimal', r('a', 'Lt', '1.5'), 'operator Lt needs an integer value, not "1.5"'],
    [
      'an operator in the wrong case',
      r('a', 'in', 'x'),
      'unknown operator "in" (In, NotIn, Exists, DoesNotExist, Gt, Lt)',
    ],
    [
      'a value that is not a label value',
      r('a', 'In', 'x y'),
      'value "x y" is not a valid label value',
    ],
  ])('refuses %s', (_name, requirement, problem) => {
    expect(requirementProblem(requirement)).toBe(problem)
  })

  it.each([
    ['In with the empty value', r('a', 'In', '')],
    ['Gt with leading zeros, which strconv.ParseInt reads', r('a', 'Gt', '007')],
    ['Lt with int64 max', r('a', 'Lt', '9223372036854775807')],
    ['a prefixed key', r('example.com/a', 'Exists')],
  ])('accepts %s', (_name, requirement) => {
    expect(requirementProblem(requirement)).toBeNull()
  })
})

describe('label selectors', () => {
  it('refuses Gt and Lt, which only node selector requirements know', () => {
    expect(labelSelectorProblem({ matchLabels: {}, matchExpressions: [r('a', 'Gt', '1')] })).toBe(
      'matchExpressions[0]: "Gt" is not a valid label selector operator'
    )
  })

  it('selects nothing when null and everything when empty', () => {
    expect(labelSelectorMatches(null, { a: 'b' })).toBe(false)
    expect(labelSelectorMatches({ matchLabels: {}, matchExpressions: [] }, {})).toBe(true)
  })

  it('ANDs matchLabels with matchExpressions', () => {
    const selector = { matchLabels: { app: 'web' }, matchExpressions: [r('tier', 'NotIn', 'db')] }
    expect(labelSelectorMatches(selector, { app: 'web', tier: 'front' })).toBe(true)
    expect(labelSelectorMatches(selector, { app: 'web', tier: 'db' })).toBe(false)
    expect(labelSelectorMatches(selector, { tier: 'front' })).toBe(false)
  })
})

describe('parseGoInt64, as strconv.ParseInt(s, 10, 64)', () => {
  it.each([
    ['007', 7n],
    ['+5', 5n],
    ['-0', 0n],
    ['9223372036854775807', 9223372036854775807n],
    ['9223372036854775808', null],
    ['', null],
    [' 1', null],
    ['1e3', null],
    ['0x10', null],
  ])('reads %j as %s', (text, value) => {
    expect(parseGoInt64(text)).toBe(value)
  })
})

describe('formatRequirement', () => {
  it('writes each operator as a selector string shows it', () => {
    expect(
      [
        r('a', 'In', 'x', 'y'),
        r('a', 'NotIn', 'x'),
        r('a', 'Exists'),
        r('a', 'DoesNotExist'),
        r('a', 'Gt', '3'),
        r('a', 'Lt', '3'),
      ].map(formatRequirement)
    ).toEqual(['a in (x,y)', 'a notin (x)', 'a', '!a', 'a>3', 'a<3'])
  })
})
