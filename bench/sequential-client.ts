/**
 * One request at a time over one keep-alive connection, as kube-scheduler calls an extender
 * (each scheduling cycle waits for filter, then prioritize). Latency is taken with
 * process.hrtime.bigint from just before the request is written to the last byte of the reply.
 * The measured requests go through KeepAliveConnection, which allocates nothing per read, so
 * the client's own garbage collection stays out of the figures.
 */
import { Agent, request } from 'node:http'
import { readStealTicks } from './cpu-steal.js'
import { KeepAliveConnection, postRequestBytes, type RawReply } from './keep-alive-connection.js'
import { summarize, type LatencySummary } from './stats.js'
import { callsByStealBlocks, SLOW_MS, type CallsBySteal, type StealBlock } from './steal-windows.js'

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
  /**
   * The measured calls split by whether the host took CPU time during their block: the p99 of
   * the blocks that lost none is the code's, whatever the neighbours did in the other blocks.
   * Null where steal cannot be read.
   */
  readonly bySteal: CallsBySteal | null
}

export interface SequentialRun {
  readonly result: SequentialResult
  /** The first right reply, for the concurrent run's exact-body check; null if none was. */
  readonly reply: Buffer | null
}

/** A POST through node:http, for callers that are not measuring latency. */
export function post(agent: Agent, target: Target, body: Buffer): Promise<RawReply> {
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

/**
 * One process's sequential client: a keep-alive connection, its samples and its checks. Blocks
 * of requests can be run at different times (see runInterleaved); the result covers every
 * measured block.
 */
class SequentialRunner {
  #connection: KeepAliveConnection | null = null
  readonly #request: Buffer
  readonly #samples: bigint[] = []
  readonly #blocks: StealBlock[] = []
  #measuredNs = 0n
  #non200 = 0
  #malformed = 0
  #firstProblem: string | null = null
  #reference: Buffer | null = null

  constructor(
    readonly target: Target,
    body: Buffer,
    readonly check: (reply: Buffer) => string | null
  ) {
    this.#request = postRequestBytes(target.path, body)
  }

  async block(count: number, measured: boolean): Promise<void> {
    const connection = (this.#connection ??= await KeepAliveConnection.open(this.target.port))
    // Read between calls, outside every call's timing and the block's.
    const stealBefore = measured ? readStealTicks() : null
    const blockStart = process.hrtime.bigint()
    for (let i = 0; i < count; i++) {
      const start = process.hrtime.bigint()
      const reply = await connection.request(this.#request)
      const elapsed = process.hrtime.bigint() - start
      if (measured) this.#samples.push(elapsed)
      this.#judge(reply)
    }
    if (!measured) return
    this.#measuredNs += process.hrtime.bigint() - blockStart
    this.#blocks.push({ calls: count, before: stealBefore, after: readStealTicks() })
  }

  /** Judges a reply while its bytes are still in the connection's buffer. */
  #judge(reply: RawReply): void {
    if (reply.status !== 200) {
      this.#non200++
      this.#firstProblem ??= `HTTP ${reply.status}: ${reply.body.subarray(0, 200).toString()}`
      return
    }
    if (this.#reference !== null && reply.body.equals(this.#reference)) return
    const problem = this.check(reply.body)
    if (problem !== null) {
      this.#malformed++
      this.#firstProblem ??= problem
    } else {
      this.#reference ??= Buffer.from(reply.body)
    }
  }

  close(): void {
    this.#connection?.close()
  }

  result(): SequentialRun {
    const measuredNs = Number(this.#measuredNs)
    const result = {
      ...summarize(this.#samples),
      reqPerSec: Math.round((this.#samples.length / measuredNs) * 1e10) / 10,
      non200: this.#non200,
      malformed: this.#malformed,
      firstProblem: this.#firstProblem,
      replyBytes: this.#reference?.length ?? 0,
      bySteal: callsByStealBlocks(
        this.#samples.map((ns) => Number(ns) / 1e6),
        this.#blocks,
        SLOW_MS
      ),
    }
    return { result, reply: this.#reference }
  }
}

export async function runSequential(
  target: Target,
  body: Buffer,
  options: SequentialOptions
): Promise<SequentialRun> {
  const runner = new SequentialRunner(target, body, options.check)
  try {
    await runner.block(options.warmup, false)
    await runner.block(options.iterations, true)
  } finally {
    runner.close()
  }
  return runner.result()
}

/**
 * Two processes measured in alternating blocks (`rounds` of them each, after each one's
 * warm-up), so that a change in the machine's load during a scenario weighs on both alike and
 * their ratio stays fair. Each process keeps its own connection throughout.
 */
export async function runInterleaved(
  targets: readonly [Target, Target],
  body: Buffer,
  options: readonly [SequentialOptions, SequentialOptions],
  rounds: number
): Promise<[SequentialRun, SequentialRun]> {
  const runners = [0, 1].map(
    (k) => new SequentialRunner(targets[k] as Target, body, (options[k] as SequentialOptions).check)
  )
  try {
    for (const [k, runner] of runners.entries()) {
      await runner.block((options[k] as SequentialOptions).warmup, false)
    }
    for (let r = 0; r < rounds; r++) {
      for (const [k, runner] of runners.entries()) {
        const iterations = (options[k] as SequentialOptions).iterations
        // The iterations spread over the rounds; the last round takes the remainder.
        const share = Math.floor(iterations / rounds)
        // A few unmeasured requests first: the switch from the other process (caches, an idle
        // connection, V8's idle-time GC) is not what a block measures.
        if (r > 0)
          await runner.block(Math.ceil((options[k] as SequentialOptions).warmup / rounds), false)
        await runner.block(r === rounds - 1 ? iterations - share * (rounds - 1) : share, true)
      }
    }
  } finally {
    for (const runner of runners) runner.close()
  }
  return [(runners[0] as SequentialRunner).result(), (runners[1] as SequentialRunner).result()]
}
