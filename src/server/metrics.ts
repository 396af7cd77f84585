import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import { REASON_LABELS, REJECTION_REASONS, type RejectionReason } from '../core/index.js'
import { evaluateReadiness, type ReadinessCheck } from './health.js'
import type { ExtenderMetrics, Verb } from '../extender/index.js'
import { NodeCacheSeries } from './node-cache-series.js'

/**
 * Sub-millisecond buckets: a node-cache call takes a fraction of a millisecond, and the
 * scheduler's budget per pod is about 1.3 ms, so the default 5 ms first bucket would hide
 * everything that matters.
 */
const LATENCY_BUCKETS = [
  0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5,
]

/**
 * cacheLookup's label sets, made once: the pending counts are keyed by these very objects, so
 * recording a lookup builds nothing and the scrape hands them to prom-client as they are.
 */
const LOOKUP_LABELS = {
  tolerations: [
    { cache: 'tolerations', result: 'miss' },
    { cache: 'tolerations', result: 'hit' },
  ],
  nodes: [
    { cache: 'nodes', result: 'miss' },
    { cache: 'nodes', result: 'hit' },
  ],
} as const

type LookupLabels = (typeof LOOKUP_LABELS)[keyof typeof LOOKUP_LABELS][number]

/**
 * Why a reply carried an Error: bad_request (a 4xx), unavailable (the node cache not ready, or
 * no cluster connection for a NodeNames request), internal (a 500).
 */
export type ErrorReplyCause = 'bad_request' | 'unavailable' | 'overloaded' | 'internal'

const ERROR_REPLY_CAUSES: readonly ErrorReplyCause[] = [
  'bad_request',
  'unavailable',
  'overloaded',
  'internal',
]
const SCHEDULING_VERBS: readonly Verb[] = ['filter', 'prioritize', 'preempt']

/**
 * Every metric the service exports, created once with fixed label sets (never a node or pod
 * name), so observing one costs a label lookup and nothing grows with the cluster.
 */
export class Metrics implements ExtenderMetrics {
  readonly registry = new Registry()
  /** What the informer's node cache reports (see NodeCacheSeries). */
  readonly nodeCache = new NodeCacheSeries(this.registry)
  readonly #requests: Counter<'verb' | 'code'>
  readonly #duration: Histogram<'verb'>
  readonly #nodesRejected: Counter<'reason'>
  readonly #errorReplies: Counter<'verb' | 'cause'>
  #readinessChecks: (() => readonly ReadinessCheck[]) | null = null
  // Per-request counts are kept as plain numbers and added to their counters when /metrics is
  // scraped: prom-client hashes a label object on every inc, which showed in profiles of the
  // scheduling path. Keyed by label value, or for lookups by their label set (LOOKUP_LABELS).
  readonly #pendingEvaluated = new Map<Verb, number>()
  readonly #pendingRejected = new Map<RejectionReason, number>()
  readonly #pendingLookups = new Map<LookupLabels, number>()
  // prom-client hashes a label object on every call; the scheduling path reuses the children
  // it has already made instead (a handful of verb/code and verb pairs).
  readonly #requestChildren = new Map<string, { inc(): void }>()
  readonly #durationChildren = new Map<string, { observe(value: number): void }>()

