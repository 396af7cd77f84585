/**
 * The tail bench's reading of its calls (tail.ts): the probe's dump from the extender, and each
 * call over SLOW_MS filed under its longest span, with the collections that overlapped it.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { setTimeout as delay } from 'node:timers/promises'
import type { StolenCpu } from './cpu-steal.js'
import { SLOW_MS, type CallsBySteal } from './steal-windows.js'
import type { SteadinessSample } from './machine-steadiness.js'
import type { Verb } from './payloads.js'
import type { TolerationCount } from './realistic-pod.js'
import { percentile, round3 } from './stats.js'

export { SLOW_MS }
export const SPANS = ['before', 'body', 'compute', 'flush', 'after'] as const
type Span = (typeof SPANS)[number]

type Row = [head: number, body: number, reply: number, finish: number]
export interface ProbeDump {
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
  /** CPU time the hypervisor took from this machine during the timed calls (cpu-steal.ts). */
  readonly stolen: StolenCpu | null
  /** The calls of half-second windows that lost no steal, apart from the rest (steal-windows.ts). */
  readonly bySteal: CallsBySteal | null
  /** The machine's steadiness right after the scenario (see machine-steadiness.ts). */
  readonly steadiness: SteadinessSample
}

/** Waits for the dump the probe writes when a window closes (SIGUSR2); reads and removes it. */
export async function readDump(path: string): Promise<ProbeDump> {
  for (let waited = 0; !existsSync(path); waited += 20) {
    if (waited > 10_000) throw new Error('the tail probe wrote nothing')
    await delay(20)
  }
  await delay(20)
  const dump = JSON.parse(readFileSync(path, 'utf8')) as ProbeDump
  rmSync(path)
  return dump
}

const overlaps = (gcs: readonly [number, number][], from: number, to: number): boolean =>
  gcs.some(([start, duration]) => start < to && start + duration > from)

export function analyse(
  calls: readonly [number, number][],
  dump: ProbeDump,
  clientGcs: readonly [number, number][]
): Omit<
  TailResult,
  'verb' | 'tolerations' | 'backgroundThreadCpuMs' | 'stolen' | 'bySteal' | 'steadiness'
> {
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
