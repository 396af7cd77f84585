import { describe, expect, it } from 'vitest'
import type { SavedScenario } from '../../bench/saved-run.js'
import { savedRunOf } from '../../bench/saved-run.js'
import {
  hostOf,
  memoryStandingOf,
  P99_AT_5000_NAMES,
  runTallyOf,
  standingOf,
  talliedUnnamed,
  TARGETS,
  type Target,
} from '../../bench/target-standing.js'
import { run, scenario } from './saved-run-fixtures.js'

function target(prefix: string): Target {
  const found = TARGETS.find((t) => t.name.startsWith(prefix))
  if (found === undefined) throw new Error(`no target named ${prefix}…`)
  return found
}

const p99 = P99_AT_5000_NAMES
const names500Filter = target('node cache, 500 names, filter')
const fullPrioritize = target('full nodes, 500 and 5000, prioritize')

describe('standingOf', () => {
  it.each([
    ['a 5000-name p99 of exactly 2 ms misses: the target is under 2 ms', 2000, 0],
    ['a 5000-name p99 just under 2 ms meets it', 1999.9, 1],
  ])('%s', (_, p99Us, met) => {
    const standing = standingOf(p99, [
      run([scenario({ mode: 'names', size: 5000, extender: { p50Us: 900, p99Us } })]),
    ])
    expect(standing?.met).toBe(met)
  })

  it.each([
    ['a 500-name filter at 1.2× the floor is within 1.2×', names500Filter, 1.2, 1],
    ['a 500-name filter at 1.21× the floor is not', names500Filter, 1.21, 0],
    ['a full-node prioritize at exactly the floor is no slower than it', fullPrioritize, 1, 1],
    ['a full-node prioritize at 1.01× the floor is slower', fullPrioritize, 1.01, 0],
  ])('%s', (_, t, ratioP50, met) => {
    const mode = t === names500Filter ? 'names' : 'full'
    const verb = t === names500Filter ? 'filter' : 'prioritize'
    const standing = standingOf(t, [run([scenario({ mode, size: 500, verb, ratioP50 })])])
    expect(standing?.met).toBe(met)
  })

  it('judges only the scenarios a target names: not 100 full nodes, not the other verb, not 15000 names', () => {
    const standing = standingOf(fullPrioritize, [
      run([
        scenario({ mode: 'full', size: 100, verb: 'prioritize', ratioP50: 3 }),
        scenario({ mode: 'full', size: 500, verb: 'filter', ratioP50: 3 }),
        scenario({ mode: 'full', size: 5000, verb: 'prioritize', ratioP50: 0.7 }),
        scenario({ mode: 'names', size: 500, verb: 'prioritize', ratioP50: 3 }),
      ]),
    ])
    expect(standing).toMatchObject({ scenarios: 1, met: 1, min: 0.7, max: 0.7 })
  })

  it('tallies over every run given, with the range of the figure judged in milliseconds', () => {
    const at = (p99Us: number) =>
      scenario({ mode: 'names', size: 5000, extender: { p50Us: 900, p99Us } })
    const standing = standingOf(p99, [run([at(1400), at(2600)]), run([at(1900), at(3100)])])
    expect(standing).toMatchObject({ scenarios: 4, met: 2, min: 1.4, max: 3.1 })
  })

  it('sorts scenarios by what the host took: quiet when no CPU lost more than one 10 ms tick, and apart those never read', () => {
    const at = (p99Us: number, stolen: SavedScenario['stolen']) =>
      scenario({ mode: 'names', size: 5000, extender: { p50Us: 900, p99Us }, stolen })
    const neverRead = at(1500, null)
    delete (neverRead as { stolen?: unknown }).stolen
    const standing = standingOf(p99, [
      run([
        at(1500, { totalMs: 0, byCpuMs: [0, 0] }),
        at(2500, { totalMs: 20, byCpuMs: [10, 10] }),
        at(1900, { totalMs: 20, byCpuMs: [20, 0] }),
        at(4800, { totalMs: 470, byCpuMs: [270, 200] }),
        at(2100, null),
        neverRead,
      ]),
    ])
    expect(standing).toMatchObject({
      met: 3,
      scenarios: 6,
      quiet: { met: 1, scenarios: 2 },
      stolen: { met: 1, scenarios: 2 },
      unread: { met: 1, scenarios: 2 },
    })
  })

  it.each([
    ['no steal at all', [0, 0], 'quiet'],
    ['one tick on each CPU, the resolution of /proc', [10, 10], 'quiet'],
    ['two ticks on one CPU', [0, 20], 'stolen'],
  ] as const)('a scenario with %s is %s', (_, byCpuMs, host) => {
    const stolen = { totalMs: byCpuMs[0] + byCpuMs[1], byCpuMs }
    expect(hostOf(scenario({ mode: 'names', size: 5000, stolen }))).toBe(host)
  })

  it('gives nothing rather than a tally of zero when no scenario of the runs is one the target judges', () => {
    expect(standingOf(p99, [run([scenario({ mode: 'names', size: 500 })])])).toBeNull()
  })
})

