/**
 * This checkout's extender against another build of it, in one run:
 * `node dist-bench/bench/ab.js --baseline=<checkout>|--baseline-main=<file> [--calls=3000]
 * [--warm-up=3] [--names=5000] [--order=scheduler|index] [--nodes=500] [--node-flag=<flag>]...
 * [--baseline-node-flag=<flag>]... [--no-pin]` (`npm run bench:ab -- --baseline=<checkout>`), where <checkout> has its
 * dependencies installed and is built, e.g.
 * `git worktree add /tmp/base HEAD~1 && (cd /tmp/base && npm ci && npm run build)`, or is `.`
 * to compare Node.js flags on one build (given after NODE_FLAGS; a later value wins).
 * `--baseline-main=<file>` runs another entry script of this build as the baseline, e.g.
 * dist-bench/bench/express-verbs-main.js (the verbs routed through express).
 * `--nodes=N` sends whole nodes (nodeCacheCapable: false, 200 calls by default) instead of names.
 *
 * Why: on a shared machine one build's p50 moves by half from one minute to the next
 * (bench/README.md, "Machine steadiness"), so two runs one after the other compare spells more
 * than builds. Here both extenders run at once against one API server (INDEXED_NODES nodes),
 * their main threads on the same CPU, and the client calls them in turn on keep-alive
 * connections, A then B, then B then A: whatever the machine does falls on both alike. Every
 * request is checked against the reference answer on both before any is timed. Reports each
 * node-cache scenario's p50, p90 and p99 for both, and this build's as a ratio of the
 * baseline's. No thresholds: it measures, and saves JSON beside the bench's.
 */
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { flagValue, flagValues, hasFlag, option } from './command-line.js'
import { placeClient, placeServer } from './cpu-placement.js'
import { KeepAliveConnection } from './keep-alive-connection.js'
import {
  fullNodeRequests,
  INDEXED_NODES,
  nameOrder,
  scenarioRequests,
  type NameOrder,
} from './node-cache-requests.js'
import { startNodeApiServer } from './node-apiserver.js'
import type { Verb } from './payloads.js'
import { startExtender, type ServiceProcess } from './processes.js'
import type { TolerationCount } from './realistic-pod.js'
import { codeInfo, machineInfo, renderTable, saveResults } from './report.js'
import { runMain } from './run-main.js'
import { percentile, round3 } from './stats.js'

interface Side {
  readonly p50Ms: number
  readonly p90Ms: number
  readonly p99Ms: number
}

export interface AbResult {
  readonly verb: Verb
  readonly tolerations: TolerationCount
  readonly calls: number
  readonly candidate: Side
  readonly baseline: Side
}

/** What both extenders are sent: names of indexed nodes (the default), or whole nodes. */
type Candidates =
  | { readonly kind: 'names'; readonly names: number; readonly order: NameOrder }
  | { readonly kind: 'full'; readonly nodes: number }

function candidatesFromFlags(): Candidates {
  if (flagValue('nodes') === undefined) {
    return { kind: 'names', names: option('names', 5000), order: nameOrder('scheduler') }
  }
  return { kind: 'full', nodes: option('nodes', 500) }
}

/** The candidates as the report names them, e.g. `5000 names in scheduler order`. */
function candidatesLabel(candidates: Candidates): string {
  return candidates.kind === 'names'
    ? `${candidates.names} names in ${candidates.order} order`
    : `${candidates.nodes} full nodes`
}

/** The other side: a built checkout's dist/main.js, or (`--baseline-main`) any entry script. */
interface Baseline {
  /** What the report calls it: the checkout's folder, or the entry script. */
  readonly label: string
  /** The checkout whose commit and dist the results record. */
  readonly checkout: string
  readonly main: string
}

function baselineFromFlags(): Baseline {
  const entry = flagValue('baseline-main')
  if (entry !== undefined && entry !== '') {
    const main = resolve(entry)
    if (!existsSync(main)) throw new Error(`--baseline-main=${entry}: no such file`)
    return { label: main, checkout: '.', main }
  }
  const raw = flagValue('baseline')
  if (raw === undefined || raw === '') {
    throw new Error(
      '--baseline=<checkout> (a built checkout) or --baseline-main=<file> (an entry script) is required'
    )
  }
  const root = resolve(raw)
  if (!existsSync(join(root, 'dist', 'main.js'))) {
    throw new Error(`${root} has no dist/main.js: run npm ci && npm run build there first`)
  }
  return { label: root, checkout: root, main: join(root, 'dist', 'main.js') }
}

function side(latencies: number[]): Side {
  latencies.sort((a, b) => a - b)
  return {
    p50Ms: round3(percentile(latencies, 0.5)),
    p90Ms: round3(percentile(latencies, 0.9)),
    p99Ms: round3(percentile(latencies, 0.99)),
  }
}

