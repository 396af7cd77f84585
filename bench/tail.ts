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
 * and compile jobs). After each scenario the machine's steadiness is sampled
 * (machine-steadiness.ts): a scenario whose slow calls came with the memory loop's times far
 * above its quiet ones (p50 0.6–0.9 ms, p99 under 1 ms) ran in a noisy spell. No thresholds:
 * it measures, and saves JSON beside the bench's.
 *
 * `--order=scheduler` names the nodes as kube-scheduler would (scheduler-order.ts), cycling
 * through ORDERS such lists, each from another start, instead of the first `names` nodes in the
 * index's own order (the main bench's, and the default here).
 */
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PerformanceObserver } from 'node:perf_hooks'
import { setTimeout as delay } from 'node:timers/promises'
import { placeClient, placeServer } from './cpu-placement.js'
import { KeepAliveConnection, postRequestBytes } from './keep-alive-connection.js'
import { sampleSteadiness, type SteadinessSample } from './machine-steadiness.js'
import { startNodeApiServer } from './node-apiserver.js'
import { expectedForNodes, namesRequestBody, payload, type Verb } from './payloads.js'
import { startExtender, TAIL_PROBE } from './processes.js'
import { tolerationsFor, type TolerationCount } from './realistic-pod.js'
import { codeInfo, machineInfo, renderTable, saveResults } from './report.js'
import { percentile, round3 } from './stats.js'
import { schedulerNodeOrder } from './scheduler-order.js'
import { backgroundCpu } from './thread-cpu.js'
import { replyCheck } from './validate.js'

const SLOW_MS = 2
const INDEXED_NODES = 15000
const SPANS = ['before', 'body', 'compute', 'flush', 'after'] as const
/** Lists in kube-scheduler's order per scenario, sent in turn (--order=scheduler). */
const ORDERS = 8

type NameOrder = 'index' | 'scheduler'
type Span = (typeof SPANS)[number]

type Row = [head: number, body: number, reply: number, finish: number]
interface ProbeDump {
  readonly rows: Row[]
  readonly collections: [number, number][]
}

export interface TailResult {
  readonly verb: Verb
  readonly tolerations: TolerationCount
  readonly calls: number
  readonly p50Ms: number
  readonly p99Ms: number
  readonly maxMs: number
  readonly slow: number
  readonly slowBySpan: Record<Span, number>
  readonly slowWithServerGc: number
  readonly slowWithClientGc: number
  readonly serverComputeP50Ms: number
  readonly serverComputeP99Ms: number
  readonly serverCollections: number
  readonly backgroundThreadCpuMs: number | null
  /** The machine's steadiness right after the scenario (see machine-steadiness.ts). */
  readonly steadiness: SteadinessSample
}

const now = (): number => performance.timeOrigin + performance.now()

