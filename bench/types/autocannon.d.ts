/**
 * The part of autocannon 9's programmatic API the benchmarks use (the package ships no types).
 * Latencies are in milliseconds, byte counts in bytes, `duration` in seconds.
 */
declare module 'autocannon' {
  export interface Histogram {
    readonly average: number
    readonly mean: number
    readonly stddev: number
    readonly min: number
    readonly max: number
    readonly total: number
    readonly p50: number
    readonly p90: number
    readonly p99: number
  }

  export interface Result {
    readonly duration: number
    readonly requests: Histogram & { readonly sent: number }
    readonly latency: Histogram
    readonly throughput: Histogram
    readonly errors: number
    readonly timeouts: number
    readonly mismatches: number
    readonly non2xx: number
    readonly resets: number
    readonly '2xx': number
  }

  export interface Options {
    readonly url: string
    readonly method?: string
    readonly body?: string | Buffer
    readonly headers?: Record<string, string>
    readonly connections?: number
    readonly pipelining?: number
    readonly duration?: number
    readonly timeout?: number
    readonly expectBody?: string
  }

  export default function autocannon(options: Options): Promise<Result>
}
