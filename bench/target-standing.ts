/**
 * Where the performance targets (docs/performance.md) stand over a set of full bench runs:
 * for each, how many scenarios met it and the range of the figure judged, per Node.js release.
 * One run says little on a shared host, where p99 at 5000 names follows the neighbours
 * (bench/RESULTS.md); the tally over many runs is what docs/performance.md reports, and this makes it
 * a command instead of a sum done by hand (`npm run bench:targets`, targets.ts).
 */
import { lostAtMostPerCpu } from './cpu-steal.js'
import type { SavedRun, SavedScenario } from './saved-run.js'
import { MS_PER_PROC_TICK } from './thread-cpu.js'

export interface Target {
  readonly name: string
  readonly applies: (s: SavedScenario) => boolean
  /** The figure judged, in `unit`. */
  readonly figure: (s: SavedScenario) => number
  readonly met: (figure: number) => boolean
  readonly unit: '×' | 'ms'
}

/**
 * Whether a run counts when runs are not named: not a quick run, whose few calls tally nothing
 * worth keeping, nor one with flags added (`run.js --node-flag`), which measured another
 * process than the one shipped.
 */
export function talliedUnnamed(run: SavedRun): boolean {
  return !run.quick && (run.extraNodeFlags ?? []).length === 0
}

const ratioWithin = (limit: number) => (ratio: number) => ratio <= limit

/** The one target judged on absolute time; each run's tally (runTallyOf) is of it. */
export const P99_AT_5000_NAMES: Target = {
  name: 'node cache, 5000 names, both verbs: p99 under 2 ms',
  applies: (s) => s.mode === 'names' && s.size === 5000,
  figure: (s) => s.extender.p99Us / 1000,
  met: (ms) => ms < 2,
  unit: 'ms',
}

/** The targets, as docs/performance.md words them; ratios are p50 against the floor. */
export const TARGETS: readonly Target[] = [
  ...['filter', 'prioritize'].map((verb): Target => ({
    name: `node cache, 500 names, ${verb}: within 1.2× the floor`,
    applies: (s) => s.mode === 'names' && s.size === 500 && s.verb === verb,
    figure: (s) => s.ratioP50,
    met: ratioWithin(1.2),
    unit: '×',
  })),
  P99_AT_5000_NAMES,
  ...['filter', 'prioritize'].map((verb): Target => ({
    name: `full nodes, 500 and 5000, ${verb}: no slower than the floor`,
    applies: (s) => s.mode === 'full' && (s.size === 500 || s.size === 5000) && s.verb === verb,
    figure: (s) => s.ratioP50,
    met: ratioWithin(1),
    unit: '×',
  })),
]

/** How many scenarios met a target, of some set. */
export interface Tally {
  readonly met: number
  readonly scenarios: number
}

export interface Standing extends Tally {
  readonly target: Target
  readonly min: number
  readonly max: number
  /**
   * The scenarios in which no CPU lost more than one tick (10 ms) to steal: as quiet as /proc
   * can tell, since a tick is its resolution.
   */
  readonly quiet: Tally
  /** The scenarios in which some CPU lost more. */
  readonly stolen: Tally
  /** The scenarios with no steal reading (runs saved before the bench read it, or no /proc). */
  readonly unread: Tally
}

export type Host = 'quiet' | 'stolen' | 'unread'

/** What the host did to a scenario, from the steal read over its calls. */
export function hostOf(scenario: SavedScenario): Host {
  if (scenario.stolen == null) return 'unread'
  return lostAtMostPerCpu(scenario.stolen, MS_PER_PROC_TICK) ? 'quiet' : 'stolen'
}

/** How `target` stands over every scenario of `runs` it applies to; null when none does. */
export function standingOf(target: Target, runs: readonly SavedRun[]): Standing | null {
  const figures: number[] = []
  const byHost = {
    quiet: { met: 0, scenarios: 0 },
    stolen: { met: 0, scenarios: 0 },
    unread: { met: 0, scenarios: 0 },
  }
  for (const run of runs) {
    for (const scenario of run.http) {
      if (!target.applies(scenario)) continue
      const figure = target.figure(scenario)
      figures.push(figure)
      const tally = byHost[hostOf(scenario)]
      tally.scenarios++
      if (target.met(figure)) tally.met++
    }
  }
  if (figures.length === 0) return null
  return {
    target,
    scenarios: figures.length,
    met: byHost.quiet.met + byHost.stolen.met + byHost.unread.met,
    min: Math.min(...figures),
    max: Math.max(...figures),
    ...byHost,
  }
}

