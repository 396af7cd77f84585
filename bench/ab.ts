/**
 * This checkout's extender against another build of it, in one run:
 * `node dist-bench/bench/ab.js --baseline=<checkout> [--names=5000 | --nodes=500]
 * [--order=scheduler|index] [--calls=N] [--warm-up=3]` (`npm run bench:ab -- --baseline=...`),
 * where <checkout> has its dependencies installed and is built, or is `.` to see the harness's
 * own bias. `--names` (default 5000) sends node names in node-cache mode; `--nodes` sends whole
 * nodes instead (full-node mode, 200 calls by default).
 *
 * Why: on a shared machine one build's p50 moves a lot from one minute to the next, so two runs
 * one after the other compare spells more than builds. Here both extenders run at once (against
 * one API server in node-cache mode), and the client calls them in turn on keep-alive
 * connections, A then B, then B then A: whatever the machine does falls on both alike. Every
 * request is checked against the reference answer on both before any is timed. No thresholds.
 */
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { flagValue, option } from './command-line.js'
import { KeepAliveConnection } from './keep-alive-connection.js'
import {
  fullNodeRequests,
  INDEXED_NODES,
  nameRequests,
  type NameOrder,
} from './node-cache-requests.js'
import { startNodeApiServer } from './node-apiserver.js'
import { startExtender, type ServiceProcess } from './processes.js'
import { TOLERATION_COUNTS } from './realistic-pod.js'
import { codeInfo, machineInfo, renderTable, saveResults } from './report.js'
import { runMain } from './run-main.js'
import { percentile, round3 } from './stats.js'

/** What both extenders are sent: names of indexed nodes (the default), or whole nodes. */
type Candidates =
  { kind: 'names'; names: number; order: NameOrder } | { kind: 'full'; nodes: number }

function candidatesFromFlags(): Candidates {
  if (flagValue('nodes') !== undefined) return { kind: 'full', nodes: option('nodes', 500) }
  const order = flagValue('order') ?? 'scheduler'
  if (order !== 'index' && order !== 'scheduler')
    throw new Error(`--order takes index or scheduler, not ${order}`)
  return { kind: 'names', names: option('names', 5000), order }
}

/** The baseline checkout's root, checked to hold a build. */
function baselineFromFlags(): string {
  const raw = flagValue('baseline')
  if (raw === undefined || raw === '')
    throw new Error('--baseline=<checkout> (a built checkout) is required')
  const root = resolve(raw)
  if (!existsSync(join(root, 'dist', 'main.js'))) {
    throw new Error(`${root} has no dist/main.js: run npm ci && npm run build there first`)
  }
  return root
}

/** p50, p90 and p99 in ms. */
function side(latencies: number[]): [number, number, number] {
  latencies.sort((a, b) => a - b)
  const at = (q: number): number => round3(percentile(latencies, q))
  return [at(0.5), at(0.9), at(0.99)]
}

/** Calls both in turn, `calls` times each, and returns each one's latencies in ms. */
async function alternate(
  pair: readonly KeepAliveConnection[],
  requests: readonly Buffer[],
  calls: number
) {
  const times: [number[], number[]] = [[], []]
  for (let i = 0; i < calls; i++) {
    const request = requests[i % requests.length] as Buffer
    // A then B on even calls, B then A on odd ones: neither always follows the other.
    for (const which of i % 2 === 0 ? [0, 1] : [1, 0]) {
      const from = performance.now()
      const reply = await (pair[which] as KeepAliveConnection).request(request)
      times[which]?.push(performance.now() - from)
      if (reply.status !== 200) throw new Error(`HTTP ${reply.status} from ${'AB'[which]}`)
    }
  }
  return times
}

async function measure(
  services: ServiceProcess[],
  candidates: Candidates,
  calls: number,
  warmUpMs: number
) {
  const results = []
  for (const tolerations of TOLERATION_COUNTS) {
    for (const verb of ['filter', 'prioritize'] as const) {
      const pair = await Promise.all(services.map((s) => KeepAliveConnection.open(s.port)))
      const requests =
        candidates.kind === 'names'
          ? await nameRequests(pair, verb, tolerations, candidates.names, candidates.order)
          : await fullNodeRequests(pair, verb, tolerations, candidates.nodes)
      for (const until = performance.now() + warmUpMs; performance.now() < until;) {
        await alternate(pair, requests, requests.length)
      }
      const [a, b] = await alternate(pair, requests, calls)
      for (const connection of pair) connection.close()
      const r = { verb, tolerations, calls, candidate: side(a), baseline: side(b) }
      results.push(r)
      process.stderr.write(
        `[ab] ${verb} ${tolerations} tolerations: p50 ${r.candidate[0]} ms against ${r.baseline[0]} ms\n`
      )
    }
  }
  return results
}

async function main(): Promise<void> {
  const baseline = baselineFromFlags()
  const candidates = candidatesFromFlags()
  const label =
    candidates.kind === 'names'
      ? `${candidates.names} names in ${candidates.order} order`
      : `${candidates.nodes} full nodes`
  const calls = option('calls', candidates.kind === 'names' ? 3000 : 200)
  const warmUpMs = option('warm-up', 3) * 1000
  process.stderr.write(
    `[ab] this checkout against ${baseline}: ${label}, ${calls} calls each per scenario\n`
  )
  const api = candidates.kind === 'names' ? await startNodeApiServer(INDEXED_NODES) : null
  const args = api === null ? ['--disable-node-cache'] : ['--kubeconfig', api.kubeconfig]
  const services: ServiceProcess[] = []
  try {
    // Both answers are checked against upstream's rules, which a build before --evicting-nodes
    // gives and a build with it gives with `allow`. The mode goes in the environment, which a
    // build without the flag ignores, so both sides take it whichever the baseline is. For pods
    // without a toleration bounding a NoExecute stay, the default `reject` takes the very same
    // path (see CompiledTolerations.filterProfile).
    const upstream = { comparisonOperators: true, env: { EVICTING_NODES: 'allow' } }
    services.push(
      await startExtender(args, undefined, upstream),
      await startExtender(args, join(baseline, 'dist', 'main.js'), upstream)
    )
    const results = await measure(services, candidates, calls, warmUpMs)
    const ms = (s: number[]): string => s.join(' / ')
    const ratio = (a: number, b: number): string => (a / b).toFixed(2)
    const table = renderTable(
      ['verb', 'tol', 'calls', 'A p50/p90/p99 ms', 'B p50/p90/p99 ms', 'A/B p50', 'A/B p99'],
      results.map((r) => [
        r.verb,
        r.tolerations,
        r.calls,
        ms(r.candidate),
        ms(r.baseline),
        ratio(r.candidate[0], r.baseline[0]),
        ratio(r.candidate[2], r.baseline[2]),
      ])
    )
    process.stdout.write(
      `\nThis checkout (A) against ${baseline} (B), called in turn, ${label}\n\n${table}\n`
    )
    const saved = {
      machine: machineInfo(),
      code: codeInfo(),
      baseline: { checkout: baseline, ...codeInfo(baseline) },
      candidates,
      calls,
      warmUpMs,
      ab: results,
    }
    process.stdout.write(`\nresults saved to ${saveResults(saved, '-ab')}\n`)
  } finally {
    for (const service of services) await service.stop()
    await api?.close()
  }
}

runMain('[ab]', main)
