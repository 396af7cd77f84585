/**
 * The worker-thread client of heap-per-call.ts: `calls` sequential POSTs of one body on one
 * keep-alive connection, then a message with how many replies were not 200. A worker has its
 * own V8 isolate, so what it allocates is not in the server's heap profile.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { KeepAliveConnection, postRequestBytes } from './keep-alive-connection.js'

export interface HeapClientJob {
  readonly port: number
  readonly path: string
  readonly body: Uint8Array
  readonly calls: number
}

const job = workerData as HeapClientJob
const request = postRequestBytes(job.path, Buffer.from(job.body))
const connection = await KeepAliveConnection.open(job.port)
let non200 = 0
for (let i = 0; i < job.calls; i++) {
  const reply = await connection.request(request)
  if (reply.status !== 200) non200++
}
connection.close()
parentPort?.postMessage({ non200 })
