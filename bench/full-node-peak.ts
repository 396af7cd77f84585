/**
 * The extender's peak resident size in full-node mode when large bodies come one after another,
 * as kube-scheduler sends them: `node dist-bench/bench/full-node-peak.js [--nodes=5000]
 * [--calls=15] [--node-flag=<flag>]...` (after `npm run bench:quick` has built dist-bench/).
 *
 * Why: a full-node body is tens of MiB (5000 nodes: 77 MiB), node:http hands it to JavaScript as
 * Buffers outside V8's heap, and when V8 collects them decides how high resident size climbs.
 * `npm run bench` reports the peak after its concurrent runs too, which no scheduler sends; this
 * sends filter, then prioritize, `calls` times each on one keep-alive connection, every reply
 * checked, and reads the process's VmHWM (the memory probe's maxRss) after each verb. It is what
 * showed `--external-memory-accounted-in-global-limit` taking the peak past the manifests' 512 MiB
 * limit on Node.js 24 (src/config/v8-runtime-flags.ts). No thresholds; JSON beside the bench's.
 */
import { flagValues, option } from './command-line.js'
import { KeepAliveConnection } from './keep-alive-connection.js'
import { mib } from './memory.js'
import { fullNodeRequests } from './node-cache-requests.js'
import { startExtender } from './processes.js'
import { machineInfo, renderTable, saveResults } from './report.js'
import { runMain } from './run-main.js'

interface PeakResult {
  readonly verb: 'filter' | 'prioritize'
  readonly calls: number
  /** Resident size after a forced full collection, MiB. */
  readonly rssMiB: number
  /** The process's peak resident size so far (VmHWM), MiB. */
  readonly peakMiB: number
}

async function main(): Promise<void> {
  const nodes = option('nodes', 5000)
  const calls = option('calls', 15)
  const extraNodeFlags = flagValues('node-flag')
  const { service } = await startExtender(['--disable-node-cache'], 30_000, { extraNodeFlags })
  const results: PeakResult[] = []
  let bodyMiB = 0
  try {
    const connection = await KeepAliveConnection.open(service.port)
    for (const verb of ['filter', 'prioritize'] as const) {
      // The first call, which checks the reply, counts as one of `calls`.
      const [request] = await fullNodeRequests([connection], verb, 3, nodes)
      if (request === undefined) throw new Error('no request was made')
      bodyMiB = mib(request.length)
      for (let i = 1; i < calls; i++) await connection.request(request)
      const memory = await service.memory()
      results.push({ verb, calls, rssMiB: mib(memory.rss), peakMiB: mib(memory.maxRss) })
      process.stderr.write(`[peak] ${verb}: peak ${mib(memory.maxRss)} MiB so far\n`)
    }
    connection.close()
  } finally {
    await service.stop()
  }
  process.stdout.write(
    `\nFull-node mode, ${nodes} nodes a call (${bodyMiB} MiB), ${calls} calls in a row per verb` +
      (extraNodeFlags.length === 0 ? '' : `; flags after NODE_FLAGS: ${extraNodeFlags.join(' ')}`) +
      '\n\n' +
      renderTable(
        ['after', 'calls', 'resident MiB (after GC)', 'peak resident MiB (VmHWM)'],
        results.map((r) => [r.verb, r.calls, r.rssMiB, r.peakMiB])
      ) +
      '\n'
  )
  const path = saveResults(
    { machine: machineInfo(extraNodeFlags), nodes, bodyMiB, calls, extraNodeFlags, peaks: results },
    '-peak'
  )
  process.stdout.write(`\nresults saved to ${path}\n`)
}

runMain('[peak]', main)
