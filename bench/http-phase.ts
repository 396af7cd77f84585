/**
 * The bench's HTTP phase (run.ts): the floor and the real extender as processes, in full-node
 * mode and then in node-cache mode against the bench's API server, each size's sequential
 * scenarios and then its concurrent runs, the machine's steadiness around them, and the memory
 * checks. Answers are checked as they come; what was wrong is collected, never thrown.
 */
import { placeServer, type CpuPlacement } from './cpu-placement.js'
import { stolenCell } from './cpu-steal.js'
import { quietCell } from './steal-windows.js'
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
import { startNodeApiServer } from './node-apiserver.js'
import { releasePayloadCaches, type Mode } from './payloads.js'
import type { Plan, SizePlan } from './plan.js'
import {
  startExtender,
  startFloor,
  type ExtenderProcessOptions,
  type ServiceProcess,
} from './processes.js'

export const progress = (line: string): void => void process.stderr.write(`[bench] ${line}\n`)

export interface HttpPhase {
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
            `(floor ${r.floor.p99Us} µs), background threads ${r.extenderBackgroundCpuMs ?? '?'} ms, ` +
            `stolen ${stolenCell(r.stolen)} ms, ` +
            `p99 of the blocks without steal ${quietCell(r.extender.bySteal)}` +
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

/**
 * Both modes' scenarios against the floor. `extender` says how to start each extender beyond
 * the defaults: flags after NODE_FLAGS, for trying a Node.js or V8 flag (`run.js --node-flag`),
 * and where its stdout goes (`run.js --extender-stdout`).
 */
export async function runHttp(
  plan: Plan,
  placement: CpuPlacement | null,
  extender: Pick<ExtenderProcessOptions, 'extraNodeFlags' | 'stdoutFile'> = {}
): Promise<HttpPhase> {
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
    if (plan.full.length > 0) await runFullNodeMode(plan, floor, phase, placement, extender)
    if (plan.names.length > 0) await runNodeCacheMode(plan, floor, phase, placement, extender)
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
  placement: CpuPlacement | null,
  options: ExtenderProcessOptions
): Promise<void> {
  progress('full-node mode: starting the extender without a cluster')
  const full = await startExtender(['--disable-node-cache'], undefined, options)
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
  placement: CpuPlacement | null,
  options: ExtenderProcessOptions
): Promise<void> {
  const indexed = plan.memory.indexedNodes
  progress(`node-cache mode: API server with ${indexed} realistic nodes; waiting for /readyz`)
  const api = await startNodeApiServer(indexed)
  try {
    const cached = await startExtender(['--kubeconfig', api.kubeconfig], undefined, options)
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
