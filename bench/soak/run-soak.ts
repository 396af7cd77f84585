/**
 * `npm run soak [-- --duration 10m]`: the real extender process in node-cache mode against a
 * fake list/watch API server holding a realistic fleet, under mixed filter/prioritize/preempt
 * load in both modes while nodes churn and watches are cut and expired. Every reply is checked
 * against the reference rules. Exits 1 on any error or wrong answer, 2 on a bad flag.
 */
import { startExtender } from '../processes.js'
import { seededRandom } from '../random.js'
import { runMain } from '../run-main.js'
import { FakeApiServer, kubeconfigFor } from '../../test/support/fake-apiserver.js'
import { startChurner } from './soak-churner.js'
import { SoakFleet } from './soak-fleet.js'
import { emptyTally, runLoad, type LoadTally } from './soak-load.js'
import { startSampler, type MetricsSample } from './soak-metrics.js'
import { parseSoakOptions, type SoakOptions } from './soak-options.js'
import { formatDuration, formatReport } from './soak-report.js'
import { SoakRequestMaker } from './soak-requests.js'

const SAMPLE_EVERY_MS = 5_000
const PROGRESS_EVERY_MS = 30_000

const progress = (text: string): void => void process.stderr.write(`[soak] ${text}\n`)

function progressLine(tally: LoadTally, sample: MetricsSample): string {
  const served = [...tally.byVerbMode.values()].reduce((n, c) => n + c.served, 0)
  const rss = ((sample.residentBytes ?? 0) / 1048576).toFixed(1)
  return (
    `${formatDuration(sample.atMs)}: ${served} served, ${tally.errors} errors, ` +
    `${tally.wrong} wrong; rss ${rss} MiB; relists ${sample.relists ?? '?'}`
  )
}

async function soak(options: SoakOptions): Promise<boolean> {
  const server = await FakeApiServer.start()
  const fleet = new SoakFleet(server, options)
  fleet.populate(options.nodes)
  progress(`fake API server ${server.url} holds ${server.nodeCount} nodes`)
  const extender = await startExtender(['--kubeconfig', kubeconfigFor(server.url)])
  const url = `http://127.0.0.1:${extender.port}`
  progress(`extender ready at ${url}; running ${formatDuration(options.durationMs)}`)
  const startedAt = Date.now()
  const random = seededRandom(20251120)
  const tally = emptyTally()
  let nextProgress = startedAt + PROGRESS_EVERY_MS
  const sampler = startSampler(url, SAMPLE_EVERY_MS, (sample) => {
    if (Date.now() < nextProgress) return
    nextProgress += PROGRESS_EVERY_MS
    progress(progressLine(tally, sample))
  })
  const churner = startChurner(server, fleet, options, random)
  try {
    const maker = new SoakRequestMaker(fleet, random)
    const deadline = startedAt + options.durationMs
    await runLoad({ url, clients: options.clients, deadline, maker, fleet, tally })
  } finally {
    churner.stop()
  }
  const elapsedMs = Date.now() - startedAt
  const samples = await sampler.stop()
  const exitCode = await extender.stop()
  const apiServer = {
    list: server.requests('list'),
    watch: server.requests('watch'),
    get: server.requests('get'),
  }
  await server.close()
  const churn = churner.stats
  const extenderLogs = extender.complaints
  const report = formatReport({
    options,
    elapsedMs,
    tally,
    churn,
    samples,
    apiServer,
    extenderLogs,
    exitCode,
  })
  process.stdout.write(report.join('\n') + '\n')
  return tally.errors === 0 && tally.wrong === 0
}

let options: SoakOptions
try {
  options = parseSoakOptions(process.argv.slice(2))
} catch (err) {
  process.stderr.write(`soak: ${err instanceof Error ? err.message : String(err)}\n`)
  process.exit(2)
}
runMain('soak', async () => ((await soak(options)) ? 0 : 1))