export interface MemoryStanding {
  /** Resident MiB, idle, with 15000 nodes indexed: [min, max] over the runs that read it. */
  readonly indexedRss: readonly [number, number] | null
  /** Heap used after the whole distinct-pod stream, MiB: [min, max]. */
  readonly heapAfterStream: readonly [number, number] | null
  /** Heap growth over the stream's second half, MiB: [min, max]; near 0 when caches are bounded. */
  readonly heapGrowthSecondHalf: readonly [number, number] | null
}

const INDEXED_IDLE = /15000 nodes indexed, idle/

function rangeOf(values: readonly number[]): readonly [number, number] | null {
  return values.length === 0 ? null : [Math.min(...values), Math.max(...values)]
}

export function memoryStandingOf(runs: readonly SavedRun[]): MemoryStanding {
  const indexedRss: number[] = []
  const heapAfter: number[] = []
  const growth: number[] = []
  for (const run of runs) {
    const idle = run.memory?.find((m) => INDEXED_IDLE.test(m.label))
    if (idle !== undefined) indexedRss.push(idle.mib.rss)
    const checkpoints = run.distinctPodStream?.checkpoints ?? []
    const last = checkpoints[checkpoints.length - 1]
    const half = checkpoints[Math.floor((checkpoints.length - 1) / 2)]
    if (last === undefined || half === undefined || checkpoints.length < 3) continue
    heapAfter.push(last.mib.heapUsed)
    growth.push(Math.round((last.mib.heapUsed - half.mib.heapUsed) * 10) / 10)
  }
  return {
    indexedRss: rangeOf(indexedRss),
    heapAfterStream: rangeOf(heapAfter),
    heapGrowthSecondHalf: rangeOf(growth),
  }
}

/**
 * The 5000-name target judged on the calls of the blocks in which the host took no CPU
 * (sequential-client.ts): how many scenarios met it, of those that had such a block.
 */
export interface QuietBlocksTally extends Tally {
  /** The p99 of those calls, ms: [min, max] over the scenarios judged. */
  readonly p99Ms: readonly [number, number] | null
  /** Scenarios in which the host took CPU during every block. */
  readonly noQuietBlock: number
  /** Scenarios saved before the blocks were read, or with no steal reading. */
  readonly unread: number
}

export function quietBlocksTallyOf(runs: readonly SavedRun[]): QuietBlocksTally {
  const figures: number[] = []
  let noQuietBlock = 0
  let unread = 0
  for (const scenario of runs.flatMap((run) => run.http.filter(P99_AT_5000_NAMES.applies))) {
    const quiet = scenario.extender.bySteal?.quiet
    if (quiet === undefined) unread++
    else if (quiet.p99Ms === null) noQuietBlock++
    else figures.push(quiet.p99Ms)
  }
  return {
    met: figures.filter(P99_AT_5000_NAMES.met).length,
    scenarios: figures.length,
    p99Ms: rangeOf(figures),
    noQuietBlock,
    unread,
  }
}

/** One run's 5000-name scenarios: how many met p99 under 2 ms, and what each lost to steal. */
export interface RunTally {
  /** The commit measured, shortened; `?` for runs saved before the bench recorded it. */
  readonly commit: string
  readonly met: number
  readonly scenarios: number
  readonly p99Ms: readonly [number, number]
  /** Stolen ms per 5000-name scenario, in run order; null where not read. */
  readonly stolenMs: readonly (number | null)[]
  /** The same scenarios judged on their blocks without steal. */
  readonly quietBlocks: QuietBlocksTally
}

export function runTallyOf(run: SavedRun): RunTally | null {
  const scenarios = run.http.filter(P99_AT_5000_NAMES.applies)
  const figures = scenarios.map(P99_AT_5000_NAMES.figure)
  const p99Ms = rangeOf(figures)
  if (p99Ms === null) return null
  return {
    commit: run.code?.commit?.slice(0, 7) ?? '?',
    met: figures.filter(P99_AT_5000_NAMES.met).length,
    scenarios: scenarios.length,
    p99Ms,
    stolenMs: scenarios.map((s) => s.stolen?.totalMs ?? null),
    quietBlocks: quietBlocksTallyOf([run]),
  }
}