  constructor() {
    const registers = [this.registry]
    collectDefaultMetrics({ register: this.registry })
    this.#requests = new Counter({
      name: 'taint_extender_requests_total',
      help: 'HTTP requests by verb and status code.',
      labelNames: ['verb', 'code'],
      registers,
    })
    this.#duration = new Histogram({
      name: 'taint_extender_request_duration_seconds',
      help: 'Time from request arrival to the last byte of the reply, by verb.',
      labelNames: ['verb'],
      buckets: LATENCY_BUCKETS,
      registers,
    })
    const evaluated = this.#pendingEvaluated
    const rejected = this.#pendingRejected
    const lookups = this.#pendingLookups
    new Counter({
      name: 'taint_extender_nodes_evaluated_total',
      help: 'Candidate nodes judged, by verb.',
      labelNames: ['verb'],
      registers,
      collect() {
        flush(evaluated, (verb, count) => this.inc({ verb }, count))
      },
    })
    this.#nodesRejected = new Counter({
      name: 'taint_extender_nodes_rejected_total',
      help:
        'Candidate nodes rejected by filter, by reason: ' +
        REJECTION_REASONS.map((r) => `${REASON_LABELS[r]} (${r})`).join(', ') +
        '.',
      labelNames: ['reason'],
      registers,
      collect() {
        flush(rejected, (reason, count) => this.inc({ reason: REASON_LABELS[reason] }, count))
      },
    })
    new Counter({
      name: 'taint_extender_cache_lookups_total',
      help: 'Compiled-form cache lookups (tolerations, nodes) by result.',
      labelNames: ['cache', 'result'],
      registers,
      collect() {
        flush(lookups, (labels, count) => this.inc(labels, count))
      },
    })
    this.#errorReplies = new Counter({
      name: 'taint_extender_error_replies_total',
      help:
        'Replies carrying an Error, by verb and cause: bad_request (4xx), unavailable (node ' +
        'cache not ready, or no cluster connection; filter answers it with status 200 and its ' +
        'Error field), overloaded (503: the bodies in flight hold --max-body-bytes-in-flight), ' +
        'internal (500).',
      labelNames: ['verb', 'cause'],
      registers,
    })
    const readinessChecks = (): (() => readonly ReadinessCheck[]) | null => this.#readinessChecks
    new Gauge({
      name: 'taint_extender_ready',
      help: '1 when every readiness check passes (/readyz answers 200), else 0.',
      registers,
      collect() {
        const checks = readinessChecks()
        let ready = false
        try {
          ready = checks !== null && evaluateReadiness(checks()).ok
        } catch {
          // A check that throws fails /readyz with a 500; it is not ready here either.
        }
        this.set(ready ? 1 : 0)
      },
    })
    for (const reason of REJECTION_REASONS) {
      this.#nodesRejected.inc({ reason: REASON_LABELS[reason] }, 0)
    }
    // At zero from the start, so that an alert on increase() sees the first error: a series
    // that first appears at 1 shows no increase.
    for (const verb of SCHEDULING_VERBS) {
      for (const cause of ERROR_REPLY_CAUSES) this.#errorReplies.inc({ verb, cause }, 0)
    }
  }

  /**
   * taint_extender_build_info{version,commit,node} 1, as Go components export build_info with
   * their goversion: which build runs, joinable onto any other series by instance.
   */
  reportBuildInfo(version: string, commit: string): void {
    new Gauge({
      name: 'taint_extender_build_info',
      help: 'Always 1: the version, the commit it was built from and the Node.js version running it.',
      labelNames: ['version', 'commit', 'node'],
      registers: [this.registry],
    }).set({ version, commit, node: process.version }, 1)
  }

  /**
   * The checks taint_extender_ready reports, read at each scrape: those /readyz answers from.
   * Until given, the gauge says 0.
   */
  reportReadiness(checks: () => readonly ReadinessCheck[]): void {
    this.#readinessChecks = checks
  }

  /** Records one finished HTTP request. */
  request(verb: string, code: number, seconds: number): void {
    const key = `${verb} ${code}`
    let counter = this.#requestChildren.get(key)
    if (counter === undefined) {
      counter = this.#requests.labels(verb, String(code))
      this.#requestChildren.set(key, counter)
    }
    counter.inc()
    let histogram = this.#durationChildren.get(verb)
    if (histogram === undefined) {
      histogram = this.#duration.labels(verb)
      this.#durationChildren.set(verb, histogram)
    }
    histogram.observe(seconds)
  }

  /** Records one reply carrying an Error (see ErrorReplyCause); off the path of answers. */
  errorReply(verb: string, cause: ErrorReplyCause): void {
    this.#errorReplies.inc({ verb, cause })
  }

  nodesEvaluated(verb: Verb, count: number): void {
    add(this.#pendingEvaluated, verb, count)
  }

  nodesRejected(reason: RejectionReason, count: number): void {
    add(this.#pendingRejected, reason, count)
  }

  cacheLookup(cache: 'tolerations' | 'nodes', hit: boolean): void {
    add(this.#pendingLookups, LOOKUP_LABELS[cache][hit ? 1 : 0], 1)
  }
}

function add<K>(pending: Map<K, number>, key: K, count: number): void {
  pending.set(key, (pending.get(key) ?? 0) + count)
}

/** Hands each pending count to `inc` and forgets it. */
function flush<K>(pending: Map<K, number>, inc: (key: K, count: number) => void): void {
  for (const [key, count] of pending) inc(key, count)
  pending.clear()
}
