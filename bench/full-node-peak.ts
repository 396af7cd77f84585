/**
 * The extender's peak resident size in full-node mode when large bodies come one after another,
 * as kube-scheduler sends them: `node dist-bench/bench/full-node-peak.js [--nodes=5000]
 * [--calls=15] [--node-flag=<flag>]... [--main=<file>]` (after `npm run bench:quick` has built
 * dist-bench/).
 *
 * Why: a full-node body is tens of MiB (5000 nodes: 77 MiB), node:http hands it to JavaScript as
 * Buffers outside V8's heap, and when V8 collects them decides how high resident size climbs.
 * `npm run bench` reports the peak after its concurrent runs too, which no scheduler sends; this
 * sends filter, then prioritize, `calls` times each on one keep-alive connection, every reply
 * checked, and reads the process's VmHWM (the memory probe's maxRss) after each verb. It is what
 * showed `--external-memory-accounted-in-global-limit` taking the peak past the manifests' 512 MiB
 * limit on Node.js 24 (src/config/v8-runtime-flags.ts). No thresholds; JSON beside the bench's.
 *
 * It also gives the p50 and the slowest of each verb's calls after the first. With `--main`
 * (another checkout's dist/main.js) it runs that build instead, so two builds can be compared
 * one server at a time, run after run: how a busy server's memory comes and goes is what
 * `bench:ab`, whose two servers take turns, cannot show (bench/README.md).
 */
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { flagValue, flagValues, option } from './command-line.js'
import { KeepAliveConnection } from './keep-alive-connection.js'
import { mib } from './memory.js'
import { fullNodeRequests } from './node-cache-requests.js'
import { startExtender } from './processes.js'
import { machineInfo, renderTable, saveResults } from './report.js'
import { runMain } from './run-main.js'
import { median, round1 } from './stats.js'

interface PeakResult {
  readonly verb: 'filter' | 'prioritize'
  readonly calls: number
  /** Resident size after a forced full collection, MiB. */
  readonly rssMiB: number
  /** The process's peak resident size so far (VmHWM), MiB. */
  readonly peakMiB: number
  /** The calls after the first (which is checked, not timed): p50 and slowest, ms. */
  readonly p50Ms: number
  readonly maxMs: number
}

/** `--main=<file>`, resolved and checked, or undefined for this checkout's build. */
function mainFromFlags(): string | undefined {
  const raw = flagValue('main')
  if (raw === undefined || raw === '') return undefined
  const main = resolve(raw)
  if (!existsSync(main)) throw new Error(`--main=${raw}: no such file`)
  return main
}

async function main(): Promise<void> {
  const nodes = option('nodes', 5000)
  const calls = option('calls', 15)
  const extraNodeFlags = flagValues('node-flag')
  const main = mainFromFlags()
  const { service } = await startExtender(['--disable-node-cache'], 30_000, {
    extraNodeFlags,
    main,
  })
  const results: PeakResult[] = []
  let bodyMiB = 0
  try {
    const connection = await KeepAliveConnection.open(service.port)
    for (const verb of ['filter', 'prioritize'] as const) {
      // The first call, which checks the reply, counts as one of `calls`.
      const [request] = await fullNodeRequests([connection], verb, 3, nodes)
      if (request === undefined) throw new Error('no request was made')
      bodyMiB = mib(request.length)
      const timesMs: number[] = []
      for (let i = 1; i < calls; i++) {
        const start = performance.now()
        await connection.request(request)
        timesMs.push(performance.now() - start)
      }
      const memory = await service.memory()
      results.push({
        verb,
        calls,
        rssMiB: mib(memory.rss),
        peakMiB: mib(memory.maxRss),
        p50Ms: timesMs.length === 0 ? 0 : round1(median(timesMs)),
        maxMs: round1(Math.max(0, ...timesMs)),
      })
      process.stderr.write(`[peak] ${verb}: peak ${mib(memory.maxRss)} MiB so far\n`)
    }
    connection.close()
  } finally {
    await service.stop()
  }
  process.stdout.write(
    `\nFull-node mode, ${nodes} nodes a call (${bodyMiB} MiB), ${calls} calls in a row per verb` +
      (extraNodeFlags.length === 0 ? '' : `; flags after NODE_FLAGS: ${extraNodeFlags.join(' ')}`) +
      (main === undefined ? '' : `; extender ${main}`) +
      '\n\n' +
      renderTable(
        [
          'after',
          'calls',
          'p50 ms',
          'max ms',
          'resident MiB (after GC)',
          'peak resident MiB (VmHWM)',
        ],
        results.map((r) => [r.verb, r.calls, r.p50Ms, r.maxMs, r.rssMiB, r.peakMiB])
      ) +
      '\n'
  )
  const path = saveResults(
    {
      machine: machineInfo(extraNodeFlags),
      main: main ?? null,
      nodes,
      bodyMiB,
      calls,
      extraNodeFlags,
      peaks: results,
    },
    '-peak'
  )
  process.stdout.write(`\nresults saved to ${path}\n`)
}

runMain('[peak]', main)
