import { describe, expect, it } from 'vitest'
import type { RunResult } from '../../bench/scheduler/one-run.js'
import { ratiosOf, summaryTable } from '../../bench/scheduler/scheduler-report.js'

const run = (config: string, podsPerSecond: number, round = 1): RunResult => ({
  config,
  podsPerSecond,
  round,
  nodes: 500,
  pods: 100,
  startSeconds: 1,
  seconds: 99 / podsPerSecond,
  cpuMsPerPod: {},
  attempts: { scheduled: 100 },
  loadAverage: 1,
  problem: null,
})

/** One round, each rate chosen so that every ratio is distinct. */
const ROUND = [
  run('no extender', 200),
  run('no-op, filter+prioritize', 100),
  run('no-op, filter only', 160),
  run('extender, filter+prioritize', 90),
  run('extender, filter only', 152),
]

describe("the scheduler bench's ratios", () => {
  it.each([
    ['no extender', 1, null],
    ['no-op, filter+prioritize', 0.5, null],
    ['no-op, filter only', 0.8, null],
    ['extender, filter+prioritize', 0.45, 0.9],
    ['extender, filter only', 0.76, 0.95],
  ])(
    '%s is divided by the no-extender rate of its round and, for this extender, by the no-op with the same verbs',
    (config, toNone, toNoOp) => {
      const subject = ROUND.find((r) => r.config === config)
      if (subject === undefined) throw new Error(config)
      const ratios = ratiosOf(subject, ROUND)
      expect(ratios.toNone).toBeCloseTo(toNone, 10)
      if (toNoOp === null) expect(ratios.toNoOp).toBeNull()
      else expect(ratios.toNoOp).toBeCloseTo(toNoOp, 10)
    }
  )

  it('gives each ratio over the rounds as the range of the ratios within each round, not of the rates', () => {
    // Round 2 is twice as fast throughout: every ratio stays, only the rates move.
    const second = ROUND.map((r) => run(r.config, r.podsPerSecond * 2, 2))
    const row = summaryTable([ROUND, second])
      .split('\n')
      .find((line) => line.startsWith('extender, filter only'))
    expect(row?.split(/\s{2,}/)).toEqual(['extender, filter only', '152–304', '0.76', '0.95'])
  })
})
