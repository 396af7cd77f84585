/**
 * One HTTP scenario: the same body sent to the extender and to the floor server, first
 * sequentially (in alternating blocks, see runInterleaved), then concurrently, with every answer
 * checked.
 */
import { concurrentProblem, runConcurrent, type ConcurrentResult } from './concurrent-client.js'
import { stolenCpu, type StolenCpu } from './cpu-steal.js'
import { payload, type Mode, type Verb } from './payloads.js'
import type { SizePlan } from './plan.js'
import type { TolerationCount } from './realistic-pod.js'
import {
  runInterleaved,
  runSequential,
  type SequentialResult,
  type SequentialRun,
} from './sequential-client.js'
import { round3 } from './stats.js'
import { backgroundCpu } from './thread-cpu.js'
import { replyCheck } from './validate.js'

export interface ScenarioResult {
  readonly verb: Verb
  readonly mode: Mode
  readonly size: number
  readonly tolerations: TolerationCount
  readonly requestBytes: number
  readonly extender: SequentialResult
  readonly floor: SequentialResult
  /** Extender over floor: > 1 means slower than the floor. */
  readonly ratioP50: number
  readonly ratioP99: number
  /**
   * CPU time of the extender's threads other than its main one during the sequential calls
   * (V8's background GC and compile jobs; see thread-cpu.ts), null where /proc is missing.
   */
  readonly extenderBackgroundCpuMs: number | null
  /**
   * CPU time the hypervisor took from this machine during the sequential calls (cpu-steal.ts):
   * both servers' calls stood still through it alike, so it moves p99 more than the ratios.
   */
  readonly stolen: StolenCpu | null
  readonly concurrent: {
    readonly extender: ConcurrentResult
    readonly floor: ConcurrentResult
    /** Extender req/s over floor req/s: < 1 means less throughput than the floor. */
    readonly ratio: number
  } | null
  readonly problems: string[]
}

export interface Ports {
  readonly extender: number
  readonly floor: number
  /** The extender's process, whose background threads' CPU time each scenario reads. */
  readonly extenderPid: number
}

function problemsOf(who: string, run: SequentialRun): string[] {
  const r = run.result
  if (r.non200 === 0 && r.malformed === 0) return []
  return [`${who}: ${r.non200} non-200, ${r.malformed} wrong replies; first: ${r.firstProblem}`]
}

/** A scenario's sequential calls done, its concurrent run still to come (see runConcurrentPart). */
export interface SequentialPart {
  readonly result: ScenarioResult
  readonly extenderReply: Buffer | null
  readonly floorReply: Buffer | null
  /** The request body, kept only when the plan has a concurrent run to send it again. */
  readonly body: Buffer | null
}

/**
 * The sequential calls of a scenario, interleaved between the extender and the floor. The
 * concurrent run is separate (runConcurrentPart) so that a size's sequential calls can all run
 * before any concurrent one (see runMatrix).
 */
export async function runSequentialPart(
  verb: Verb,
  mode: Mode,
  plan: SizePlan,
  tolerations: TolerationCount,
  ports: Ports
): Promise<SequentialPart> {
  const p = payload(verb, mode, plan.size, tolerations)
  const path = `/${verb}`
  const options = { warmup: plan.warmup, iterations: plan.iterations }
  const background = backgroundCpu(ports.extenderPid)
  const stolen = stolenCpu()
  const [extender, floor] = await runInterleaved(
    [
      { port: ports.extender, path },
      { port: ports.floor, path },
    ],
    p.body,
    [
      { ...options, check: replyCheck(verb, mode, p.expected, false) },
      { ...options, check: replyCheck(verb, mode, p.expected, true) },
    ],
    plan.rounds
  )
  const extenderBackgroundCpuMs = background()
  const stolenDuring = stolen()
  const result: ScenarioResult = {
    verb,
    mode,
    size: plan.size,
    tolerations,
    requestBytes: p.body.length,
    extender: extender.result,
    floor: floor.result,
    ratioP50: round3(extender.result.p50Us / floor.result.p50Us),
    ratioP99: round3(extender.result.p99Us / floor.result.p99Us),
    extenderBackgroundCpuMs,
    stolen: stolenDuring,
    concurrent: null,
    problems: [...problemsOf('extender', extender), ...problemsOf('floor', floor)],
  }
  // A 5000-node body is ~80 MB: kept for the concurrent run only (there is none at that size).
  const body = plan.concurrentSeconds > 0 ? p.body : null
  return { result, extenderReply: extender.reply, floorReply: floor.reply, body }
}

/**
 * The scenario's concurrent run (autocannon) against each process, replies checked against the
 * sequential part's; the scenario unchanged when the plan has none or a reply is missing.
 */
export async function runConcurrentPart(
  part: SequentialPart,
  plan: SizePlan,
  ports: Ports,
  connections: number
): Promise<ScenarioResult> {
  const { result, extenderReply, floorReply, body } = part
  if (body === null || extenderReply === null || floorReply === null) return result
  const path = `/${result.verb}`
  const run = (port: number, reply: Buffer): Promise<ConcurrentResult> =>
    runConcurrent({ port, path }, body, {
      connections,
      durationSeconds: plan.concurrentSeconds,
      expectBody: reply.toString('utf8'),
    })
  const ext = await run(ports.extender, extenderReply)
  const flo = await run(ports.floor, floorReply)
  const problems = [...result.problems]
  for (const [who, r] of [
    ['extender', ext],
    ['floor', flo],
  ] as const) {
    const problem = concurrentProblem(r)
    if (problem !== null) problems.push(`${who} (concurrent): ${problem}`)
  }
  const concurrent = { extender: ext, floor: flo, ratio: round3(ext.reqPerSec / flo.reqPerSec) }
  return { ...result, concurrent, problems }
}

/**
 * Brings both processes to a steady state before a size's first scenario, sending each verb to
 * each for `seconds`, untimed (replies still checked). JIT tiers, heap sizes and socket buffers
 * settle over the first thousands of requests: without this, the first scenario of a mode
 * measured up to a quarter slower than the same scenario run again later.
 */
export async function warmUp(
  mode: Mode,
  size: number,
  ports: Ports,
  seconds: number
): Promise<string[]> {
  const problems: string[] = []
  for (const verb of ['filter', 'prioritize'] as const) {
    const p = payload(verb, mode, size, 3)
    const path = `/${verb}`
    for (const [who, port, isFloor] of [
      ['extender', ports.extender, false],
      ['floor', ports.floor, true],
    ] as const) {
      const deadline = performance.now() + seconds * 1000
      while (performance.now() < deadline) {
        const run = await runSequential({ port, path }, p.body, {
          warmup: 0,
          iterations: 20,
          check: replyCheck(verb, mode, p.expected, isFloor),
        })
        problems.push(...problemsOf(`${who} (warm-up)`, run))
      }
    }
  }
  return problems
}
