import { Counter, Gauge, type Registry } from 'prom-client'
import type { NodeCacheMetrics, UnknownNameOutcome } from '../extender/index.js'

/**
 * The node cache's series: what the informer applied, how its watch fares, and the names it did
 * not know. Registered on the service's one registry beside the verbs' (see Metrics); none of
 * them is touched on the scheduling path, so prom-client's own label handling is fine here.
 */
export class NodeCacheSeries implements NodeCacheMetrics {
  readonly #informerEvents: Counter<'type'>
  readonly #watchRestarts: Counter
  readonly #relists: Counter
  readonly #indexSize: Gauge
  /**
   * Counts per outcome since the last scrape, handed to the counter when it is collected: a
   * call can name thousands of unknown nodes, and a plain add per name costs far less than
   * prom-client's per-label increment.
   */
  readonly #pendingLookups = new Map<UnknownNameOutcome, number>()
  #lastEventAt: number | null = null

  constructor(registry: Registry) {
    const registers = [registry]
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
    const pendingLookups = this.#pendingLookups
    new Counter({
      name: 'taint_extender_unknown_node_lookups_total',
      help:
        'Names the index did not know, by outcome: found or not_found (by a GET, or at once for ' +
        'a name no node can have), not_found_remembered (a GET said so within seconds), error ' +
        '(the GET failed), shed (not asked: too many in flight), throttled (not asked: the ' +
        'per-second rate of GETs is used up).',
      labelNames: ['outcome'],
      registers,
      collect() {
        for (const [outcome, count] of pendingLookups) this.inc({ outcome }, count)
        pendingLookups.clear()
      },
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
    this.#pendingLookups.set(outcome, (this.#pendingLookups.get(outcome) ?? 0) + 1)
  }
}
