/**
 * The benchmark driver: `node dist-bench/bench/run.js [--quick] [--only=full|names] [--no-pin]`
 * (after `npm run build`); `--only` runs one mode's HTTP scenarios and skips the
 * micro-benchmarks and the heap-per-call count; `--no-pin` leaves CPU placement to the OS (see
 * cpu-placement.ts). Starts the floor server and the real extender as processes, runs the HTTP
 * scenarios, the memory checks, the core micro-benchmarks and the heap allocated per call,
 * prints tables and saves JSON. Exits 1 only when something was wrong (non-200s, wrong replies,
 * a process failing), never because of a timing.
 */
import { loadavg } from 'node:os'
import { placeClient, placeServer, type CpuPlacement } from './cpu-placement.js'
import { runHeapPerCall, type HeapPerCall } from './heap-per-call.js'
import {
  runConcurrentPart,
  runSequentialPart,
  warmUp,
  type SequentialPart,
  type ScenarioResult,
} from './http-scenarios.js'
import {
  distinctPodStream,
  snapshot,
  type DistinctPodStream,
  type MemorySnapshot,
} from './memory.js'
import { sampleSteadiness, type SteadinessSample } from './machine-steadiness.js'
import { runMicro } from './micro.js'
import { runWireMicro } from './micro-wire.js'
import { startNodeApiServer } from './node-apiserver.js'
import { releasePayloadCaches, type Mode } from './payloads.js'
import { FULL_PLAN, QUICK_PLAN, type Plan, type SizePlan } from './plan.js'
import { startExtender, startFloor, type ServiceProcess } from './processes.js'
import {
  concurrentLatencyTable,
  httpTable,
  codeInfo,
  heapPerCallTable,
  machineInfo,
  memoryTable,
  microTable,
  saveResults,
  steadinessTable,
  streamSummary,
} from './report.js'

const progress = (line: string): void => void process.stderr.write(`[bench] ${line}\n`)

interface HttpPhase {
  scenarios: ScenarioResult[]
  /** Wrong or failed replies outside the scenarios (the warm-up). */
  problems: string[]
  memory: MemorySnapshot[]
  stream: DistinctPodStream | null
  startup: Record<string, unknown>
  notes: string[]
  /** The machine's steadiness before and after each size's sequential scenarios. */
  steadiness: SteadinessSample[]
}

async function runMatrix(
  plan: Plan,
  mode: Mode,
  sizes: readonly SizePlan[],
  extender: ServiceProcess,
  floor: ServiceProcess,
  phase: HttpPhase
): Promise<void> {
  const ports = { extender: extender.port, floor: floor.port, extenderPid: extender.pid }
  for (const size of sizes) {
    // Each size, not only the first: the first scenario after a jump in size otherwise took the
    // heap's and the JIT's settling into its tail.
    if (size.warmUpSeconds > 0) {
      progress(`${mode} ${size.size}: warming up both processes (${size.warmUpSeconds} s each)`)
      phase.problems.push(...(await warmUp(mode, size.size, ports, size.warmUpSeconds)))
    }
    // Every sequential part of a size before any concurrent run. A concurrent run promotes enough
    // garbage to bring a major collection, which deoptimises much of the optimised code ("weak
    // objects") and brings a burst of recompiling on V8's background thread, on the client's
    // CPU: run between them, it landed in a later scenario's sequential calls.
    phase.steadiness.push(sampleSteadiness(`before ${mode} ${size.size}`))
    const parts: SequentialPart[] = []
    for (const tolerations of plan.tolerations) {
      for (const verb of plan.verbs) {
        const part = await runSequentialPart(verb, mode, size, tolerations, ports)
        parts.push(part)
        const r = part.result
        progress(
          `${verb} ${mode} ${size.size} nodes, ${tolerations} tolerations: p50 ${r.extender.p50Us} µs ` +
            `(floor ${r.floor.p50Us} µs, ×${r.ratioP50}), p99 ${r.extender.p99Us} µs ` +
            `(floor ${r.floor.p99Us} µs), background threads ${r.extenderBackgroundCpuMs ?? '?'} ms` +
            (r.problems.length > 0 ? ` PROBLEMS: ${r.problems.join('; ')}` : '')
        )
      }
    }
    phase.steadiness.push(sampleSteadiness(`after ${mode} ${size.size}`))
    for (const part of parts) {
      const r = await runConcurrentPart(part, size, ports, plan.connections)
      phase.scenarios.push(r)
      if (r.concurrent !== null) {
        progress(
          `${r.verb} ${mode} ${size.size} nodes, ${r.tolerations} tolerations, ${plan.connections} connections: ` +
            `${r.concurrent.extender.reqPerSec} req/s (floor ${r.concurrent.floor.reqPerSec}, ×${r.concurrent.ratio})`
        )
      }
    }
  }
}

