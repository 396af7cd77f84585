/** The summary printed at the end of a soak run (stdout). */
import type { ChurnStats } from './soak-churner.js'
import type { LoadTally } from './soak-load.js'
import type { MetricsSample } from './soak-metrics.js'
import type { SoakOptions } from './soak-options.js'

export interface SoakOutcome {
  readonly options: SoakOptions
  readonly elapsedMs: number
  readonly tally: LoadTally
  readonly churn: ChurnStats
  readonly samples: readonly MetricsSample[]
  readonly apiServer: { list: number; watch: number; get: number }
  /** The extender's lines on stderr at warn and above. */
  readonly extenderLogs: readonly string[]
  readonly exitCode: number | string
}

export function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000)
  return s >= 60 ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s` : `${s}s`
}

const mib = (bytes: number | null | undefined): string =>
  bytes == null ? 'n/a' : (bytes / 1048576).toFixed(1)

function servedLines(tally: LoadTally): string[] {
  const lines = ['requests served        full     names']
  for (const verb of ['filter', 'prioritize', 'preempt'] as const) {
    const cell = (mode: 'full' | 'names'): string =>
      String(tally.byVerbMode.get(`${verb} ${mode}`)?.served ?? 0).padStart(10)
    lines.push(`  ${verb.padEnd(12)}${cell('full')}${cell('names')}`)
  }
  return lines
}

function memoryLine(label: string, values: readonly (number | null)[]): string {
  const known = values.filter((v): v is number => v !== null)
  const max = known.length === 0 ? null : Math.max(...known)
  return `${label} MiB: start ${mib(known[0])}, max ${mib(max)}, end ${mib(known.at(-1))}`
}

/** Lines of the report; the last says PASS or FAIL. */
export function formatReport(o: SoakOutcome): string[] {
  const { options, tally, churn, samples } = o
  const judged = tally.checkedVerdicts + tally.inFlightVerdicts
  const last = samples.at(-1)
  const pass = tally.errors === 0 && tally.wrong === 0
  return [
    `taint-extender soak: ${formatDuration(o.elapsedMs)}, ${options.nodes} nodes, ` +
      `${options.clients} keep-alive clients, one node change every ${options.churnEveryMs} ms`,
    '',
    ...servedLines(tally),
    '',
    `errors: ${tally.errors}`,
    `wrong answers against the reference: ${tally.wrong}`,
    `node verdicts judged: ${tally.checkedVerdicts}; in flight, not judged: ` +
      `${tally.inFlightVerdicts} (${((100 * tally.inFlightVerdicts) / Math.max(1, judged)).toFixed(1)} %)`,
    ...tally.examples.map((example) => `  ${example}`),
    '',
    `node churn: ${churn.changes} changes; watch cuts ${churn.watchCuts}; forced 410 relists ${churn.forcedRelists}`,
    `API server requests: list pages ${o.apiServer.list}, watches ${o.apiServer.watch}, GETs ${o.apiServer.get}`,
    memoryLine(
      'extender resident',
      samples.map((s) => s.residentBytes)
    ),
    memoryLine(
      '  V8 heap used (no forced GC)',
      samples.map((s) => s.heapUsedBytes)
    ),
    `watch restarts: ${last?.watchRestarts ?? 'n/a'}; relists: ${last?.relists ?? 'n/a'}; ` +
      `index nodes at end: ${last?.indexNodes ?? 'n/a'}`,
    `extender log lines at warn and above: ${o.extenderLogs.length}`,
    ...o.extenderLogs.slice(0, 10).map((line) => `  ${line}`),
    `extender exit code after SIGTERM: ${o.exitCode}`,
    '',
    pass ? 'PASS: 0 errors, 0 wrong answers' : 'FAIL: errors or wrong answers above',
  ]
}
