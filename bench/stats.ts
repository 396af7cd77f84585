/** Latency summaries from raw samples in nanoseconds, reported in microseconds. */

export interface LatencySummary {
  readonly samples: number
  readonly p50Us: number
  readonly p99Us: number
  readonly maxUs: number
}

/** Nearest-rank percentile of sorted values (q in 0..1). */
export function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN
  const rank = Math.max(1, Math.ceil(q * sorted.length))
  return sorted[Math.min(rank, sorted.length) - 1] as number
}

export function summarize(nanos: readonly bigint[]): LatencySummary {
  const us = nanos.map((n) => Number(n) / 1000).sort((a, b) => a - b)
  return {
    samples: us.length,
    p50Us: round1(percentile(us, 0.5)),
    p99Us: round1(percentile(us, 0.99)),
    maxUs: round1(us[us.length - 1] ?? Number.NaN),
  }
}

export const round1 = (v: number): number => Math.round(v * 10) / 10
export const round3 = (v: number): number => Math.round(v * 1000) / 1000
