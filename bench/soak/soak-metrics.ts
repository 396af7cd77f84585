/**
 * Samples the extender's /metrics every few seconds (resident memory, event-loop delay, watch
 * restarts, relists) and times a /livez round trip every 200 ms as a client-side view of how
 * responsive its event loop stays.
 */
import { setTimeout as delay } from 'node:timers/promises'

export interface MetricsSample {
  /** Milliseconds since the soak started. */
  readonly atMs: number
  readonly residentBytes: number | null
  /** V8 heap used and memory held outside it (Buffers), without a forced GC. */
  readonly heapUsedBytes: number | null
  readonly externalBytes: number | null
  /** prom-client's monitorEventLoopDelay p99 since the previous scrape (it resets each scrape). */
  readonly eventLoopP99Seconds: number | null
  readonly watchRestarts: number | null
  readonly relists: number | null
  readonly indexNodes: number | null
  /** taint_extender_requests_total by `verb code`. */
  readonly requests: ReadonlyMap<string, number>
}

/** The sum over all label sets of each metric name, and requests_total by verb and code. */
export function parseMetrics(text: string, atMs: number): MetricsSample {
  const sums = new Map<string, number>()
  const requests = new Map<string, number>()
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{[^}]*\})?\s+(\S+)/.exec(line)
    if (match === null) continue
    const [, name = '', labels = '', raw = ''] = match
    const value = Number(raw)
    if (!Number.isFinite(value)) continue
    sums.set(name, (sums.get(name) ?? 0) + value)
    if (name === 'taint_extender_requests_total') {
      const verb = /verb="([^"]*)"/.exec(labels)?.[1] ?? '?'
      const code = /code="([^"]*)"/.exec(labels)?.[1] ?? '?'
      requests.set(`${verb} ${code}`, value)
    }
  }
  const get = (name: string): number | null => sums.get(name) ?? null
  return {
    atMs,
    residentBytes: get('process_resident_memory_bytes'),
    heapUsedBytes: get('nodejs_heap_size_used_bytes'),
    externalBytes: get('nodejs_external_memory_bytes'),
    eventLoopP99Seconds: get('nodejs_eventloop_lag_p99_seconds'),
    watchRestarts: get('taint_extender_watch_restarts_total'),
    relists: get('taint_extender_relists_total'),
    indexNodes: get('taint_extender_index_nodes'),
    requests,
  }
}

export class MetricsSampler {
  readonly samples: MetricsSample[] = []
  /** /livez round trips in milliseconds. */
  readonly livezMs: number[] = []
  readonly #url: string
  readonly #startedAt: number
  #running = true
  #loops: Promise<void>[] = []

  constructor(url: string, startedAt: number) {
    this.#url = url
    this.#startedAt = startedAt
  }

  async sample(): Promise<MetricsSample> {
    const response = await fetch(`${this.#url}/metrics`)
    const sample = parseMetrics(await response.text(), Date.now() - this.#startedAt)
    this.samples.push(sample)
    return sample
  }

  /** Samples now and every `everyMs`, and probes /livez, until `stop()`. */
  start(everyMs: number, onSample: (sample: MetricsSample) => void): void {
    const scrape = async (): Promise<void> => {
      while (this.#running) {
        try {
          onSample(await this.sample())
        } catch {
          // A scrape that fails (process gone) shows as a gap; requests count the errors.
        }
        await this.#pause(everyMs)
      }
    }
    const probe = async (): Promise<void> => {
      while (this.#running) {
        const started = process.hrtime.bigint()
        const ok = await fetch(`${this.#url}/livez`)
          .then((r) => r.text())
          .then(() => true)
          .catch(() => false)
        if (ok) this.livezMs.push(Number(process.hrtime.bigint() - started) / 1e6)
        await this.#pause(200)
      }
    }
    this.#loops = [scrape(), probe()]
  }

  /** Ends both loops and takes one last sample. */
  async stop(): Promise<MetricsSample> {
    this.#running = false
    await Promise.all(this.#loops)
    return this.sample()
  }

  async #pause(ms: number): Promise<void> {
    const until = Date.now() + ms
    while (this.#running && Date.now() < until) await delay(Math.min(100, until - Date.now()))
  }
}
