/**
 * Memory of the extender process, always read after a forced full GC (see memory-probe.ts):
 * snapshots at points of the run, and a stream of requests that each carry a toleration set
 * never seen before, to show the compiled-tolerations cache stays bounded.
 */
import { KeepAliveConnection, postRequestBytes } from './keep-alive-connection.js'
import { expectedFor, requestBody } from './payloads.js'
import { getStatus, type ServiceProcess } from './processes.js'
import { tolerationsFor, type WireToleration } from './realistic-pod.js'
import { replyCheck } from './validate.js'

export interface MemorySnapshot {
  readonly label: string
  readonly gcForced: boolean
  /** Resident, heap used, heap total, external and the process's peak resident size, MiB. */
  readonly mib: Record<'rss' | 'heapUsed' | 'heapTotal' | 'external' | 'maxRss', number>
}

export interface DistinctPodStream {
  readonly requests: number
  readonly namesPerRequest: number
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
  const m = await service.memory()
  const { rss, heapUsed, heapTotal, external, maxRss } = m
  return {
    label,
    gcForced: m.gcForced,
    mib: {
      rss: mib(rss),
      heapUsed: mib(heapUsed),
      heapTotal: mib(heapTotal),
      external: mib(external),
      maxRss: mib(maxRss),
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

/** Filter requests whose pods each carry a toleration set never seen before, every reply checked. */
export async function distinctPodStream(
  service: ServiceProcess,
  plan: { distinctPods: number; checkpointEvery: number; namesPerRequest: number },
  label: string
): Promise<DistinctPodStream> {
  const { distinctPods: requests, checkpointEvery, namesPerRequest } = plan
  // No node carries example.com/stream, so every request must get the 3-toleration answer.
  const expected = expectedFor(namesPerRequest, tolerationsFor(3))
  const check = replyCheck('filter', 'names', expected, false)
  const connection = await KeepAliveConnection.open(service.port)
  const checkpoints = [await snapshot(service, `${label}: before 0 distinct pods`)]
  const stream = { requests, namesPerRequest, non200: 0, wrong: 0, checkpoints }
  let firstProblem: string | null = null
  try {
    for (let i = 1; i <= requests; i++) {
      const body = requestBody('names', namesPerRequest, distinctTolerations(i), `stream-pod-${i}`)
      const reply = await connection.request(postRequestBytes('/filter', body))
      const problem = reply.status === 200 ? check(reply.body) : `HTTP ${reply.status}`
      if (problem !== null) {
        if (reply.status === 200) stream.wrong++
        else stream.non200++
        firstProblem ??= problem
      }
      if (i % checkpointEvery === 0 || i === requests) {
        checkpoints.push(await snapshot(service, `${label}: after ${i} distinct pods`))
      }
    }
  } finally {
    connection.close()
  }
  const metrics = await getStatus(service.port, '/metrics')
  const cacheLookups = metrics.body
    .split('\n')
    .filter((line) => line.startsWith('taint_extender_cache_lookups_total'))
  return { ...stream, firstProblem, cacheLookups }
}
