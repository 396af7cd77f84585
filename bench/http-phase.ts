/**
 * The runner's HTTP phase (run.ts): the floor and the real extender as processes, in full-node
 * mode and then in node-cache mode against the bench's API server, each size's scenarios, and
 * the memory checks. Answers are checked as they come; what was wrong is collected, not thrown.
 */
import { runScenario, warmUp, type Ports, type ScenarioResult } from './http-scenarios.js'
import {
  distinctPodStream,
  snapshot,
  type DistinctPodStream,
  type MemorySnapshot,
} from './memory.js'
import { startNodeApiServer, type NodeApiServer } from './node-apiserver.js'
import { releasePayloadCaches, type Mode } from './payloads.js'
import type { Plan } from './plan.js'
import { startExtender, startFloor, type ServiceProcess } from './processes.js'

export const progress = (line: string): void => void process.stderr.write(`[bench] ${line}\n`)

export interface HttpPhase {
  readonly scenarios: ScenarioResult[]
  /** Wrong or failed replies outside the scenarios (the warm-up). */
  readonly problems: string[]
  /** The processes' warnings and errors on stderr: printed, not failing the run. */
  readonly notes: string[]
  readonly memory: MemorySnapshot[]
  stream: DistinctPodStream | null
}

async function runSizes(plan: Plan, mode: Mode, ports: Ports, phase: HttpPhase): Promise<void> {
  for (const size of mode === 'full' ? plan.full : plan.names) {
    // Each size, not only the first: the first scenario after a jump in size otherwise took the
    // heap's and the JIT's settling into its tail.
    if (size.warmUpSeconds > 0) {
      progress(`${mode} ${size.size}: warming up both processes (${size.warmUpSeconds} s each)`)
      phase.problems.push(...(await warmUp(mode, size.size, ports, size.warmUpSeconds)))
    }
    for (const tolerations of plan.tolerations) {
      for (const verb of ['filter', 'prioritize'] as const) {
        const r = await runScenario(verb, mode, size, tolerations, ports)
        phase.scenarios.push(r)
        progress(
          `${verb} ${mode} ${size.size}, ${tolerations} tolerations: p50 ${r.extender.p50Us} µs ` +
            `(floor ${r.floor.p50Us} µs, ×${r.ratioP50}), p99 ${r.extender.p99Us} µs ` +
            `(floor ${r.floor.p99Us} µs)` +
            (r.problems.length > 0 ? ` PROBLEMS: ${r.problems.join('; ')}` : '')
        )
      }
    }
  }
}

/** One mode's extender started, its scenarios and memory snapshots run, and stopped. */
async function runMode(
  plan: Plan,
  mode: Mode,
  floor: ServiceProcess,
  phase: HttpPhase,
  api: NodeApiServer | null
) {
  const extender = await startExtender(
    api === null ? ['--disable-node-cache'] : ['--kubeconfig', api.kubeconfig]
  )
  const label = api === null ? 'full-node' : `node-cache (${plan.memory.indexedNodes} indexed)`
  try {
    phase.memory.push(await snapshot(extender, `${label}: idle after start`))
    await runSizes(plan, mode, { extender: extender.port, floor: floor.port }, phase)
    if (mode === 'full') {
      releasePayloadCaches()
      phase.memory.push(await snapshot(extender, `${label}: after the runs`))
    } else {
      progress(`memory: ${plan.memory.distinctPods} requests with distinct toleration sets`)
      phase.stream = await distinctPodStream(extender, plan.memory, label)
      phase.memory.push(...phase.stream.checkpoints)
    }
  } finally {
    await extender.stop()
    phase.notes.push(...extender.complaints)
  }
}

/** Both modes' scenarios against the floor, and the memory snapshots around them. */
export async function runHttp(plan: Plan): Promise<HttpPhase> {
  const phase: HttpPhase = { scenarios: [], problems: [], notes: [], memory: [], stream: null }
  const floor = await startFloor()
  try {
    if (plan.full.length > 0) {
      progress('full-node mode: starting the extender without a cluster')
      await runMode(plan, 'full', floor, phase, null)
    }
    if (plan.names.length > 0) {
      progress(`node-cache mode: API server with ${plan.memory.indexedNodes} realistic nodes`)
      const api = await startNodeApiServer(plan.memory.indexedNodes)
      await runMode(plan, 'names', floor, phase, api).finally(() => api.close())
    }
  } finally {
    await floor.stop()
    phase.notes.push(...floor.complaints)
  }
  return phase
}
