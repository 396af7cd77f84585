/**
 * One request at a time over one keep-alive connection, as kube-scheduler calls an extender
 * (each scheduling cycle waits for filter, then prioritize). Latency runs from just before the
 * request is written to the last byte of the reply. KeepAliveConnection allocates nothing per
 * read, so the client's own garbage collection stays out of the figures.
 */
import { KeepAliveConnection, postRequestBytes, type RawReply } from './keep-alive-connection.js'
import { summarize, type LatencySummary } from './stats.js'

export interface Target {
  readonly port: number
  readonly path: string
}

export interface SequentialOptions {
  readonly warmup: number
  readonly iterations: number
  /** Null when the reply is right, else what is wrong; called on the first reply and on any
   * reply whose bytes differ from the first right one (replies to one body are deterministic). */
  readonly check: (reply: Buffer) => string | null
}

export interface SequentialResult extends LatencySummary {
  readonly non200: number
  readonly malformed: number
  readonly firstProblem: string | null
}

export interface SequentialRun {
  readonly result: SequentialResult
  /** The first right reply; null if none was. */
  readonly reply: Buffer | null
}

/** One process's client: its connection, samples and checks, run in blocks. */
function runner(target: Target, body: Buffer, check: SequentialOptions['check']) {
  const request = postRequestBytes(target.path, body)
  const samples: bigint[] = []
  const tally = { non200: 0, malformed: 0, firstProblem: null as string | null }
  let connection: KeepAliveConnection | null = null
  let reference: Buffer | null = null
  /** Judged while the reply's bytes are still in the connection's buffer. */
  const judge = (reply: RawReply): void => {
    if (reply.status !== 200) {
      tally.non200++
      tally.firstProblem ??= `HTTP ${reply.status}: ${reply.body.subarray(0, 200).toString()}`
    } else if (reference === null || !reply.body.equals(reference)) {
      const problem = check(reply.body)
      if (problem === null) reference ??= Buffer.from(reply.body)
      else {
        tally.malformed++
        tally.firstProblem ??= problem
      }
    }
  }
  return {
    async block(count: number, measured: boolean): Promise<void> {
      connection ??= await KeepAliveConnection.open(target.port)
      for (let i = 0; i < count; i++) {
        const start = process.hrtime.bigint()
        const reply = await connection.request(request)
        if (measured) samples.push(process.hrtime.bigint() - start)
        judge(reply)
      }
    },
    close: (): void => connection?.close(),
    result: (): SequentialRun => ({
      result: { ...summarize(samples), ...tally },
      reply: reference,
    }),
  }
}

export async function runSequential(
  target: Target,
  body: Buffer,
  options: SequentialOptions
): Promise<SequentialRun> {
  const [run] = await runInterleaved([target], body, [options], 1)
  return run
}

/**
 * Several processes measured in alternating blocks (`rounds` of them each, after each one's
 * warm-up), so that a change in the machine's load during a scenario weighs on all alike and
 * their ratio stays fair. Each process keeps its own connection throughout.
 */
export async function runInterleaved<const T extends readonly Target[]>(
  targets: T,
  body: Buffer,
  options: { readonly [K in keyof T]: SequentialOptions },
  rounds: number
): Promise<{ -readonly [K in keyof T]: SequentialRun }> {
  const sides = targets.map((target, k) => {
    const o = options[k] as SequentialOptions
    return { o, client: runner(target, body, o.check) }
  })
  try {
    for (const { o, client } of sides) await client.block(o.warmup, false)
    for (let r = 0; r < rounds; r++) {
      for (const { o, client } of sides) {
        const share = Math.floor(o.iterations / rounds)
        // A few unmeasured requests first: the switch from the other process (caches, an idle
        // connection) is not what a block measures.
        if (r > 0) await client.block(Math.ceil(o.warmup / rounds), false)
        await client.block(r === rounds - 1 ? o.iterations - share * (rounds - 1) : share, true)
      }
    }
  } finally {
    for (const { client } of sides) client.close()
  }
  return sides.map(({ client }) => client.result()) as { -readonly [K in keyof T]: SequentialRun }
}