function option(name: string, fallback: number): number {
  const raw = process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)
  const value = raw === undefined ? fallback : Number(raw)
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} takes a positive number`)
  return value
}

async function readDump(path: string): Promise<ProbeDump> {
  for (let waited = 0; !existsSync(path); waited += 20) {
    if (waited > 10_000) throw new Error('the tail probe wrote nothing')
    await delay(20)
  }
  await delay(20)
  const dump = JSON.parse(readFileSync(path, 'utf8')) as ProbeDump
  rmSync(path)
  return dump
}

function nameOrder(): NameOrder {
  const raw = process.argv.find((a) => a.startsWith('--order='))?.slice('--order='.length)
  if (raw === undefined || raw === 'index' || raw === 'scheduler') return raw ?? 'index'
  throw new Error(`--order takes index or scheduler, got ${JSON.stringify(raw)}`)
}

/**
 * The scenario's requests, each checked against the reference answer once: one naming the first
 * `names` nodes in index order, or ORDERS in kube-scheduler's order from different starts.
 */
async function scenarioRequests(
  connection: KeepAliveConnection,
  verb: Verb,
  tolerations: TolerationCount,
  names: number,
  order: NameOrder
): Promise<Buffer[]> {
  const tols = tolerationsFor(tolerations)
  const scenarios =
    order === 'index'
      ? [payload(verb, 'names', names, tolerations)]
      : Array.from({ length: ORDERS }, (_, seed) => {
          const positions = schedulerNodeOrder(INDEXED_NODES, names, seed + 1)
          return {
            body: namesRequestBody(positions, tols),
            expected: expectedForNodes(positions, tols),
          }
        })
  const requests: Buffer[] = []
  for (const { body, expected } of scenarios) {
    const request = postRequestBytes(`/${verb}`, body)
    const wrong = replyCheck(
      verb,
      'names',
      expected,
      false
    )(Buffer.from((await connection.request(request)).body))
    if (wrong !== null) throw new Error(`${verb}: wrong reply: ${wrong}`)
    requests.push(request)
  }
  return requests
}

async function keepCalling(
  connection: KeepAliveConnection,
  requests: readonly Buffer[],
  forMs: number
): Promise<void> {
  for (let i = 0, until = performance.now() + forMs; performance.now() < until; i++) {
    await connection.request(requests[i % requests.length] as Buffer)
  }
}

const overlaps = (gcs: readonly [number, number][], from: number, to: number): boolean =>
  gcs.some(([start, duration]) => start < to && start + duration > from)

function analyse(
  calls: readonly [number, number][],
  dump: ProbeDump,
  clientGcs: readonly [number, number][]
): Omit<TailResult, 'verb' | 'tolerations' | 'backgroundThreadCpuMs' | 'steadiness'> {
  if (dump.rows.length !== calls.length) {
    throw new Error(`the probe timed ${dump.rows.length} requests, the client ${calls.length}`)
  }
  const latencies = calls.map(([from, to]) => to - from).sort((a, b) => a - b)
  const compute = dump.rows.map(([, body, reply]) => reply - body).sort((a, b) => a - b)
  const slowBySpan: Record<Span, number> = { before: 0, body: 0, compute: 0, flush: 0, after: 0 }
  let slow = 0
  let slowWithServerGc = 0
  let slowWithClientGc = 0
  calls.forEach(([from, to], i) => {
    if (to - from <= SLOW_MS) return
    slow++
    const [head, body, reply, finish] = dump.rows[i] as Row
    const spans = [head - from, body - head, reply - body, finish - reply, to - finish]
    const longest = spans.indexOf(Math.max(...spans))
    slowBySpan[SPANS[longest] as Span]++
    if (overlaps(dump.collections, from, to)) slowWithServerGc++
    if (overlaps(clientGcs, from, to)) slowWithClientGc++
  })
  return {
    calls: calls.length,
    p50Ms: round3(percentile(latencies, 0.5)),
    p99Ms: round3(percentile(latencies, 0.99)),
    maxMs: round3(latencies[latencies.length - 1] ?? Number.NaN),
    slow,
    slowBySpan,
    slowWithServerGc,
    slowWithClientGc,
    serverComputeP50Ms: round3(percentile(compute, 0.5)),
    serverComputeP99Ms: round3(percentile(compute, 0.99)),
    serverCollections: dump.collections.length,
  }
}

async function main(): Promise<void> {
  const calls = option('calls', 3000)
  const warmUpMs = option('warm-up', 3) * 1000
  const names = option('names', 5000)
  const order = nameOrder()
  // e.g. --node-flag=--no-external-memory-accounted-in-global-limit: the run without a flag main
  // sets (src/config/v8-runtime-flags.ts), to measure what it does.
  const nodeFlags = process.argv
    .filter((a) => a.startsWith('--node-flag='))
    .map((a) => a.slice('--node-flag='.length))
  const { placement, why } = placeClient(!process.argv.includes('--no-pin'))
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
        const requests = await scenarioRequests(connection, verb, tolerations, names, order)
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
        for (let i = 0; i < calls; i++) {
          const from = now()
          await connection.request(requests[i % requests.length] as Buffer)
          timed.push([from, now()])
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
          steadiness: sampleSteadiness(`after ${verb} ${tolerations}`),
        }
        results.push(r)
        process.stderr.write(
          `[tail] ${verb} ${tolerations} tolerations: p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, ` +
            `${r.slow} over ${SLOW_MS} ms\n`
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

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(
      `[tail] failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`
    )
    process.exit(1)
  }
)
