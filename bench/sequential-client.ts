/**
 * One request at a time over one keep-alive connection, as kube-scheduler calls an extender
 * (each scheduling cycle waits for filter, then prioritize). Latency is taken with
 * process.hrtime.bigint from just before the request is written to the last byte of the reply.
 */
import { Agent, request } from 'node:http'
import { summarize, type LatencySummary } from './stats.js'

export interface Target {
  readonly port: number
  readonly path: string
}

export interface SequentialOptions {
  readonly warmup: number
  readonly iterations: number
  /** Null when the reply is right; else what is wrong. Called on the first reply and on any
   * reply whose bytes differ from the first (replies to one body are deterministic). */
  readonly check: (reply: Buffer) => string | null
}

export interface SequentialResult extends LatencySummary {
  readonly reqPerSec: number
  readonly non200: number
  readonly malformed: number
  readonly firstProblem: string | null
  readonly replyBytes: number
}

export interface SequentialRun {
  readonly result: SequentialResult
  /** The first right reply, for the concurrent run's exact-body check; null if none was. */
  readonly reply: Buffer | null
}

interface Reply {
  readonly status: number
  readonly body: Buffer
}

export function post(agent: Agent, target: Target, body: Buffer): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: target.port,
        path: target.path,
        method: 'POST',
        agent,
        headers: { 'Content-Type': 'application/json', 'Content-Length': body.length },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }))
        res.on('error', reject)
      }
    )
    req.on('error', reject)
    req.end(body)
  })
}

export function keepAliveAgent(): Agent {
  return new Agent({ keepAlive: true, maxSockets: 1 })
}

export async function runSequential(
  target: Target,
  body: Buffer,
  options: SequentialOptions
): Promise<SequentialRun> {
  const agent = keepAliveAgent()
  const samples: bigint[] = []
  let non200 = 0
  let malformed = 0
  let firstProblem: string | null = null
  let reference: Buffer | null = null
  const note = (problem: string): void => {
    firstProblem ??= problem
  }
  let measuredStart = 0n
  try {
    for (let i = 0; i < options.warmup + options.iterations; i++) {
      if (i === options.warmup) measuredStart = process.hrtime.bigint()
      const start = process.hrtime.bigint()
      const reply = await post(agent, target, body)
      const elapsed = process.hrtime.bigint() - start
      if (i >= options.warmup) samples.push(elapsed)
      if (reply.status !== 200) {
        non200++
        note(`HTTP ${reply.status}: ${reply.body.subarray(0, 200).toString()}`)
        continue
      }
      if (reference !== null && reply.body.equals(reference)) continue
      const problem = options.check(reply.body)
      if (problem !== null) {
        malformed++
        note(problem)
      } else {
        reference ??= reply.body
      }
    }
  } finally {
    agent.destroy()
  }
  const measuredNs = Number(process.hrtime.bigint() - measuredStart)
  const result = {
    ...summarize(samples),
    reqPerSec: Math.round((options.iterations / measuredNs) * 1e10) / 10,
    non200,
    malformed,
    firstProblem,
    replyBytes: reference?.length ?? 0,
  }
  return { result, reply: reference }
}
