/**
 * Where the slow calls of node-cache mode go: `node dist-bench/bench/tail.js [--calls=3000]
 * [--warm-up=3] [--names=5000] [--order=index|scheduler] [--no-pin] [--node-flag=<flag>]...`
 * (`npm run bench:tail`).
 * Against the bench's API server (15000 realistic nodes) and the real extender with the tail
 * probe preloaded (tail-probe.ts), and any --node-flag on its command line, it runs each
 * node-cache scenario at one size: warm-up, then `calls` sequential calls on one keep-alive
 * connection, each timed by the client and, through the probe, by the server. Every call over
 * SLOW_MS is then split into five spans and filed under the longest:
 *
 *   before   client's first byte written → server has the request's head
 *   body     head → body complete
 *   compute  body → reply handed to end() (decode, rules, encode)
 *   flush    end() → reply handed to the kernel
 *   after    handed to the kernel → the client has the whole reply
 *
 * with whether a garbage collection of the server or of the client overlapped it, and the CPU
 * time the extender's threads other than its main one used in the window (V8's background GC
 * and compile jobs). The CPU time the host took (steal, cpu-steal.ts) is read over the window
 * and every 500 calls, and the calls of the half-second windows that lost none are summed
 * apart (steal-windows.ts). After each scenario the machine's steadiness is sampled
 * (machine-steadiness.ts): a scenario whose slow calls came with the memory loop's times far
 * above its quiet ones (p50 0.6–0.9 ms, p99 under 1 ms) ran in a noisy spell. No thresholds:
 * it measures, and saves JSON beside the bench's.
 *
 * `--order=scheduler` names the nodes as kube-scheduler would (scheduler-order.ts), cycling
 * through ORDERS such lists (node-cache-requests.ts), each from another start, instead of the
 * first `names` nodes in the index's own order (the main bench's, and the default here).
 */
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PerformanceObserver } from 'node:perf_hooks'
import { setTimeout as delay } from 'node:timers/promises'
import { flagValues, hasFlag, option } from './command-line.js'
import { placeClient, placeServer } from './cpu-placement.js'
import { readStealTicks, stolenBetween, stolenCell } from './cpu-steal.js'
import { KeepAliveConnection } from './keep-alive-connection.js'
import { sampleSteadiness } from './machine-steadiness.js'
import { INDEXED_NODES, nameOrder, scenarioRequests } from './node-cache-requests.js'
import { startNodeApiServer } from './node-apiserver.js'
import { startExtender, TAIL_PROBE } from './processes.js'
import { codeInfo, machineInfo, renderTable, saveResults } from './report.js'
import { runMain } from './run-main.js'
import { callsBySteal, STEAL_WINDOW_CALLS, type CallsSummary } from './steal-windows.js'
import { analyse, readDump, SLOW_MS, SPANS, type TailResult } from './tail-analysis.js'
import { backgroundCpu } from './thread-cpu.js'

const now = (): number => performance.timeOrigin + performance.now()

/** `calls, p99, slow` of the calls in windows without steal; `-` when unknown. */
const callsCell = (c: CallsSummary | undefined): string =>
  c === undefined ? '-' : `${c.calls}, ${c.p99Ms ?? '-'}, ${c.slow}`

async function keepCalling(
  connection: KeepAliveConnection,
  requests: readonly Buffer[],
  forMs: number
): Promise<void> {
  for (let i = 0, until = performance.now() + forMs; performance.now() < until; i++) {
    await connection.request(requests[i % requests.length] as Buffer)
  }
}

