import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { NodeTaintsAt, RuleOptions, Taint, Toleration } from '../../src/core/index.js'
import {
  compileNode,
  CompiledTolerations,
  filterNodes,
  normalizeReversedScores,
  referenceCountIntolerablePreferNoSchedule,
  referenceFilterNode,
  REASON_UNSCHEDULABLE,
  REASON_UNTOLERATED_TAINT,
  scoreNodes,
  StringInterner,
  TaintProfiles,
  toleratesTaint,
  tolerationsTolerateTaint,
} from '../../src/core/index.js'
import { node, only, toleration } from './builders.js'
import {
  FILTER_CASES,
  PAIR_CASES,
  runSemanticsTable,
  SCORE_CASES,
  type RuleSet,
} from './semantics.case.js'

/** The readable one-pair-at-a-time rules: upstream's functions, transcribed. */
const referenceRules: RuleSet = {
  tolerates(tolerations, taint, options) {
    const viaList = tolerationsTolerateTaint(tolerations, taint, options)
    // The list helper must agree with asking each toleration on its own.
    expect(tolerations.some((t) => toleratesTaint(t, taint, options))).toBe(viaList)
    return viaList
  },
  filterNode(tolerations, target, options) {
    return referenceFilterNode(tolerations, target, options)
  },
  scores(tolerations, nodes, options) {
    const counts = nodes.map((n) =>
      referenceCountIntolerablePreferNoSchedule(tolerations, n, options)
    )
    normalizeReversedScores(counts)
    return counts
  },
}

function compiledTaint(taint: Taint) {
  return only(compileNode(node('probe', { taints: [taint] })).taints)
}

/**
 * Taint profiles shared by every row, as the index shares them across requests: a row finds
 * profiles that earlier rows (other pods) judged, and must judge them afresh.
 */
const sharedProfiles = new TaintProfiles()

/**
 * The compiled path the server uses: tolerations compiled once per row, nodes through
 * compileNode (sharing a deliberately tiny interner, so it is cleared mid-row, and the table's
 * taint profiles), then filterNodes/scoreNodes.
 */
const compiledRules: RuleSet = {
  tolerates(tolerations, taint, options) {
    return new CompiledTolerations(tolerations, options).tolerates(compiledTaint(taint))
  },
  filterNode(tolerations, target, options) {
    const pod = new CompiledTolerations(tolerations, options)
    const interner = new StringInterner(2)
    const compiled = compileNode(target, interner, sharedProfiles)
    const twin = compileNode({ ...target, name: `${target.name}-twin` }, interner, sharedProfiles)
    expect(twin.profile).toBe(compiled.profile)
    const outcome = filterNodes(pod, [compiled, twin])
    const reason = pod.filterNode(compiled)
    if (reason === null) {
      expect(outcome).toEqual({ passingIndices: [0, 1], rejectedIndices: [], rejectedReasons: [] })
    } else {
      expect(outcome).toEqual({
        passingIndices: [],
        rejectedIndices: [0, 1],
        rejectedReasons: [reason, reason],
      })
    }
    return reason
  },
  scores(tolerations, nodes, options) {
    const pod = new CompiledTolerations(tolerations, options)
    const interner = new StringInterner(2)
    return Array.from(
      scoreNodes(
        pod,
        nodes.map((n) => compileNode(n, interner, sharedProfiles))
      )
    )
  },
}

runSemanticsTable('reference rules', referenceRules)
runSemanticsTable('compiled rules', compiledRules)

describe('the semantics table', () => {
  it('has a unique name for every row of each level', () => {
    for (const rows of [PAIR_CASES, FILTER_CASES, SCORE_CASES]) {
      const names = rows.map((r) => r.name)
      expect(new Set(names).size).toBe(names.length)
    }
  })

  it('gives one expected score per node in every score row', () => {
    for (const c of SCORE_CASES) expect(c.scores.length).toBe(c.nodes.length)
  })
})

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

// A differential check beyond the table: random tolerations and nodes from small alphabets that
// hit every branch (empty keys, unknown operators and effects, numeric edge values), and both
// implementations must give the same answers. The table above is what pins them to upstream.
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
      { numRuns: 2000 }
    )
  })
})
