/**
 * One HTTP scenario: the same body sent to the extender and to the floor server, in alternating
 * blocks on one keep-alive connection each, every answer checked.
 */
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
  readonly problems: string[]
}

export interface Ports {
  readonly extender: number
  readonly floor: number
}

function problemsOf(who: string, run: SequentialRun): string[] {
  const r = run.result
  if (r.non200 === 0 && r.malformed === 0) return []
  return [`${who}: ${r.non200} non-200, ${r.malformed} wrong replies; first: ${r.firstProblem}`]
}

export async function runScenario(
  verb: Verb,
  mode: Mode,
  plan: SizePlan,
  tolerations: TolerationCount,
  ports: Ports
): Promise<ScenarioResult> {
  const p = payload(mode, plan.size, tolerations)
  const path = `/${verb}`
  const options = { warmup: plan.warmup, iterations: plan.iterations }
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
  return {
    verb,
    mode,
    size: plan.size,
    tolerations,
    requestBytes: p.body.length,
    extender: extender.result,
    floor: floor.result,
    ratioP50: round3(extender.result.p50Us / floor.result.p50Us),
    ratioP99: round3(extender.result.p99Us / floor.result.p99Us),
    problems: [...problemsOf('extender', extender), ...problemsOf('floor', floor)],
  }
}

/**
 * Untimed calls of both verbs to both processes for `seconds` each before a size's first
 * scenario (replies still checked): JIT tiers and heap sizes settle over the first thousands of
 * requests, and without this the first scenario of a size took that settling into its tail.
 */
export async function warmUp(mode: Mode, size: number, ports: Ports, seconds: number) {
  const problems: string[] = []
  const p = payload(mode, size, 3)
  for (const verb of ['filter', 'prioritize'] as const) {
    for (const floor of [false, true]) {
      const check = replyCheck(verb, mode, p.expected, floor)
      const target = { port: floor ? ports.floor : ports.extender, path: `/${verb}` }
      for (const until = performance.now() + seconds * 1000; performance.now() < until;) {
        const run = await runSequential(target, p.body, { warmup: 0, iterations: 20, check })
        problems.push(...problemsOf(floor ? 'floor (warm-up)' : 'extender (warm-up)', run))
      }
    }
  }
  return problems
}
