import { describe, expect, it } from 'vitest'
import {
  compileNode,
  CompiledTolerations,
  FilterVerdicts,
  IntList,
  judgeProfiles,
  REASON_UNSCHEDULABLE,
  REASON_UNTOLERATED_TAINT,
  scoreProfiles,
  type TaintProfile,
} from '../../src/core/index.js'
import { TaintProfiles } from '../../src/node-index/index.js'
import { node, toleration } from './builders.js'

/**
 * The node-cache path refills the same lists request after request (see VerbScratch). Each
 * refill must hold exactly the new request's answer: nothing left over from a longer one.
 */

describe('IntList', () => {
  it('keeps every item in order as it grows past its first capacity', () => {
    const list = new IntList(2)
    for (let i = 0; i < 100; i++) list.push(i * 7 - 50)
    expect(list.length).toBe(100)
    expect(Array.from(list.view())).toEqual(Array.from({ length: 100 }, (_, i) => i * 7 - 50))
    expect(list.at(99)).toBe(643)
  })

  it('holds only what was pushed since it was last cleared', () => {
    const list = new IntList(4)
    for (let i = 0; i < 10; i++) list.push(i)
    list.clear()
    list.push(42)
    expect(list.length).toBe(1)
    expect(Array.from(list.view())).toEqual([42])
  })

  it('keeps int32 values whole, the name hashes among them', () => {
    const list = new IntList(1)
    for (const value of [-(2 ** 31), 2 ** 31 - 1, -1, 0]) list.push(value)
    expect(Array.from(list.view())).toEqual([-(2 ** 31), 2 ** 31 - 1, -1, 0])
  })

  it.each([0, -1, 2.5, Number.NaN])('refuses a capacity of %s', (capacity) => {
    expect(() => new IntList(capacity)).toThrow('IntList capacity must be a whole number >= 1')
  })
})

describe('judgeProfiles and scoreProfiles into reused outputs', () => {
  const profiles = new TaintProfiles()
  const compiled = (name: string, taints: string[], unschedulable = false) =>
    compileNode(node(name, { taints, unschedulable }), undefined, profiles).profile
  const pod = new CompiledTolerations([toleration({ key: 'gpu', effect: 'NoSchedule' })], {
    comparisonOperators: true,
  })
  const many = [
    compiled('a', []),
    compiled('b', ['dedicated=db:NoSchedule']),
    compiled('c', ['gpu:NoSchedule', 'spot:PreferNoSchedule']),
    compiled('d', [], true),
    compiled('e', ['maintenance:NoExecute']),
    compiled('f', ['spot:PreferNoSchedule', 'old:PreferNoSchedule']),
  ]
  const pick = (...indices: number[]): TaintProfile[] => indices.map((i) => many[i] as TaintProfile)

  it('a verdict list refilled for a shorter candidate list holds that list only, reasons included', () => {
    const verdicts = new FilterVerdicts()
    judgeProfiles(pod, many, verdicts)
    expect(Array.from(verdicts.passing.view())).toEqual([0, 2, 5])
    expect(Array.from(verdicts.rejected.view())).toEqual([1, 3, 4])
    expect(verdicts.reasons).toEqual([
      REASON_UNTOLERATED_TAINT,
      REASON_UNSCHEDULABLE,
      REASON_UNTOLERATED_TAINT,
    ])

    judgeProfiles(pod, pick(3, 0), verdicts)
    expect(Array.from(verdicts.passing.view())).toEqual([1])
    expect(Array.from(verdicts.rejected.view())).toEqual([0])
    expect(verdicts.reasons).toEqual([REASON_UNSCHEDULABLE])

    judgeProfiles(pod, [], verdicts)
    expect(verdicts.passing.length).toBe(0)
    expect(verdicts.reasons).toEqual([])
  })

  it('scores written into a longer array fill its start, normalised over these nodes only', () => {
    const into = new Int32Array(16).fill(-7)
    const scores = scoreProfiles(pod, pick(2, 0, 5), into)
    expect(Array.from(scores)).toEqual([5, 10, 0])
    expect(scores.buffer).toBe(into.buffer)
    expect(Array.from(into.subarray(3))).toEqual(new Array(13).fill(-7))
    expect(Array.from(scoreProfiles(pod, pick(0), into))).toEqual([10])
  })

  it('scores for more nodes than the array holds go to a new array, leaving it alone', () => {
    const into = new Int32Array(2).fill(-7)
    const scores = scoreProfiles(pod, many, into)
    expect(scores).toHaveLength(many.length)
    expect(scores.buffer).not.toBe(into.buffer)
    expect(Array.from(into)).toEqual([-7, -7])
  })
})
