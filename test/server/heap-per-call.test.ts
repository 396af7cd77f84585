import { Session } from 'node:inspector/promises'
import { Worker } from 'node:worker_threads'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Taint } from '../../src/core/index.js'
import { TaintIndex } from '../../src/node-index/index.js'
import type { NodeCache } from '../../src/extender/index.js'
import { startTestServer, type TestServer } from '../support/test-server.js'
import { namesArgs, wirePod } from '../support/wire.js'

/**
 * The heap garbage one 5000-name node-cache call leaves in the whole server, node:http
 * included. V8 runs a young collection per few MiB of garbage, so bytes per call set how many
 * calls in a hundred meet one. Counted by V8's sampling heap profiler with collected objects
 * kept: a count of bytes, the same on a busy machine as on a quiet one (bench/README.md gives
 * the figure).
 *
 * The client runs in a worker thread, another isolate, so its own allocations are not counted.
 */

const NODES = 5000
const CALLS = 300
/** Measured 19–23 KiB here; while a filter reply made a view per run of names, 66 KiB. */
const MAX_BYTES_PER_CALL = 32 * 1024

const dedicated: Taint = { key: 'dedicated', value: 'batch', effect: 'NoSchedule' }
const spot: Taint = { key: 'spot', value: 'true', effect: 'PreferNoSchedule' }

/** Pools of a production-like size and name length: batch nodes in runs of 1–4 among the rest. */
function nodeAt(i: number): { name: string; unschedulable: boolean; taints: Taint[] } {
  const batch = (i * 7919) % 11 < 3
  const pool = batch ? 'batch' : i % 2 === 0 ? 'general' : 'spot'
  return {
    name: `gke-prod-europe-west1-${pool}-pool-${(i * 2654435761) % 2 ** 32}`.slice(0, 48),
    unschedulable: false,
    taints: batch ? [dedicated] : pool === 'spot' ? [spot] : [],
  }
}

const CLIENT = `
const { parentPort, workerData } = require('node:worker_threads')
const { connect } = require('node:net')
const { port, request, calls } = workerData
const socket = connect({ host: '127.0.0.1', port, noDelay: true })
let pending = Buffer.alloc(0), done = 0, bad = 0
function send() { socket.write(request) }
socket.on('connect', send)
socket.on('data', (chunk) => {
  pending = Buffer.concat([pending, chunk])
  const headEnd = pending.indexOf('\\r\\n\\r\\n')
  if (headEnd < 0) return
  const head = pending.subarray(0, headEnd).toString('latin1')
  const length = Number(/content-length: *(\\d+)/i.exec(head)[1])
  if (pending.length < headEnd + 4 + length) return
  if (!head.startsWith('HTTP/1.1 200')) bad++
  pending = Buffer.alloc(0)
  if (++done < calls) send()
  else { socket.destroy(); parentPort.postMessage({ bad }) }
})
socket.on('error', (err) => parentPort.postMessage({ error: String(err) }))
`

function callFromWorker(port: number, request: Buffer, calls: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(CLIENT, { eval: true, workerData: { port, request, calls } })
    worker.once('message', (m: { bad?: number; error?: string }) => {
      void worker.terminate()
      if (m.error !== undefined) reject(new Error(m.error))
      else if (m.bad !== 0) reject(new Error(`${m.bad} replies were not 200`))
      else resolve()
    })
    worker.once('error', reject)
  })
}

function sampledBytes(node: { selfSize: number; children: unknown[] }): number {
  let total = node.selfSize
  for (const child of node.children) total += sampledBytes(child as typeof node)
  return total
}

describe('heap garbage per node-cache call', () => {
  let server: TestServer
  const names = Array.from({ length: NODES }, (_, i) => nodeAt(i).name)

  beforeAll(async () => {
    const index = new TaintIndex()
    for (let i = 0; i < NODES; i++) index.upsert({ ...nodeAt(i), resourceVersion: String(i + 1) })
    const cache: NodeCache = {
      readiness: () => ({ ready: true, reason: '' }),
      get: (name) => index.get(name),
      profilesByBytes: (names, out) => index.profilesByBytes(names, out),
      fetch: () => Promise.resolve(null),
      size: NODES,
    }
    server = await startTestServer({ nodeCache: cache })
  })
  afterAll(() => server.close())

  it.each(['filter', 'prioritize'])(
    'a %s call over 5000 names leaves under 32 KiB of heap garbage in the server, node:http included',
    async (verb) => {
      const body = JSON.stringify(namesArgs(wirePod('p'), names))
      const request = Buffer.from(
        `POST /${verb} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
      )
      const port = Number(new URL(server.url).port)
      await callFromWorker(port, request, 100)
      const session = new Session()
      session.connect()
      try {
        await session.post('HeapProfiler.startSampling', {
          samplingInterval: 256,
          includeObjectsCollectedByMajorGC: true,
          includeObjectsCollectedByMinorGC: true,
        })
        await callFromWorker(port, request, CALLS)
        const { profile } = await session.post('HeapProfiler.stopSampling')
        const perCall = sampledBytes(profile.head) / CALLS
        expect(perCall).toBeGreaterThan(1024)
        expect(perCall).toBeLessThan(MAX_BYTES_PER_CALL)
      } finally {
        session.disconnect()
      }
    }
  )
})