async function runHttp(plan: Plan, placement: CpuPlacement | null): Promise<HttpPhase> {
  const phase: HttpPhase = {
    scenarios: [],
    problems: [],
    memory: [],
    stream: null,
    startup: {},
    notes: [],
    steadiness: [],
  }
  const floor = await startFloor()
  try {
    placeServer(placement, floor.pid)
    if (plan.full.length > 0) await runFullNodeMode(plan, floor, phase, placement)
    if (plan.names.length > 0) await runNodeCacheMode(plan, floor, phase, placement)
  } finally {
    await floor.stop()
    phase.notes.push(...floor.complaints)
  }
  return phase
}

async function runFullNodeMode(
  plan: Plan,
  floor: ServiceProcess,
  phase: HttpPhase,
  placement: CpuPlacement | null
): Promise<void> {
  progress('full-node mode: starting the extender without a cluster')
  const full = await startExtender(['--disable-node-cache'])
  phase.startup.fullNodeReadyMs = Math.round(full.readyMs)
  try {
    placeServer(placement, full.service.pid)
    phase.memory.push(await snapshot(full.service, 'full-node: idle after start'))
    await runMatrix(plan, 'full', plan.full, full.service, floor, phase)
    releasePayloadCaches()
    const largest = Math.max(...plan.full.map((s) => s.size))
    phase.memory.push(
      await snapshot(full.service, `full-node: after the runs (up to ${largest} nodes/request)`)
    )
  } finally {
    await full.service.stop()
    phase.notes.push(...full.service.complaints)
  }
}

async function runNodeCacheMode(
  plan: Plan,
  floor: ServiceProcess,
  phase: HttpPhase,
  placement: CpuPlacement | null
): Promise<void> {
  const indexed = plan.memory.indexedNodes
  progress(`node-cache mode: API server with ${indexed} realistic nodes; waiting for /readyz`)
  const api = await startNodeApiServer(indexed)
  try {
    const cached = await startExtender(['--kubeconfig', api.kubeconfig])
    phase.startup.nodeCacheReadyMs = Math.round(cached.readyMs)
    phase.startup.indexedNodes = indexed
    progress(`node-cache mode: ready after ${Math.round(cached.readyMs)} ms`)
    try {
      placeServer(placement, cached.service.pid)
      phase.memory.push(
        await snapshot(cached.service, `node-cache: ${indexed} nodes indexed, idle`)
      )
      await runMatrix(plan, 'names', plan.names, cached.service, floor, phase)
      progress(`memory: ${plan.memory.distinctPods} requests with distinct toleration sets`)
      phase.stream = await distinctPodStream(
        cached.service,
        plan.memory.distinctPods,
        plan.memory.checkpointEvery,
        plan.memory.namesPerRequest,
        `node-cache (${indexed} indexed)`
      )
      phase.memory.push(...phase.stream.checkpoints)
    } finally {
      await cached.service.stop()
      phase.notes.push(...cached.service.complaints)
    }
    phase.startup.apiServerRequests = { ...api.requests }
  } finally {
    await api.close()
  }
}

