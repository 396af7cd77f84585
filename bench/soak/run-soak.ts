/**
 * `npm run soak [-- --duration 10m]`: the real extender process (`node dist/main.js`) in
 * node-cache mode against a fake list/watch API server holding a realistic fleet, under mixed
 * filter/prioritize/preempt load in both modes while nodes churn and watches are cut and
 * expired. Every reply is checked against the reference rules. Exits 1 on any error or wrong
 * answer, 2 on a bad flag.
 */
import { seededRandom } from '../random.js'
import { runMain } from '../run-main.js'
import { FakeApiServer, kubeconfigFor } from '../../test/support/fake-apiserver.js'
import { startChurner } from './soak-churner.js'
import { startExtender } from './soak-extender.js'
import { SoakFleet } from './soak-fleet.js'
import { emptyTally, runLoad } from './soak-load.js'
import { MetricsSampler } from './soak-metrics.js'
import { parseSoakOptions, type SoakOptions } from './soak-options.js'
import { formatDuration, formatReport } from './soak-report.js'
import { SoakRequestMaker } from './soak-requests.js'

const PROGRESS_EVERY_MS = 30_000

function progress(text: string): void {
  process.stderr.write(`[soak] ${text}\n`)
}

async function soak(options: SoakOptions): Promise<boolean> {
  const server = await FakeApiServer.start()
  const fleet = new SoakFleet(server, options)
  fleet.populate(options.nodes)
  progress(`fake API server ${server.url} holds ${server.nodeCount} nodes`)
  const extender = await startExtender(kubeconfigFor(server.url))
  progress(
    `extender pid ${extender.pid} ready at ${extender.url}; running ${formatDuration(options.durationMs)}`
  )

  const startedAt = Date.now()
  const deadline = startedAt + options.durationMs
  const random = seededRandom(20251120)
  const tally = emptyTally()
  const sampler = new MetricsSampler(extender.url, startedAt)
  let nextProgress = startedAt + PROGRESS_EVERY_MS
  sampler.start(options.sampleEveryMs, (sample) => {
    if (Date.now() < nextProgress) return
    nextProgress += PROGRESS_EVERY_MS
    const served = [...tally.byVerbMode.values()].reduce((n, c) => n + c.served, 0)
    progress(
      `${formatDuration(sample.atMs)}: ${served} served, ${tally.errors} errors, ${tally.wrong} wrong; ` +
        `rss ${((sample.residentBytes ?? 0) / 1048576).toFixed(1)} MiB; ` +
        `relists ${sample.relists ?? '?'}, watch restarts ${sample.watchRestarts ?? '?'}`
    )
  })
  const churner = startChurner(server, fleet, options, random)
  const stopChurnAtDeadline = setTimeout(() => churner.stop(), options.durationMs)
  try {
    await runLoad({
      url: extender.url,
      clients: options.clients,
      deadline,
      maker: new SoakRequestMaker(fleet, random),
      fleet,
      tally,
    })
  } finally {
    clearTimeout(stopChurnAtDeadline)
    churner.stop()
  }
  const elapsedMs = Date.now() - startedAt
  await sampler.stop().catch(() => undefined)
  const exitCode = await extender.stop()
  const apiServer = {
    list: server.requests('list'),
    watch: server.requests('watch'),
    get: server.requests('get'),
  }
  await server.close()
  const lines = formatReport({
    options,
    elapsedMs,
    tally,
    churn: churner.stats,
    samples: sampler.samples,
    livezMs: sampler.livezMs,
    apiServer,
    extenderLogs: extender.logs,
    exitCode,
  })
  process.stdout.write(lines.join('\n') + '\n')
  return tally.errors === 0 && tally.wrong === 0
}

let options: SoakOptions | null
try {
  options = parseSoakOptions(process.argv.slice(2))
} catch (err) {
  process.stderr.write(`soak: ${err instanceof Error ? err.message : String(err)}\n`)
  process.exit(2)
}
if (options !== null) {
  const chosen = options
  runMain('soak', async () => ((await soak(chosen)) ? 0 : 1))
}
