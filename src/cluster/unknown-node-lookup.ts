import { setMaxListeners } from 'node:events'
import { LRUCache } from 'lru-cache'
import type { CompiledNode } from '../core/index.js'
import type { TaintIndex } from '../node-index/index.js'
import type { Logger, NodeCacheMetrics, UnknownNameAnswer } from '../extender/ports.js'
import { describeError } from './api-errors.js'
import { LookupRate } from './lookup-rate.js'
import type { NodeApi } from './node-api.js'

/** Node names are DNS-1123 subdomains (apimachinery `ValidateNodeName`). */
const NODE_NAME = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/
const MAX_NODE_NAME_LENGTH = 253

/**
 * GETs for unknown names at most in flight at once, process-wide: one GET per name, all at
 * once, took an extender in a 512 MiB memory cgroup past its limit with 10000 unknown names in
 * one call, and would flood the API server. Also the burst of the per-second rate.
 */
export const MAX_LOOKUPS_IN_FLIGHT = 32

/**
 * How long a name the API server answered 404 for is answered "not found" without asking
 * again, unless the watch brings the node first. Short: a node created since is normally
 * delivered by the watch within the second, and kube-scheduler retries a pod within seconds.
 */
export const NOT_FOUND_TTL_MS = 5_000

/** Names remembered as not found at most (each at most 253 bytes: under 8 MiB in all). */
export const MAX_NOT_FOUND_NAMES = 20_000

export interface UnknownNodeLookupOptions {
  readonly api: NodeApi
  readonly index: TaintIndex
  readonly metrics: NodeCacheMetrics
  readonly logger: Logger
  readonly stopSignal: AbortSignal
  /** GETs per second across all calls, with a burst of MAX_LOOKUPS_IN_FLIGHT. */
  readonly lookupsPerSecond: number
  /** The clock, for the rate and the not-found memory; replaceable in tests. */
  readonly now?: () => number
}

/**
 * Answers for a node name the index does not know (a node created moments ago, whose watch
 * event is still on its way). Most answers come at once, with no promise and no Error: a name
 * no node can have, a name the API server said it does not have within NOT_FOUND_TTL_MS, and a
 * name not asked because the GETs in flight or the per-second rate are used up (kube-scheduler
 * asks again in its next cycle). Otherwise one GET, shared by concurrent callers of that name.
 */
export class UnknownNodeLookup {
  readonly #o: UnknownNodeLookupOptions
  readonly #inFlight = new Map<string, Promise<CompiledNode | null>>()
  readonly #notFound: LRUCache<string, true>
  readonly #rate: LookupRate

  constructor(options: UnknownNodeLookupOptions) {
    this.#o = options
    const now = options.now ?? performance.now.bind(performance)
    this.#rate = new LookupRate(options.lookupsPerSecond, MAX_LOOKUPS_IN_FLIGHT, now)
    this.#notFound = new LRUCache({
      max: MAX_NOT_FOUND_NAMES,
      ttl: NOT_FOUND_TTL_MS,
      ttlResolution: 0,
      perf: { now },
    })
    // Each GET in flight listens on the stop signal until it settles (withDeadline), so up to
    // MAX_LOOKUPS_IN_FLIGHT at once, plus the owner's own: past Node's default of 10, Node would
    // print a "possible memory leak" warning to stderr for a bound that is deliberate.
    setMaxListeners(MAX_LOOKUPS_IN_FLIGHT + 1, options.stopSignal)
  }

  fetch(name: string): Promise<CompiledNode | null> | UnknownNameAnswer {
    const metrics = this.#o.metrics
    if (name.length > MAX_NODE_NAME_LENGTH || !NODE_NAME.test(name)) {
      // No node can have this name; asking the API server would only cost a request.
      metrics.unknownNameLookup('not_found')
      return 'not_found'
    }
    if (this.#notFound.has(name)) {
      metrics.unknownNameLookup('not_found_remembered')
      return 'not_found'
    }
    const pending = this.#inFlight.get(name)
    if (pending !== undefined) return pending
    if (this.#inFlight.size >= MAX_LOOKUPS_IN_FLIGHT) {
      metrics.unknownNameLookup('shed')
      return 'not_looked_up'
    }
    if (!this.#rate.take()) {
      metrics.unknownNameLookup('throttled')
      return 'not_looked_up'
    }
    const lookup = this.#lookup(name).finally(() => this.#inFlight.delete(name))
    this.#inFlight.set(name, lookup)
    return lookup
  }

  /**
   * The watch brought this node (or, with null, a whole new list): a name remembered as not
   * found is forgotten, so a node that appears is never answered "not found" from memory.
   */
  forgetNotFound(name: string | null): void {
    if (name === null) this.#notFound.clear()
    else this.#notFound.delete(name)
  }

  async #lookup(name: string): Promise<CompiledNode | null> {
    const { api, index, metrics, logger, stopSignal } = this.#o
    let node
    try {
      node = await api.read(name, stopSignal)
    } catch (err) {
      metrics.unknownNameLookup('error')
      const detail = describeError(err)
      logger.warn('looking up an unknown node failed', { node: name, error: detail })
      throw new Error(`node cache: GET /api/v1/nodes/${name} failed: ${detail}`, { cause: err })
    }
    // If the watch indexed the node while the GET was in flight, its entry is at least as new.
    const indexed = index.get(name)
    if (indexed !== undefined) {
      metrics.unknownNameLookup('found')
      return indexed
    }
    if (node === null) {
      metrics.unknownNameLookup('not_found')
      this.#notFound.set(name, true)
      return null
    }
    metrics.unknownNameLookup('found')
    const compiled = index.upsert(node)
    metrics.indexSize(index.size)
    return compiled
  }
}
