/**
 * Samples the extender's /metrics every few seconds: resident memory, heap, watch restarts and
 * relists, for the report's view of how the process holds up.
 */

export interface MetricsSample {
  /** Milliseconds since the soak started. */
  readonly atMs: number
  readonly residentBytes: number | null
  readonly heapUsedBytes: number | null
  readonly watchRestarts: number | null
  readonly relists: number | null
  readonly indexNodes: number | null
}

/** The sum over all label sets of each metric the report reads. */
export function parseMetrics(text: string, atMs: number): MetricsSample {
  const sums = new Map<string, number>()
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{[^}]*\})?\s+(\S+)/.exec(line)
    const value = Number(match?.[2])
    if (match?.[1] !== undefined && Number.isFinite(value)) {
      sums.set(match[1], (sums.get(match[1]) ?? 0) + value)
    }
  }
  const get = (name: string): number | null => sums.get(name) ?? null
  return {
    atMs,
    residentBytes: get('process_resident_memory_bytes'),
    heapUsedBytes: get('nodejs_heap_size_used_bytes'),
    watchRestarts: get('taint_extender_watch_restarts_total'),
    relists: get('taint_extender_relists_total'),
    indexNodes: get('taint_extender_index_nodes'),
  }
}

/** Scrapes `url`/metrics every `everyMs` until stopped; a failed scrape shows as a gap. */
export function startSampler(url: string, everyMs: number, onSample: (s: MetricsSample) => void) {
  const startedAt = Date.now()
  const samples: MetricsSample[] = []
  const scrape = async (): Promise<void> => {
    try {
      const text = await (await fetch(`${url}/metrics`)).text()
      const sample = parseMetrics(text, Date.now() - startedAt)
      samples.push(sample)
      onSample(sample)
    } catch {
      // The process is gone or busy: the requests count the errors.
    }
  }
  void scrape()
  const timer = setInterval(() => void scrape(), everyMs)
  return {
    samples,
    /** Stops sampling after one last sample. */
    stop: async (): Promise<readonly MetricsSample[]> => {
      clearInterval(timer)
      await scrape()
      return samples
    },
  }
}
