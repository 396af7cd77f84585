import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { setTimeout as delay } from 'node:timers/promises'
import type { KubeApi } from '../support/control-plane/index.js'
import { NO_SCHEDULE } from './fault-support.js'

/**
 * The parts of the flapping-taint suite: a taint flipper that logs each write's send and reply
 * times and when the extender's view first showed it, a recorder of kube-scheduler's filter
 * calls, and the sorting of each binding by what the node's taint was when the extender
 * answered. All times are wall-clock milliseconds with sub-millisecond precision, from one
 * clock in this process.
 */

export const now = (): number => performance.timeOrigin + performance.now()

export interface TaintWrite {
  readonly node: string
  readonly tainted: boolean
  readonly sent: number
  readonly acked: number
  /** The reply of the first filter call after `acked` that showed this write in the view. */
  readonly shown: number
}

/** Whether the extender passes `node` for a pod with no tolerations: its view of the taint. */
export type ViewOf = (node: string) => Promise<boolean>

/**
 * Flips the `flip` taint of each node every `periodMs`, the nodes staggered evenly across the
 * period so that about half are tainted at any moment, until `stop()`; then removes it from all.
 *
 * Each write waits, before the next on its node, until `viewOf` shows it (polled every
 * VIEW_POLL_MS). The extender's view of a node moves forward only, and no later write exists
 * while the flipper waits, so the first poll that agrees shows this very write: from its reply
 * on, the view is known to hold it, however far the view trails on a loaded machine.
 */
export class TaintFlipper {
  readonly writes: TaintWrite[] = []
  #running = true
  readonly #loops: Promise<void>[]

  constructor(api: KubeApi, nodes: readonly string[], periodMs: number, viewOf: ViewOf) {
    this.#loops = nodes.map((node, i) =>
      this.#flip(api, viewOf, node, i % 2 === 0, (i * periodMs) / nodes.length, periodMs)
    )
  }

  async stop(): Promise<void> {
    this.#running = false
    await Promise.all(this.#loops)
  }

  async #flip(
    api: KubeApi,
    viewOf: ViewOf,
    node: string,
    start: boolean,
    offsetMs: number,
    periodMs: number
  ): Promise<void> {
    // The node as created (untainted) in the view first: a node it lacks is turned away too.
    await shownAt(viewOf, node, false)
    await delay(offsetMs)
    let tainted = start
    let next = now()
    while (this.#running) {
      await this.#write(api, viewOf, node, tainted)
      tainted = !tainted
      next = Math.max(next + periodMs, now())
      await delay(next - now())
    }
    await this.#write(api, viewOf, node, false)
  }

  async #write(api: KubeApi, viewOf: ViewOf, node: string, tainted: boolean): Promise<void> {
    const sent = now()
    await api.patch(`/api/v1/nodes/${node}`, {
      spec: { taints: tainted ? [NO_SCHEDULE('flip')] : null },
    })
    const acked = now()
    this.writes.push({ node, tainted, sent, acked, shown: await shownAt(viewOf, node, tainted) })
  }
}

const VIEW_POLL_MS = 5

/** The reply time of the first `viewOf(node)` call that shows the node `tainted` or not. */
async function shownAt(viewOf: ViewOf, node: string, tainted: boolean): Promise<number> {
  for (;;) {
    const passed = await viewOf(node)
    if (passed !== tainted) return now()
    await delay(VIEW_POLL_MS)
  }
}

export interface FilterCall {
  readonly pod: string
  /** When the call reached the proxy: the extender answers after it. */
  readonly at: number
  /** When the extender's answer was back at the proxy: it answered before. */
  readonly answered: number
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
    const answered = now()
    if (!url.endsWith('/filter')) return
    const args = JSON.parse(body.toString('utf8')) as { Pod: { metadata: { name: string } } }
    const result = JSON.parse(answer.toString('utf8')) as { NodeNames: string[] | null }
    this.calls.push({ pod: args.Pod.metadata.name, at, answered, passed: result.NodeNames ?? [] })
  }
}

/** How a node's taint stood when the extender passed it for a pod that does not tolerate it. */
export type Standing =
  | 'untainted'
  | 'taint being written'
  | 'taint being removed'
  | 'tainted, not yet shown in the view'
  | 'tainted in the view'

/**
 * The node's taint while the extender answered `call` (between its `at` and `answered`), from
 * the writes: untainted when the last write sent before `at` removed it (or there was none);
 * being written when that write added it but its reply came after `at`; being removed when
 * the node's next write, removing it, was sent before the answer was back, so that the view
 * may have had it; in the extender's view when a filter call had shown it there (`shown`) by
 * `at`; otherwise written but not yet shown there: the lag every watch-fed view has.
 */
export function standingAt(
  writes: readonly TaintWrite[],
  node: string,
  call: FilterCall
): Standing {
  const ofNode = writes.filter((w) => w.node === node).sort((a, b) => a.sent - b.sent)
  let i = -1
  while (i + 1 < ofNode.length && (ofNode[i + 1]?.sent ?? Infinity) <= call.at) i++
  const last = ofNode[i]
  if (last === undefined || !last.tainted) return 'untainted'
  if (last.acked > call.at) return 'taint being written'
  const next = ofNode[i + 1]
  if (next !== undefined && next.sent < call.answered) return 'taint being removed'
  return last.shown <= call.at ? 'tainted in the view' : 'tainted, not yet shown in the view'
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

/** The value at quantile `q` of sorted `values`. */
export function quantile(values: readonly number[], q: number): number {
  return values[Math.min(values.length - 1, Math.floor(q * values.length))] ?? NaN
}
