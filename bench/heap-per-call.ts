/**
 * Heap allocated per node-cache call by the whole server, node:http included: the real request
 * handler on a real socket in this process, called from a worker thread (another isolate, so
 * the client's allocations are not counted), measured with V8's sampling heap profiler keeping
 * the objects young and full collections freed.
 *
 * Why it is reported: V8 runs a young-generation collection each time about a semi-space of
 * garbage has piled up (a few MiB while little survives), and each takes 0.3–0.7 ms of the
 * main thread at 15000 indexed nodes. Garbage per call sets how many calls in a hundred meet
 * one, which is where a p99 sits. The figure is a count of bytes, not a time: the same on a
 * quiet machine and a busy one.
 */
import { Session } from 'node:inspector/promises'
import { Worker } from 'node:worker_threads'
import { type CompiledNode } from '../src/core/index.js'
import { TaintIndex } from '../src/node-index/index.js'
import { Extender, NOOP_LOGGER, type NodeCache } from '../src/extender/index.js'
import {
  BodyBudget,
  createRequestHandler,
  JsonLogger,
  listen,
  Metrics,
} from '../src/server/index.js'
import type { HeapClientJob } from './heap-client.js'
import { payload, type Verb } from './payloads.js'
import { nodeName, nodeTaints } from './realistic-node.js'

export interface HeapPerCall {
  readonly verb: Verb
  readonly size: number
  readonly tolerations: number
  readonly calls: number
  readonly bytesPerCall: number
}

/** The index holds three times the names asked about at the largest size, as in the bench. */
const INDEXED = 15000
const TOLERATIONS = 3
const WARM_UP_CALLS = 300
/** One sample per this many bytes allocated, on average. */
const SAMPLING_INTERVAL = 256

function indexedCache(): NodeCache {
  const index = new TaintIndex()
  for (let i = 0; i < INDEXED; i++) {
    index.upsert({ ...nodeTaints(i), name: nodeName(i), resourceVersion: String(i + 1) })
  }
  return {
    readiness: () => ({ ready: true, reason: '' }),
    get: (name) => index.get(name),
    profilesByBytes: (names, out) => index.profilesByBytes(names, out),
    fetch: (): Promise<CompiledNode | null> => Promise.resolve(null),
    get size() {
      return index.size
    },
  }
}

function runClient(job: HeapClientJob): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./heap-client.js', import.meta.url), { workerData: job })
    worker.once('message', (m: { non200: number }) => {
      if (m.non200 > 0) reject(new Error(`${m.non200} of ${job.calls} replies were not 200`))
      else resolve()
    })
    worker.once('error', reject)
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the heap client exited with ${code}`))
    })
  })
}

interface ProfileNode {
  readonly selfSize: number
  readonly children: readonly ProfileNode[]
}

function totalSize(node: ProfileNode): number {
  let total = node.selfSize
  for (const child of node.children) total += totalSize(child)
  return total
}

export async function runHeapPerCall(
  sizes: readonly number[],
  calls: number
): Promise<HeapPerCall[]> {
  const metrics = new Metrics()
  const extender = new Extender({
    rules: { comparisonOperators: true },
    tolerationsCache: { entries: 4096, bytes: 16 * 1024 * 1024 },
    nodesCache: { entries: 1024, bytes: 32 * 1024 * 1024 },
    nodeCache: indexedCache(),
    metrics,
    logger: NOOP_LOGGER,
  })
  const logger = new JsonLogger('warn', () => {})
  const handler = createRequestHandler({
    extender,
    metrics,
    logger,
    readinessChecks: () => [],
    maxBodyBytes: 64 * 1024 * 1024,
    bodyBudget: new BodyBudget(1024 * 1024 * 1024),
    explainEndpoint: false,
    version: 'bench',
  })
  const server = await listen(handler, '127.0.0.1', 0, logger, { tls: null })
  const session = new Session()
  session.connect()
  const results: HeapPerCall[] = []
  try {
    for (const size of sizes) {
      for (const verb of ['filter', 'prioritize'] as const) {
        const job = {
          port: server.port,
          path: `/${verb}`,
          body: payload(verb, 'names', size, TOLERATIONS).body,
        }
        await runClient({ ...job, calls: WARM_UP_CALLS })
        await session.post('HeapProfiler.startSampling', {
          samplingInterval: SAMPLING_INTERVAL,
          includeObjectsCollectedByMajorGC: true,
          includeObjectsCollectedByMinorGC: true,
        })
        await runClient({ ...job, calls })
        const { profile } = await session.post('HeapProfiler.stopSampling')
        const bytes = totalSize(profile.head as ProfileNode)
        results.push({
          verb,
          size,
          tolerations: TOLERATIONS,
          calls,
          bytesPerCall: Math.round(bytes / calls),
        })
      }
    }
  } finally {
    session.disconnect()
    await server.close(1000)
  }
  return results
}
