/**
 * Throughput under concurrency with autocannon: several keep-alive connections, each sending
 * the next request as soon as its reply arrived. kube-scheduler never does this to one extender
 * (its cycle is serial), but several schedulers or profiles can, and it shows how far the event
 * loop stretches. Every reply must equal the sequential run's checked reply byte for byte.
 */
import autocannon from 'autocannon'
import type { Target } from './sequential-client.js'

export interface ConcurrentOptions {
  readonly connections: number
  readonly durationSeconds: number
  /** The reply every request must get (already checked by the sequential run). */
  readonly expectBody: string
}

export interface ConcurrentResult {
  readonly connections: number
  readonly durationSeconds: number
  readonly requests: number
  readonly reqPerSec: number
  readonly p50Us: number
  readonly p99Us: number
  readonly maxUs: number
  readonly non2xx: number
  readonly errors: number
  readonly timeouts: number
  readonly mismatches: number
}

export async function runConcurrent(
  target: Target,
  body: Buffer,
  options: ConcurrentOptions
): Promise<ConcurrentResult> {
  const result = await autocannon({
    url: `http://127.0.0.1:${target.port}${target.path}`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    connections: options.connections,
    duration: options.durationSeconds,
    timeout: 60,
    expectBody: options.expectBody,
  })
  const completed = result['2xx'] + result.non2xx
  const us = (ms: number): number => Math.round(ms * 1000)
  return {
    connections: options.connections,
    durationSeconds: result.duration,
    requests: completed,
    reqPerSec: Math.round((completed / result.duration) * 10) / 10,
    p50Us: us(result.latency.p50),
    p99Us: us(result.latency.p99),
    maxUs: us(result.latency.max),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    mismatches: result.mismatches,
  }
}

/** What went wrong in a concurrent run, or null. */
export function concurrentProblem(r: ConcurrentResult): string | null {
  const parts: string[] = []
  if (r.non2xx > 0) parts.push(`${r.non2xx} non-2xx`)
  if (r.errors > 0) parts.push(`${r.errors} errors`)
  if (r.timeouts > 0) parts.push(`${r.timeouts} timeouts`)
  if (r.mismatches > 0) parts.push(`${r.mismatches} replies differing from the checked one`)
  if (r.requests === 0) parts.push('no request completed')
  return parts.length === 0 ? null : parts.join(', ')
}
