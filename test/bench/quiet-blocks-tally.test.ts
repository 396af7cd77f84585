import { describe, expect, it } from 'vitest'
import type { SavedScenario } from '../../bench/saved-run.js'
import type { CallsBySteal } from '../../bench/steal-windows.js'
import { quietBlocksTallyOf, runTallyOf } from '../../bench/target-standing.js'
import { run, scenario } from './saved-run-fixtures.js'

/** Ten blocks of 200 calls, `quietBlocks` of them without steal, their calls' p99 `p99Ms`. */
function bySteal(quietBlocks: number, p99Ms: number | null): CallsBySteal {
  return {
    quiet: { windows: quietBlocks, calls: quietBlocks * 200, p99Ms, slow: 0 },
    stolen: { windows: 10 - quietBlocks, calls: (10 - quietBlocks) * 200, p99Ms: 6, slow: 40 },
  }
}

/** A 5000-name scenario whose whole p99 was 4.8 ms, the host having taken CPU in some blocks. */
function noisy(blocks: CallsBySteal | null | undefined): SavedScenario {
  const extender = { p50Us: 900, p99Us: 4800, ...(blocks === undefined ? {} : { bySteal: blocks }) }
  return scenario({ mode: 'names', size: 5000, extender })
}

describe('quietBlocksTallyOf', () => {
  it('judges a 5000-name scenario on the p99 of its blocks without steal, not on its whole p99', () => {
    const tally = quietBlocksTallyOf([run([noisy(bySteal(7, 1.42)), noisy(bySteal(4, 2.3))])])
    expect(tally).toEqual({
      met: 1,
      scenarios: 2,
      p99Ms: [1.42, 2.3],
      noQuietBlock: 0,
      unread: 0,
    })
  })

  it('holds a p99 of exactly 2 ms in the quiet blocks to miss, as the target is under 2 ms', () => {
    expect(quietBlocksTallyOf([run([noisy(bySteal(10, 2))])]).met).toBe(0)
  })

  it('sets apart, unjudged, a scenario with steal in every block and one saved before blocks were read or without /proc', () => {
    const tally = quietBlocksTallyOf([
      run([noisy(bySteal(0, null)), noisy(undefined), noisy(null), noisy(bySteal(9, 1.1))]),
    ])
    expect(tally).toEqual({ met: 1, scenarios: 1, p99Ms: [1.1, 1.1], noQuietBlock: 1, unread: 2 })
  })

  it('reads only the 5000-name node-cache scenarios, over every run given', () => {
    const other = (mode: string, size: number) =>
      scenario({ mode, size, extender: { p50Us: 1, p99Us: 1, bySteal: bySteal(10, 1) } })
    const tally = quietBlocksTallyOf([
      run([other('names', 500), other('full', 5000), noisy(bySteal(5, 1.9))]),
      run([other('names', 15000), noisy(bySteal(6, 1.6))]),
    ])
    expect(tally).toMatchObject({ met: 2, scenarios: 2, p99Ms: [1.6, 1.9] })
  })

  it("is given per run by runTallyOf beside that run's whole-scenario tally", () => {
    const tally = runTallyOf(run([noisy(bySteal(8, 1.3)), noisy(bySteal(2, 2.7))]))
    expect(tally).toMatchObject({
      met: 0,
      scenarios: 2,
      quietBlocks: { met: 1, scenarios: 2, p99Ms: [1.3, 2.7] },
    })
  })
})
