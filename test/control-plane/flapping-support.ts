import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { setTimeout as delay } from 'node:timers/promises'
import type { KubeApi } from '../support/control-plane/index.js'
import { NO_SCHEDULE } from './fault-support.js'

/**
 * The parts of the flapping-taint suite: a taint flipper that logs each write's send and reply
 * times, a recorder of kube-scheduler's filter calls, and the sorting of each binding by what
 * the node's taint was when the extender answered. All times are wall-clock milliseconds with
 * sub-millisecond precision, from one clock in this process.
 */

export const now = (): number => performance.timeOrigin + performance.now()

export interface TaintWrite {
  readonly node: string
  readonly tainted: boolean
  readonly sent: number
  readonly acked: number
}

/**
 * Flips the `flip` taint of each node every `periodMs`, the nodes staggered evenly across the
 * period so that about half are tainted at any moment, until `stop()`; then removes it from all.
 */
export class TaintFlipper {
  readonly writes: TaintWrite[] = []
  #running = true
  readonly #loops: Promise<void>[]

  constructor(api: KubeApi, nodes: readonly string[], periodMs: number) {
    this.#loops = nodes.map((node, i) =>
      this.#flip(api, node, i % 2 === 0, (i * periodMs) / nodes.length, periodMs)
    )
  }

  async stop(): Promise<void> {
    this.#running = false
    await Promise.all(this.#loops)
  }

  async #flip(
    api: KubeApi,
    node: string,
    start: boolean,
    offsetMs: number,
    periodMs: number
  ): Promise<void> {
    await delay(offsetMs)
    let tainted = start
    let next = now()
    while (this.#running) {
      await this.#write(api, node, tainted)
      tainted = !tainted
      next += periodMs
      await delay(Math.max(0, next - now()))
    }
    await this.#write(api, node, false)
  }

  async #write(api: KubeApi, node: string, tainted: boolean): Promise<void> {
    const sent = now()
    await api.patch(`/api/v1/nodes/${node}`, {
      spec: { taints: tainted ? [NO_SCHEDULE('flip')] : null },
    })
    this.writes.push({ node, tainted, sent, acked: now() })
  }
}

export interface FilterCall {
  readonly pod: string
  readonly at: number
  readonly passed: readonly string[]
}

/**
 * An HTTP proxy between kube-scheduler and the extender that records each filter call: when it
 * arrived, for which pod, and which nodes the extender passed.
 */
export class FilterRecorder {
  readonly calls: FilterCall[] = []
  readonly #server: Server

  private constructor(server: Server) {
    this.#server = server
  }

  static async start(extenderPort: number): Promise<FilterRecorder> {
    const server = createServer()
    const recorder = new FilterRecorder(server)
    server.on('request', (req, res) => {
      const at = now()
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        const body = Buffer.concat(chunks)
        const upstream = request(
          {
            host: '127.0.0.1',
            port: extenderPort,
            path: req.url,
            method: req.method,
            headers: req.headers,
          },
          (reply) => {
            const out: Buffer[] = []
            reply.on('data', (c: Buffer) => out.push(c))
            reply.on('end', () => {
              const answer = Buffer.concat(out)
              recorder.#record(req.url ?? '', at, body, answer)
              res.writeHead(reply.statusCode ?? 502, reply.headers).end(answer)
            })
          }
        )
        upstream.on('error', () => res.writeHead(502).end())
        upstream.end(body)
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    return recorder
  }

  get port(): number {
    return (this.#server.address() as AddressInfo).port
  }

  close(): Promise<void> {
    this.#server.closeAllConnections()
    return new Promise((resolve) => this.#server.close(() => resolve()))
  }

  #record(url: string, at: number, body: Buffer, answer: Buffer): void {
    if (!url.endsWith('/filter')) return
    const args = JSON.parse(body.toString('utf8')) as { Pod: { metadata: { name: string } } }
    const result = JSON.parse(answer.toString('utf8')) as { NodeNames: string[] | null }
    this.calls.push({ pod: args.Pod.metadata.name, at, passed: result.NodeNames ?? [] })
  }
}

/** How a node's taint stood when the extender passed it for a pod that does not tolerate it. */
export type Standing =
  'untainted' | 'taint being written' | 'written within the race window' | 'tainted beyond it'

/**
 * The node's taint at `at`, from the writes: untainted when the last write sent before `at`
 * removed it (or there was none); being written when that write added it but its reply came
 * after `at`; within the race window when the reply came less than `raceMs` before `at`;
 * beyond it otherwise.
 */
export function standingAt(
  writes: readonly TaintWrite[],
  node: string,
  at: number,
  raceMs: number
): Standing {
  let last: TaintWrite | undefined
  for (const write of writes) {
    if (write.node === node && write.sent <= at && (last === undefined || write.sent > last.sent))
      last = write
  }
  if (last === undefined || !last.tainted) return 'untainted'
  if (last.acked > at) return 'taint being written'
  return at - last.acked < raceMs ? 'written within the race window' : 'tainted beyond it'
}

/** The last of `calls` for `pod` that passed `node`: the answer kube-scheduler bound it by. */
export function decidingCall(
  calls: readonly FilterCall[],
  pod: string,
  node: string
): FilterCall | undefined {
  for (let i = calls.length - 1; i >= 0; i--) {
    const call = calls[i]
    if (call !== undefined && call.pod === pod && call.passed.includes(node)) return call
  }
  return undefined
}

/**
 * The extender's view lag for each write, as its filter verb shows it: polls `probe` (the
 * names it passes for a pod with no tolerations) and, for each write, takes the first poll
 * answered after the write was sent that agrees with it, measured from the write's reply.
 */
export class LagProbe {
  readonly #seen: { at: number; passed: Set<string> }[] = []
  #running = true
  readonly #loop: Promise<void>

  constructor(probe: () => Promise<string[]>, intervalMs: number) {
    this.#loop = (async () => {
      while (this.#running) {
        const passed = new Set(await probe())
        this.#seen.push({ at: now(), passed })
        await delay(intervalMs)
      }
    })()
  }

  async stop(): Promise<void> {
    this.#running = false
    await this.#loop
  }

  /** Milliseconds from each write's reply to the first poll agreeing with it (writes seen only). */
  lags(writes: readonly TaintWrite[]): number[] {
    const lags: number[] = []
    for (const write of writes) {
      const first = this.#seen.find(
        (s) => s.at >= write.sent && s.passed.has(write.node) !== write.tainted
      )
      if (first !== undefined) lags.push(Math.max(0, first.at - write.acked))
    }
    return lags.sort((a, b) => a - b)
  }
}

/** The value at quantile `q` of sorted `values`. */
export function quantile(values: readonly number[], q: number): number {
  return values[Math.min(values.length - 1, Math.floor(q * values.length))] ?? NaN
}