describe('runTallyOf', () => {
  it("gives one run's 5000-name scenarios met, their p99 range and each one's steal in run order", () => {
    const tally = runTallyOf(
      run(
        [
          scenario({ mode: 'names', size: 5000, extender: { p50Us: 900, p99Us: 1550 } }),
          scenario({ mode: 'names', size: 500, extender: { p50Us: 200, p99Us: 9000 } }),
          scenario({
            mode: 'names',
            size: 5000,
            verb: 'prioritize',
            extender: { p50Us: 900, p99Us: 4820 },
            stolen: { totalMs: 470, byCpuMs: [230, 240] },
          }),
        ],
        { code: { commit: 'f81e5655170b1e3d49e8ee6bdb912eb26050091c' } }
      )
    )
    expect(tally).toEqual({
      commit: 'f81e565',
      met: 1,
      scenarios: 2,
      p99Ms: [1.55, 4.82],
      stolenMs: [0, 470],
      quietBlocks: { met: 0, scenarios: 0, p99Ms: null, noQuietBlock: 0, unread: 2 },
    })
  })

  it('marks the commit unknown for a run saved before the bench recorded it, and has no tally for a run without 5000 names', () => {
    expect(runTallyOf(run([scenario({ mode: 'names', size: 5000 })]))?.commit).toBe('?')
    expect(runTallyOf(run([scenario({ mode: 'names', size: 500 })]))).toBeNull()
  })
})

describe('talliedUnnamed', () => {
  it.each([
    ['a full run saved before flags could be added', {}, true],
    ['a full run with no flag added', { extraNodeFlags: [] }, true],
    ['a quick run', { quick: true }, false],
    ['a run whose extender had a flag added', { extraNodeFlags: ['--no-memory-reducer'] }, false],
  ])('counts %s: %s', (_, over, counted) => {
    expect(talliedUnnamed(run([], over))).toBe(counted)
  })
})

describe('memoryStandingOf', () => {
  const checkpoint = (n: number, heapUsed: number) => ({
    label: `node-cache (15000 indexed): after ${n} distinct pods`,
    mib: { rss: 300, heapUsed },
  })

  it('reads resident size with 15000 nodes indexed, and the heap after the stream and what its second half added', () => {
    const standing = memoryStandingOf([
      run([], {
        memory: [
          { label: 'full-node: idle after start', mib: { rss: 128, heapUsed: 30 } },
          { label: 'node-cache: 15000 nodes indexed, idle', mib: { rss: 439.5, heapUsed: 34 } },
        ],
        distinctPodStream: {
          checkpoints: [
            checkpoint(0, 35.4),
            checkpoint(5000, 47.4),
            checkpoint(10000, 47.5),
            checkpoint(15000, 47.5),
            checkpoint(20000, 47.6),
          ],
        },
      }),
      run([], {
        memory: [
          { label: 'node-cache: 15000 nodes indexed, idle', mib: { rss: 181.1, heapUsed: 30 } },
        ],
        distinctPodStream: {
          checkpoints: [checkpoint(0, 40), checkpoint(10000, 50), checkpoint(20000, 58)],
        },
      }),
    ])
    expect(standing).toEqual({
      indexedRss: [181.1, 439.5],
      heapAfterStream: [47.6, 58],
      heapGrowthSecondHalf: [0.1, 8],
    })
  })

  it('gives no figure rather than zero for runs that did not measure memory', () => {
    expect(memoryStandingOf([run([])])).toEqual({
      indexedRss: null,
      heapAfterStream: null,
      heapGrowthSecondHalf: null,
    })
  })
})

describe('savedRunOf', () => {
  const valid = JSON.stringify(run([scenario({ mode: 'names', size: 5000 })]))

  it('reads a run the bench saved', () => {
    expect(savedRunOf(valid, 'a.json').http).toHaveLength(1)
  })

  it.each([
    ['text that is not JSON', 'not json', 'not JSON'],
    [
      'a tail run, which has no machine.date',
      JSON.stringify({ machine: { node: 'v20' } }),
      'no machine.node or machine.date',
    ],
    [
      'a run without its scenarios',
      JSON.stringify({ machine: { node: 'v20', date: 'd' }, quick: false }),
      'no http scenarios',
    ],
    [
      'a scenario without its p99',
      JSON.stringify({
        machine: { node: 'v20', date: 'd' },
        quick: false,
        http: [{ verb: 'filter', mode: 'names', size: 5000, ratioP50: 1, extender: {} }],
      }),
      'an http scenario without',
    ],
  ])('names the file and what is wrong with %s', (_, text, why) => {
    expect(() => savedRunOf(text, 'x.json')).toThrow(`x.json: not a run saved by the bench (${why}`)
  })
})
