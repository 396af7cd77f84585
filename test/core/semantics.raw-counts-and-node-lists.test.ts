import { describe, expect, it } from 'vitest'
import type { NodeTaintsAt, RuleOptions } from '../../src/core/index.js'
import {
  compileNode,
  CompiledTolerations,
  referenceCountIntolerablePreferNoSchedule,
  REASON_UNSCHEDULABLE,
  REASON_UNTOLERATED_TAINT,
} from '../../src/core/index.js'
import { filterNodes, scoreNodes } from '../support/node-list-rules.js'
import { node, toleration } from './builders.js'

// Normalisation hides a count that is off by a constant factor; pin the raw counts too.
describe('raw count of untolerated PreferNoSchedule taints', () => {
  const options: RuleOptions = { comparisonOperators: true }
  const tolerations = [
    toleration({ key: 'a', operator: 'Exists', effect: 'PreferNoSchedule' }),
    toleration({ key: 'sla', operator: 'Lt', value: '100' }),
  ]
  const cases: [string, NodeTaintsAt, number][] = [
    ['no taints', node('n'), 0],
    [
      'only tolerated ones',
      node('n', { taints: ['a=1:PreferNoSchedule', 'sla=5:PreferNoSchedule'] }),
      0,
    ],
    ['one untolerated', node('n', { taints: ['b:PreferNoSchedule', 'a:PreferNoSchedule'] }), 1],
    [
      'a duplicate counted twice',
      node('n', { taints: ['b:PreferNoSchedule', 'b:PreferNoSchedule'] }),
      2,
    ],
    [
      'hard and unknown-effect taints not counted',
      node('n', {
        taints: ['b:NoSchedule', 'b:NoExecute', 'b:Custom', 'sla=500:PreferNoSchedule'],
      }),
      1,
    ],
    [
      'three untolerated among five',
      node('n', {
        taints: [
          'x:PreferNoSchedule',
          'a:PreferNoSchedule',
          'y=1:PreferNoSchedule',
          'sla=100:PreferNoSchedule',
          'sla=99:PreferNoSchedule',
        ],
      }),
      3,
    ],
  ]
  const pod = new CompiledTolerations(tolerations, options)

  it.each(cases)('is right for a node with %s (reference)', (_what, target, expected) => {
    expect(referenceCountIntolerablePreferNoSchedule(tolerations, target, options)).toBe(expected)
  })

  it.each(cases)('is right for a node with %s (compiled)', (_what, target, expected) => {
    expect(pod.countIntolerablePreferNoSchedule(compileNode(target))).toBe(expected)
  })
})

describe('filterNodes over several nodes at once', () => {
  const options: RuleOptions = { comparisonOperators: true }
  const pod = new CompiledTolerations(
    [
      toleration({ key: 'dedicated', operator: 'Equal', value: 'user1', effect: 'NoSchedule' }),
      toleration({ key: 'sla', operator: 'Gt', value: '100' }),
    ],
    options
  )
  const nodes = [
    node('fits', { taints: ['dedicated=user1:NoSchedule'] }),
    node('cordoned', { unschedulable: true }),
    node('other-user', { taints: ['dedicated=user2:NoSchedule'] }),
    node('bare'),
    node('low-sla', { taints: ['sla=50:NoExecute'] }),
    node('high-sla', { taints: ['sla=500:NoExecute', 'x:PreferNoSchedule'] }),
  ].map((n) => compileNode(n))

  it('keeps input indices for passing nodes and indices and reasons for rejected ones, in order', () => {
    expect(filterNodes(pod, nodes)).toEqual({
      passingIndices: [0, 3, 5],
      rejectedIndices: [1, 2, 4],
      rejectedReasons: [REASON_UNSCHEDULABLE, REASON_UNTOLERATED_TAINT, REASON_UNTOLERATED_TAINT],
    })
  })

  it('returns empty lists for an empty candidate list', () => {
    expect(filterNodes(pod, [])).toEqual({
      passingIndices: [],
      rejectedIndices: [],
      rejectedReasons: [],
    })
  })

  it('scores an empty candidate list as an empty Int32Array', () => {
    const scores = scoreNodes(pod, [])
    expect(scores).toBeInstanceOf(Int32Array)
    expect(scores.length).toBe(0)
  })
})

describe('a compiled toleration set reused across rows', () => {
  it('answers each node on its own, whatever it answered for the previous one', () => {
    const options: RuleOptions = { comparisonOperators: false }
    const pod = new CompiledTolerations([toleration({ key: 'a', operator: 'Exists' })], options)
    expect(pod.filterNode(compileNode(node('n1', { taints: ['b:NoSchedule'] })))).toBe(
      REASON_UNTOLERATED_TAINT
    )
    expect(pod.filterNode(compileNode(node('n2', { taints: ['a:NoSchedule'] })))).toBeNull()
    expect(pod.filterNode(compileNode(node('n3', { taints: ['b:NoSchedule'] })))).toBe(
      REASON_UNTOLERATED_TAINT
    )
  })
})
