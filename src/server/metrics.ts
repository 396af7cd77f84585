import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import { REJECTION_REASONS, type RejectionReason } from '../core/index.js'
import type {
  ExtenderMetrics,
  NodeCacheMetrics,
  UnknownNameOutcome,
  Verb,
} from '../extender/index.js'

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
export type ErrorReplyCause = 'bad_request' | 'unavailable' | 'internal'

const ERROR_REPLY_CAUSES: readonly ErrorReplyCause[] = ['bad_request', 'unavailable', 'internal']
const SCHEDULING_VERBS: readonly Verb[] = ['filter', 'prioritize', 'preempt']

/**
 * Every metric the service exports, created once with fixed label sets (never a node or pod
 * name), so observing one costs a label lookup and nothing grows with the cluster.
 */
export class Metrics implements ExtenderMetrics, NodeCacheMetrics {
  readonly registry = new Registry()
  readonly #requests: Counter<'verb' | 'code'>
  readonly #duration: Histogram<'verb'>
  readonly #nodesRejected: Counter<'reason'>
  readonly #informerEvents: Counter<'type'>
  readonly #watchRestarts: Counter
  readonly #relists: Counter
  readonly #indexSize: Gauge
  readonly #unknownLookups: Counter<'outcome'>
  readonly #errorReplies: Counter<'verb' | 'cause'>
  #lastEventAt: number | null = null
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
      help: 'Candidate nodes rejected by filter, by reason.',
      labelNames: ['reason'],
      registers,
      collect() {
        flush(rejected, (reason, count) => this.inc({ reason }, count))
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
    this.#informerEvents = new Counter({
      name: 'taint_extender_informer_events_total',
      help: 'Node events applied to the taint index, by type.',
      labelNames: ['type'],
      registers,
    })
    this.#watchRestarts = new Counter({
      name: 'taint_extender_watch_restarts_total',
      help: 'Node watch restarts (errors, stream ends, watchdog).',
      registers,
    })
    this.#relists = new Counter({
      name: 'taint_extender_relists_total',
      help: 'Full node lists (start, 410 Gone).',
      registers,
    })
    this.#indexSize = new Gauge({
      name: 'taint_extender_index_nodes',
      help: 'Nodes in the taint index.',
      registers,
    })
    this.#unknownLookups = new Counter({
      name: 'taint_extender_unknown_node_lookups_total',
      help:
        'Names the index did not know, by outcome: found or not_found (by a GET, or at once for ' +
        'a name no node can have), error (the GET failed), shed (not asked: too many in flight).',
      labelNames: ['outcome'],
      registers,
    })
    this.#errorReplies = new Counter({
      name: 'taint_extender_error_replies_total',
      help:
        'Replies carrying an Error, by verb and cause: bad_request (4xx), unavailable (node ' +
        'cache not ready, or no cluster connection; filter answers it with status 200 and its ' +
        'Error field), internal (500).',
      labelNames: ['verb', 'cause'],
      registers,
    })
    const lastEventAt = (): number | null => this.#lastEventAt
    new Gauge({
      name: 'taint_extender_seconds_since_last_event',
      help: 'Seconds since the node watch last delivered an event or bookmark (-1: never).',
      registers,
      collect() {
        const at = lastEventAt()
        this.set(at === null ? -1 : (Date.now() - at) / 1000)
      },
    })
    for (const reason of REJECTION_REASONS) this.#nodesRejected.inc({ reason }, 0)
    // At zero from the start, so that an alert on increase() sees the first error: a series
    // that first appears at 1 shows no increase.
    for (const verb of SCHEDULING_VERBS) {
      for (const cause of ERROR_REPLY_CAUSES) this.#errorReplies.inc({ verb, cause }, 0)
    }
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

  informerEvent(type: 'add' | 'update' | 'delete' | 'relist'): void {
    this.#informerEvents.inc({ type })
  }

  watchRestart(): void {
    this.#watchRestarts.inc()
  }

  relist(): void {
    this.#relists.inc()
  }

  indexSize(size: number): void {
    this.#indexSize.set(size)
  }

  lastEventNow(): void {
    this.#lastEventAt = Date.now()
  }

  unknownNameLookup(outcome: UnknownNameOutcome): void {
    this.#unknownLookups.inc({ outcome })
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