async function main(): Promise<void> {
  const calls = option('calls', 3000)
  const warmUpMs = option('warm-up', 3) * 1000
  const names = option('names', 5000)
  const order = nameOrder('index')
  // e.g. --node-flag=--no-external-memory-accounted-in-global-limit: the run without a flag main
  // sets (src/config/v8-runtime-flags.ts), to measure what it does.
  const nodeFlags = flagValues('node-flag')
  const { placement, why } = placeClient(!hasFlag('no-pin'))
  const clientGcs: [number, number][] = []
  let recording = false
  new PerformanceObserver((list) => {
    if (!recording) return
    for (const e of list.getEntries())
      clientGcs.push([performance.timeOrigin + e.startTime, e.duration])
  }).observe({ entryTypes: ['gc'] })

  process.stderr.write(
    `[tail] ${names} names in ${order} order, ${calls} calls per scenario; ${why}` +
      (nodeFlags.length > 0 ? `; extender also started with ${nodeFlags.join(' ')}` : '') +
      '\n'
  )
  const api = await startNodeApiServer(INDEXED_NODES)
  const out = join(tmpdir(), `taint-extender-tail-${process.pid}.json`)
  const { service } = await startExtender(['--kubeconfig', api.kubeconfig], 120_000, {
    preload: TAIL_PROBE,
    env: { TAIL_PROBE_OUT: out },
    extraNodeFlags: nodeFlags,
  })
  const results: TailResult[] = []
  try {
    placeServer(placement, service.pid)
    for (const tolerations of [0, 3, 20] as const) {
      for (const verb of ['filter', 'prioritize'] as const) {
        const connection = await KeepAliveConnection.open(service.port)
        const requests = await scenarioRequests([connection], verb, tolerations, names, order)
        // Half the warm-up in a throwaway window, so the probe's own path is compiled too.
        await keepCalling(connection, requests, warmUpMs / 2)
        service.signal('SIGUSR2')
        await keepCalling(connection, requests, warmUpMs / 2)
        service.signal('SIGUSR2')
        await readDump(out)
        const background = backgroundCpu(service.pid)
        service.signal('SIGUSR2')
        await delay(50)
        clientGcs.length = 0
        recording = true
        const timed: [number, number][] = []
        const stealReadings = [readStealTicks()]
        for (let i = 0; i < calls; i++) {
          const from = now()
          await connection.request(requests[i % requests.length] as Buffer)
          timed.push([from, now()])
          if ((i + 1) % STEAL_WINDOW_CALLS === 0 || i + 1 === calls) {
            stealReadings.push(readStealTicks())
          }
        }
        recording = false
        const backgroundThreadCpuMs = background()
        service.signal('SIGUSR2')
        const dump = await readDump(out)
        connection.close()
        const r = {
          verb,
          tolerations,
          ...analyse(timed, dump, clientGcs),
          backgroundThreadCpuMs,
          stolen: stolenBetween(stealReadings[0] ?? null, stealReadings.at(-1) ?? null),
          bySteal: callsBySteal(
            timed.map(([from, to]) => to - from),
            stealReadings,
            STEAL_WINDOW_CALLS,
            SLOW_MS
          ),
          steadiness: sampleSteadiness(`after ${verb} ${tolerations}`),
        }
        results.push(r)
        process.stderr.write(
          `[tail] ${verb} ${tolerations} tolerations: p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, ` +
            `${r.slow} over ${SLOW_MS} ms, stolen ${stolenCell(r.stolen)} ms; ` +
            `without steal ${callsCell(r.bySteal?.quiet)}\n`
        )
      }
    }
  } finally {
    await service.stop()
    await api.close()
  }
  process.stdout.write(
    `\nNode-cache calls over ${SLOW_MS} ms at ${names} names in ${order} order, ` +
      `filed under their longest span\n\n` +
      renderTable(
        [
          'verb',
          'tol',
          'calls',
          'p50 ms',
          'p99 ms',
          'max ms',
          `>${SLOW_MS} ms`,
          ...SPANS,
          'w/ server GC',
          'w/ client GC',
          'compute p50/p99 ms',
          'server GCs',
          'bg thread CPU ms',
          'stolen ms',
          'no-steal windows: calls, p99 ms, >2 ms',
          'machine compute p50 µs',
          'memory p50/p99 µs',
        ],
        results.map((r) => [
          r.verb,
          r.tolerations,
          r.calls,
          r.p50Ms,
          r.p99Ms,
          r.maxMs,
          r.slow,
          ...SPANS.map((s) => r.slowBySpan[s]),
          r.slowWithServerGc,
          r.slowWithClientGc,
          `${r.serverComputeP50Ms} / ${r.serverComputeP99Ms}`,
          r.serverCollections,
          r.backgroundThreadCpuMs,
          stolenCell(r.stolen),
          callsCell(r.bySteal?.quiet),
          r.steadiness.compute.p50Us,
          `${r.steadiness.memory.p50Us} / ${r.steadiness.memory.p99Us}`,
        ])
      ) +
      '\n'
  )
  const machine = machineInfo(nodeFlags)
  machine.placement = why
  const path = saveResults(
    {
      machine,
      code: codeInfo(),
      names,
      order,
      calls,
      warmUpMs,
      extraNodeFlags: nodeFlags,
      tail: results,
    },
    '-tail'
  )
  process.stdout.write(`\nresults saved to ${path}\n`)
}

runMain('[tail]', main)
