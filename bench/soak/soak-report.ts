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
  readonly livezMs: readonly number[]
  readonly apiServer: { list: number; watch: number; get: number }
  readonly extenderLogs: readonly string[]
  readonly exitCode: number | string
}

export function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000)
  return s >= 60 ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s` : `${s}s`
}

const mib = (bytes: number | null | undefined): string =>
  bytes == null ? 'n/a' : (bytes / 1024 / 1024).toFixed(1)

function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? null
}

const ms = (value: number | null): string => (value === null ? 'n/a' : `${value.toFixed(1)} ms`)

/** Lines of the report; the last says PASS or FAIL. */
export function formatReport(o: SoakOutcome): string[] {
  const { options, tally, churn, samples } = o
  const lines: string[] = []
  lines.push(
    `taint-extender soak: ${formatDuration(o.elapsedMs)}, ${options.nodes} nodes, ` +
      `${options.clients} keep-alive clients, one node change every ${options.churnEveryMs} ms`
  )
  lines.push(
    `  in flight = changed within ${options.settleMs} ms (${options.disruptionGraceMs} ms more ` +
      'around a cut watch or a forced 410)'
  )
  lines.push('', 'requests served        full     names     total')
  let total = 0
  for (const verb of ['filter', 'prioritize', 'preempt'] as const) {
    const full = tally.byVerbMode.get(`${verb} full`)?.served ?? 0
    const names = tally.byVerbMode.get(`${verb} names`)?.served ?? 0
    total += full + names
    lines.push(
      `  ${verb.padEnd(12)}${String(full).padStart(10)}${String(names).padStart(10)}${String(full + names).padStart(10)}`
    )
  }
  lines.push(`  ${'all'.padEnd(12)}${''.padStart(20)}${String(total).padStart(10)}`)
  lines.push(
    '',
    `errors: ${tally.errors}`,
    `wrong answers against the reference: ${tally.wrong}`,
    `node verdicts judged: ${tally.checkedVerdicts}; in flight, not judged: ${tally.inFlightVerdicts}` +
      ` (${((100 * tally.inFlightVerdicts) / Math.max(1, tally.checkedVerdicts + tally.inFlightVerdicts)).toFixed(1)} %)`
  )
  for (const example of tally.examples) lines.push(`  ${example}`)
  lines.push(
    '',
    `node churn: ${churn.changes} changes (taints added ${churn.taintsAdded}, removed ` +
      `${churn.taintsRemoved}; cordons ${churn.cordons}, uncordons ${churn.uncordons}; ` +
      `re-tiers ${churn.retiers}); watch cuts ${churn.watchCuts}; forced 410 relists ${churn.forcedRelists}`,
    `API server requests: list pages ${o.apiServer.list}, watches ${o.apiServer.watch}, GETs ${o.apiServer.get}`
  )
  const series = (pick: (s: MetricsSample) => number | null): number[] =>
    samples.map(pick).filter((v): v is number => v !== null)
  const memoryLine = (label: string, values: number[]): string =>
    `${label}: start ${mib(values[0])}, min ${mib(values.length ? Math.min(...values) : null)}, ` +
    `max ${mib(values.length ? Math.max(...values) : null)}, end ${mib(values.at(-1))}`
  lines.push(
    '',
    memoryLine(
      `extender resident memory (MiB, ${samples.length} samples)`,
      series((s) => s.residentBytes)
    ),
    memoryLine(
      '  V8 heap used (no forced GC)',
      series((s) => s.heapUsedBytes)
    ),
    memoryLine(
      '  external (Buffers)',
      series((s) => s.externalBytes)
    )
  )
  const perMinute = samples.filter(
    (s, i) =>
      i === 0 || Math.floor(s.atMs / 60_000) > Math.floor((samples[i - 1]?.atMs ?? 0) / 60_000)
  )
  if (perMinute.length > 2) {
    lines.push(`  resident by minute: ${perMinute.map((s) => mib(s.residentBytes)).join(' ')}`)
    lines.push(`  heap used by minute: ${perMinute.map((s) => mib(s.heapUsedBytes)).join(' ')}`)
  }
  const lag = samples.map((s) => s.eventLoopP99Seconds).filter((v): v is number => v !== null)
  lines.push(
    lag.length === 0
      ? 'extender event-loop delay p99: metric absent'
      : `extender event-loop delay p99 per scrape interval: median ${ms((percentile(lag, 50) ?? 0) * 1000)}, ` +
          `max ${ms(Math.max(...lag) * 1000)}, last ${ms((lag.at(-1) ?? 0) * 1000)}`,
    `/livez round trip (client side, ${o.livezMs.length} probes): p50 ${ms(percentile(o.livezMs, 50))}, ` +
      `p99 ${ms(percentile(o.livezMs, 99))}, max ${ms(o.livezMs.length ? Math.max(...o.livezMs) : null)}`
  )
  const first = samples[0]
  const last = samples.at(-1)
  lines.push(
    `watch restarts: ${last?.watchRestarts ?? 'n/a'}; relists: ${last?.relists ?? 'n/a'} ` +
      `(from /metrics; at start ${first?.watchRestarts ?? 'n/a'} and ${first?.relists ?? 'n/a'}); ` +
      `index nodes at end: ${last?.indexNodes ?? 'n/a'}`
  )
  const codes = [...(last?.requests ?? new Map<string, number>())]
    .filter(([key]) => /^(filter|prioritize|preempt) /.test(key))
    .map(([key, n]) => `${key}: ${n}`)
  lines.push(`extender's own count (verb code): ${codes.join(', ') || 'n/a'}`)
  const messages = new Map<string, number>()
  for (const line of o.extenderLogs) {
    let msg = line
    try {
      msg = String((JSON.parse(line) as { level?: string; msg?: string }).msg)
    } catch {
      // not JSON: count the raw line
    }
    messages.set(msg, (messages.get(msg) ?? 0) + 1)
  }
  lines.push(
    `extender log lines at warn and above: ${o.extenderLogs.length}` +
      [...messages].map(([m, n]) => `\n  ${n} × ${m}`).join('')
  )
  lines.push(`extender exit code after SIGTERM: ${o.exitCode}`)
  const pass = tally.errors === 0 && tally.wrong === 0
  lines.push('', pass ? 'PASS: 0 errors, 0 wrong answers' : 'FAIL: errors or wrong answers above')
  return lines
}