/** Calls both in turn, `calls` times each, and returns each one's latencies in ms. */
async function alternate(
  pair: readonly [KeepAliveConnection, KeepAliveConnection],
  requests: readonly Buffer[],
  calls: number
): Promise<[number[], number[]]> {
  const times: [number[], number[]] = [[], []]
  for (let i = 0; i < calls; i++) {
    const request = requests[i % requests.length] as Buffer
    // A then B on even calls, B then A on odd ones: neither always follows the other.
    for (const which of i % 2 === 0 ? [0, 1] : [1, 0]) {
      const from = performance.now()
      await (pair[which] as KeepAliveConnection).request(request)
      ;(times[which] as number[]).push(performance.now() - from)
    }
  }
  return times
}

async function main(): Promise<void> {
  const baseline = baselineFromFlags()
  const candidates = candidatesFromFlags()
  const calls = option('calls', candidates.kind === 'names' ? 3000 : 200)
  const warmUpMs = option('warm-up', 3) * 1000
  const nodeFlags = {
    candidate: flagValues('node-flag'),
    baseline: flagValues('baseline-node-flag'),
  }
  const { placement, why } = placeClient(!hasFlag('no-pin'))
  process.stderr.write(
    `[ab] this checkout against ${baseline.label}: ${candidatesLabel(candidates)}, ` +
      `${calls} calls each per scenario; ${why}\n`
  )
  const api = candidates.kind === 'names' ? await startNodeApiServer(INDEXED_NODES) : null
  const services: ServiceProcess[] = []
  const results: AbResult[] = []
  try {
    const sides = [
      { main: undefined, extraNodeFlags: nodeFlags.candidate },
      { main: baseline.main, extraNodeFlags: nodeFlags.baseline },
    ]
    const args = api === null ? ['--disable-node-cache'] : ['--kubeconfig', api.kubeconfig]
    for (const options of sides) {
      const { service } = await startExtender(args, 120_000, options)
      services.push(service)
      placeServer(placement, service.pid)
    }
    for (const tolerations of [0, 3, 20] as const) {
      for (const verb of ['filter', 'prioritize'] as const) {
        const pair = [
          await KeepAliveConnection.open((services[0] as ServiceProcess).port),
          await KeepAliveConnection.open((services[1] as ServiceProcess).port),
        ] as const
        const requests =
          candidates.kind === 'names'
            ? await scenarioRequests(pair, verb, tolerations, candidates.names, candidates.order)
            : await fullNodeRequests(pair, verb, tolerations, candidates.nodes)
        for (const until = performance.now() + warmUpMs; performance.now() < until;) {
          await alternate(pair, requests, requests.length)
        }
        const [candidate, base] = await alternate(pair, requests, calls)
        for (const connection of pair) connection.close()
        const r = { verb, tolerations, calls, candidate: side(candidate), baseline: side(base) }
        results.push(r)
        process.stderr.write(
          `[ab] ${verb} ${tolerations} tolerations: p50 ${r.candidate.p50Ms} ms against ` +
            `${r.baseline.p50Ms} ms\n`
        )
      }
    }
  } finally {
    for (const service of services) await service.stop()
    await api?.close()
  }
  const ratio = (a: number, b: number): string => (a / b).toFixed(2)
  process.stdout.write(
    `\nThis checkout (A) against ${baseline.label} (B), called in turn, ${candidatesLabel(candidates)}` +
      flagsNote(nodeFlags) +
      '\n\n' +
      renderTable(
        ['verb', 'tol', 'calls', 'A p50/p90/p99 ms', 'B p50/p90/p99 ms', 'A/B p50', 'A/B p99'],
        results.map((r) => [
          r.verb,
          r.tolerations,
          r.calls,
          `${r.candidate.p50Ms} / ${r.candidate.p90Ms} / ${r.candidate.p99Ms}`,
          `${r.baseline.p50Ms} / ${r.baseline.p90Ms} / ${r.baseline.p99Ms}`,
          ratio(r.candidate.p50Ms, r.baseline.p50Ms),
          ratio(r.candidate.p99Ms, r.baseline.p99Ms),
        ])
      ) +
      '\n'
  )
  const machine = machineInfo()
  machine.placement = why
  const path = saveResults(
    {
      machine,
      code: codeInfo(),
      baseline: {
        main: baseline.main,
        checkout: baseline.checkout,
        ...codeInfo(baseline.checkout),
      },
      ...(candidates.kind === 'names'
        ? { names: candidates.names, order: candidates.order }
        : { nodes: candidates.nodes }),
      nodeFlags,
      calls,
      warmUpMs,
      ab: results,
    },
    '-ab'
  )
  process.stdout.write(`\nresults saved to ${path}\n`)
}

function flagsNote(flags: { candidate: string[]; baseline: string[] }): string {
  const list = (f: string[]): string => (f.length === 0 ? 'none' : f.join(' '))
  if (flags.candidate.length === 0 && flags.baseline.length === 0) return ''
  return `; flags after NODE_FLAGS: A ${list(flags.candidate)}, B ${list(flags.baseline)}`
}

runMain('[ab]', main)
