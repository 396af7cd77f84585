/**
 * Where the performance targets stand over runs the bench saved:
 * `node dist-bench/bench/targets.js [<run.json>...] [--since=<ISO date>] [--until=<ISO date>]
 * [--commit=<prefix>]`
 * (`npm run bench:targets`). With no files it reads every full run under bench/results/ (not
 * the quick, tail, ab or peak ones, nor runs with `--node-flag`); files named are read whatever
 * they are, quick runs included. Per Node.js release it prints each target's tally
 * (target-standing.ts), the 5000-name target judged again on the blocks without steal, the
 * memory figures, and each run's 5000-name scenarios with the CPU the host took during each. It
 * reads JSON and prints; it runs nothing.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { flagValue } from './command-line.js'
import { renderTable } from './report.js'
import { savedRunOf, type SavedRun } from './saved-run.js'
import {
  memoryStandingOf,
  quietBlocksTallyOf,
  runTallyOf,
  standingOf,
  talliedUnnamed,
  TARGETS,
  type QuietBlocksTally,
  type Standing,
  type Tally,
} from './target-standing.js'

const RESULTS_DIR = fileURLToPath(new URL('../../bench/results/', import.meta.url))
/** run.ts's file names: the start time, and no suffix (quick, tail, ab and peak runs have one). */
const FULL_RUN_FILE = /^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.json$/

function savedRunFiles(): string[] {
  let names: string[]
  try {
    names = readdirSync(RESULTS_DIR)
  } catch {
    return []
  }
  return names.filter((n) => FULL_RUN_FILE.test(n)).map((n) => join(RESULTS_DIR, n))
}

/** `min–max` (`min to max` when min is negative), or the one value when both are the same. */
function rangeText(
  range: readonly [number, number] | null,
  format: (v: number) => string = String
): string {
  if (range === null) return 'not measured'
  const [min, max] = range.map(format) as [string, string]
  if (min === max) return min
  return range[0] < 0 ? `${min} to ${max}` : `${min}–${max}`
}

const tallyCell = (t: Tally): string => (t.scenarios === 0 ? '-' : `${t.met} of ${t.scenarios}`)

function standingRow(s: Standing): (string | number)[] {
  return [
    s.target.name,
    tallyCell(s),
    rangeText([s.min, s.max], (v) => `${v.toFixed(2)}${s.target.unit === 'ms' ? '' : '×'}`),
    tallyCell(s.quiet),
    tallyCell(s.stolen),
    tallyCell(s.unread),
  ]
}

/** `5 of 6 (1.15–2.31 ms)`, with the scenarios that could not be judged after it. */
function quietBlocksText(t: QuietBlocksTally): string {
  const judged =
    t.scenarios === 0
      ? 'none judged'
      : `${t.met} of ${t.scenarios} (${rangeText(t.p99Ms, (v) => v.toFixed(2))} ms)`
  const notJudged = [
    t.noQuietBlock > 0 ? `${t.noQuietBlock} with steal in every block` : '',
    t.unread > 0 ? `${t.unread} not read` : '',
  ].filter((part) => part !== '')
  return notJudged.length === 0 ? judged : `${judged}; ${notJudged.join(', ')}`
}

interface ReadRun {
  readonly file: string
  readonly run: SavedRun
}

function report(node: string, read: readonly ReadRun[]): string {
  const runs = read.map((r) => r.run)
  const dates = runs.map((r) => r.machine.date).sort()
  const quick = runs.filter((r) => r.quick).length
  const standings = TARGETS.map((t) => standingOf(t, runs)).filter((s) => s !== null)
  const memory = memoryStandingOf(runs)
  const tallies = read.flatMap(({ file, run }) => {
    const tally = runTallyOf(run)
    return tally === null ? [] : [{ file: basename(file, '.json'), ...tally }]
  })
  return [
    `Node.js ${node}: ${runs.length} run(s)${quick > 0 ? `, ${quick} of them quick` : ''}, ` +
      (dates.length === 1 ? dates[0] : `${dates[0]} to ${dates[dates.length - 1]}`),
    '',
    renderTable(
      ['target', 'met', 'range', 'host quiet', 'host took CPU', 'steal not read'],
      standings.map(standingRow)
    ),
    '',
    '5000 names, p99 under 2 ms over the calls of the blocks in which the host took no CPU: ' +
      quietBlocksText(quietBlocksTallyOf(runs)),
    '',
    `memory (MiB): resident with 15000 nodes indexed, idle, ${rangeText(memory.indexedRss)}; heap ` +
      `used after the distinct-pod stream ${rangeText(memory.heapAfterStream)}, of it added over ` +
      `the stream's second half ${rangeText(memory.heapGrowthSecondHalf)}`,
    '',
    renderTable(
      [
        'run',
        'commit',
        '5000 names, p99 < 2 ms',
        'p99 ms',
        'stolen ms per scenario',
        'the same, blocks without steal',
      ],
      tallies.map((t) => [
        t.file,
        t.commit,
        `${t.met} of ${t.scenarios}`,
        rangeText(t.p99Ms, (v) => v.toFixed(2)),
        t.stolenMs.map((ms) => (ms === null ? '-' : String(ms))).join(' '),
        quietBlocksText(t.quietBlocks),
      ])
    ),
  ].join('\n')
}

function main(): void {
  const since = flagValue('since') ?? ''
  const until = flagValue('until')
  const commit = flagValue('commit')
  const given = process.argv.slice(2).filter((a) => !a.startsWith('--'))
  const runs = (given.length > 0 ? given : savedRunFiles())
    .map((file) => ({ file, run: savedRunOf(readFileSync(file, 'utf8'), file) }))
    // Quick runs and runs with flags added count only when named (CI names its quick run).
    .filter(({ run }) => given.length > 0 || talliedUnnamed(run))
    .filter(({ run }) => run.machine.date >= since)
    .filter(({ run }) => until === undefined || run.machine.date < until)
    .filter(({ run }) => commit === undefined || (run.code?.commit ?? '').startsWith(commit))
  if (runs.length === 0) {
    console.log('No full runs to read: run `npm run bench` first, or name run files.')
    return
  }
  const byNode = new Map<string, ReadRun[]>()
  for (const r of runs)
    byNode.set(r.run.machine.node, [...(byNode.get(r.run.machine.node) ?? []), r])
  const nodes = [...byNode.keys()].sort()
  console.log(nodes.map((node) => report(node, byNode.get(node) ?? [])).join('\n\n'))
}

try {
  main()
} catch (err) {
  // A file that is not a run is the reader's mistake to fix, not a crash to read a stack of.
  console.error(err instanceof Error ? err.message : String(err))
  process.exitCode = 1
}