async function main(): Promise<number> {
  const quick = process.argv.includes('--quick')
  const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length)
  if (only !== undefined && only !== 'full' && only !== 'names') {
    throw new Error(`--only takes full or names, not ${only}`)
  }
  const base = quick ? QUICK_PLAN : FULL_PLAN
  const plan: Plan =
    only === undefined
      ? base
      : {
          ...base,
          full: only === 'full' ? base.full : [],
          names: only === 'names' ? base.names : [],
        }
  const { placement, why } = placeClient(!process.argv.includes('--no-pin'))
  const machine = machineInfo()
  machine.placement = why
  const code = codeInfo()
  const started = performance.now()
  progress(
    `${quick ? 'quick' : 'full'} run on ${machine.cpuModel} ×${machine.cores}, Node ${machine.node}; ${why}`
  )

  const http = await runHttp(plan, placement)
  progress('micro-benchmarks of the core')
  const core = only === undefined ? runMicro(plan.micro) : { results: [], problems: [] }
  const wire = only === undefined ? runWireMicro(plan.micro) : { results: [], problems: [] }
  const micro = {
    results: [...core.results, ...wire.results],
    problems: [...core.problems, ...wire.problems],
  }
  let heapPerCall: HeapPerCall[] = []
  if (only === undefined) {
    progress('heap allocated per node-cache call')
    heapPerCall = await runHeapPerCall(plan.micro.sizes, plan.micro.heapCalls)
  }

  const problems = [
    ...http.problems,
    ...http.scenarios.flatMap((s) => s.problems),
    ...micro.problems,
    ...(http.stream === null || (http.stream.non200 === 0 && http.stream.wrong === 0)
      ? []
      : [
          `distinct-pod stream: ${http.stream.non200} non-200, ${http.stream.wrong} wrong; first: ${http.stream.firstProblem}`,
        ]),
  ]
  const out = process.stdout
  out.write(
    '\nHTTP, sequential keep-alive client (one request at a time) and autocannon concurrent run\n'
  )
  out.write(
    'ratios: extender / floor (bare node:http + JSON.parse + same-shaped reply, same run)\n\n'
  )
  out.write(httpTable(http.scenarios) + '\n\n')
  out.write(`Concurrent runs (${plan.connections} connections): latency\n\n`)
  out.write(concurrentLatencyTable(http.scenarios) + '\n\n')
  out.write('Micro-benchmarks (in-process, no HTTP): the rules, then the node-cache wire work\n\n')
  out.write(microTable(micro.results) + '\n\n')
  if (heapPerCall.length > 0) {
    out.write('Heap allocated per node-cache call, whole server (in-process, real HTTP)\n\n')
    out.write(heapPerCallTable(heapPerCall) + '\n\n')
  }
  out.write(
    "Machine steadiness: fixed work timed 400 times, around each size's sequential scenarios\n\n"
  )
  out.write(steadinessTable(http.steadiness) + '\n\n')
  out.write('Memory\n\n' + memoryTable(http.memory) + '\n')
  if (http.stream !== null) out.write('\n' + streamSummary(http.stream) + '\n')
  out.write(`\nstartup: ${JSON.stringify(http.startup)}\n`)
  if (http.notes.length > 0) out.write(`\nprocess log warnings:\n  ${http.notes.join('\n  ')}\n`)

  const wallSeconds = Math.round((performance.now() - started) / 100) / 10
  machine.loadAverageAtEnd = loadavg().map((l) => Math.round(l * 100) / 100)
  out.write(`\nmachine: ${JSON.stringify(machine)}\ncode: ${JSON.stringify(code)}\n`)
  const path = saveResults(
    {
      machine,
      quick,
      wallSeconds,
      plan,
      http: http.scenarios,
      micro: micro.results,
      heapPerCall,
      steadiness: http.steadiness,
      memory: http.memory,
      distinctPodStream: http.stream,
      startup: http.startup,
      notes: http.notes,
      problems,
    },
    quick ? '-quick' : ''
  )
  out.write(`\nresults saved to ${path} (${wallSeconds} s)\n`)
  if (problems.length > 0) {
    out.write(`\n${problems.length} PROBLEM(S):\n  ${problems.join('\n  ')}\n`)
    return 1
  }
  return 0
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(
      `[bench] failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`
    )
    process.exit(1)
  }
)
