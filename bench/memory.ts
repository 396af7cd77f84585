/**
 * Memory of the extender process, always read after a forced full GC (see memory-probe.ts):
 * snapshots at points of the run, and a stream of requests that each carry a toleration set
 * never seen before, to show the compiled-tolerations cache stays bounded.
 */
import { expectedFor, requestBody } from './payloads.js'
import type { MemorySample, ServiceProcess } from './processes.js'
import { getStatus } from './processes.js'
import { tolerationsFor, type WireToleration } from './realistic-pod.js'
import { keepAliveAgent, post } from './sequential-client.js'
import { replyCheck } from './validate.js'

export interface MemorySnapshot {
  readonly label: string
  readonly mib: {
    readonly rss: number
    readonly heapUsed: number
    readonly heapTotal: number
    readonly external: number
    readonly maxRss: number
  }
  readonly gcForced: boolean
}

export interface DistinctPodStream {
  readonly requests: number
  readonly namesPerRequest: number
  readonly reqPerSec: number
  readonly non200: number
  readonly wrong: number
  readonly firstProblem: string | null
  readonly checkpoints: MemorySnapshot[]
  /** taint_extender_cache_lookups_total lines from /metrics after the stream. */
  readonly cacheLookups: string[]
}

/** Bytes as MiB to one decimal, as every memory figure of the bench is given. */
export const mib = (bytes: number): number => Math.round((bytes / 1048576) * 10) / 10

export async function snapshot(service: ServiceProcess, label: string): Promise<MemorySnapshot> {
  const m: MemorySample = await service.memory()
  return {
    label,
    gcForced: m.gcForced,
    mib: {
      rss: mib(m.rss),
      heapUsed: mib(m.heapUsed),
      heapTotal: mib(m.heapTotal),
      external: mib(m.external),
      maxRss: mib(m.maxRss),
    },
  }
}

/** The 3-toleration pod plus one toleration whose value is unique to request `i`. */
function distinctTolerations(i: number): WireToleration[] {
  const unique = {
    key: 'example.com/stream',
    operator: 'Equal',
    value: `v${i}`,
    effect: 'NoSchedule',
  }
  return [...tolerationsFor(3), unique]
}

export async function distinctPodStream(
  service: ServiceProcess,
  requests: number,
  checkpointEvery: number,
  namesPerRequest: number,
  label: string
): Promise<DistinctPodStream> {
  // No node carries example.com/stream, so every request must get the 3-toleration answer.
  const check = replyCheck(
    'filter',
    'names',
    expectedFor(namesPerRequest, tolerationsFor(3)),
    false
  )
  const agent = keepAliveAgent()
  const checkpoints = [await snapshot(service, `${label}: before 0 distinct pods`)]
  let non200 = 0
  let wrong = 0
  let firstProblem: string | null = null
  let reference: Buffer | null = null
  let busyNs = 0n
  try {
    for (let i = 1; i <= requests; i++) {
      const body = requestBody('names', namesPerRequest, distinctTolerations(i), `stream-pod-${i}`)
      const start = process.hrtime.bigint()
      const reply = await post(agent, { port: service.port, path: '/filter' }, body)
      busyNs += process.hrtime.bigint() - start
      if (reply.status !== 200) {
        non200++
        firstProblem ??= `HTTP ${reply.status}: ${reply.body.subarray(0, 200).toString()}`
      } else if (reference === null || !reply.body.equals(reference)) {
        const problem = check(reply.body)
        if (problem === null) reference = reply.body
        else {
          wrong++
          firstProblem ??= problem
        }
      }
      if (i % checkpointEvery === 0 || i === requests) {
        checkpoints.push(await snapshot(service, `${label}: after ${i} distinct pods`))
      }
    }
  } finally {
    agent.destroy()
  }
  const metrics = await getStatus(service.port, '/metrics')
  const cacheLookups = metrics.body
    .split('\n')
    .filter((line) => line.startsWith('taint_extender_cache_lookups_total'))
  return {
    requests,
    namesPerRequest,
    reqPerSec: Math.round((requests / Number(busyNs)) * 1e10) / 10,
    non200,
    wrong,
    firstProblem,
    checkpoints,
    cacheLookups,
  }
}
