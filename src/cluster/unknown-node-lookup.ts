import { setMaxListeners } from 'node:events'
import type { CompiledNode, TaintIndex } from '../core/index.js'
import type { Logger, NodeCacheMetrics } from '../extender/ports.js'
import { describeError } from './api-errors.js'
import type { NodeApi } from './node-api.js'

/** Node names are DNS-1123 subdomains (apimachinery `ValidateNodeName`). */
const NODE_NAME = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/
const MAX_NODE_NAME_LENGTH = 253

/**
 * GETs for unknown names at most in flight at once, process-wide. A request may name thousands
 * of nodes the index does not know (kube-scheduler pointed at another cluster, or nodes the
 * watch has not delivered after an outage): one GET each, all at once, took an extender in a
 * 512 MiB memory cgroup past its limit (killed) with 10000 unknown names in a 15000-name call,
 * and would flood the API server. Names past the cap are answered at once as not looked up;
 * kube-scheduler asks again in the next cycle.
 */
export const MAX_LOOKUPS_IN_FLIGHT = 32

/**
 * Answers for a node name the index does not know (a node created moments ago, whose watch
 * event is still on its way) with one GET to the API server. Concurrent lookups of one name
 * share that GET: a burst of pods scheduled onto a new node must not become a burst of requests.
 */
export class UnknownNodeLookup {
  readonly #api: NodeApi
  readonly #index: TaintIndex
  readonly #metrics: NodeCacheMetrics
  readonly #logger: Logger
  readonly #stopSignal: AbortSignal
  readonly #inFlight = new Map<string, Promise<CompiledNode | null>>()

  constructor(
    api: NodeApi,
    index: TaintIndex,
    metrics: NodeCacheMetrics,
    logger: Logger,
    stopSignal: AbortSignal
  ) {
    this.#api = api
    this.#index = index
    this.#metrics = metrics
    this.#logger = logger
    this.#stopSignal = stopSignal
    // Each GET in flight listens on the stop signal until it settles (withDeadline), so up to
    // MAX_LOOKUPS_IN_FLIGHT at once, plus the owner's own: past Node's default of 10, Node would
    // print a "possible memory leak" warning to stderr for a bound that is deliberate.
    setMaxListeners(MAX_LOOKUPS_IN_FLIGHT + 1, stopSignal)
  }

  fetch(name: string): Promise<CompiledNode | null> {
    if (name.length > MAX_NODE_NAME_LENGTH || !NODE_NAME.test(name)) {
      // No node can have this name; asking the API server would only cost a request.
      this.#metrics.unknownNameLookup('not_found')
      return Promise.resolve(null)
    }
    const pending = this.#inFlight.get(name)
    if (pending !== undefined) return pending
    if (this.#inFlight.size >= MAX_LOOKUPS_IN_FLIGHT) {
      this.#metrics.unknownNameLookup('shed')
      return Promise.reject(
        new Error(
          `node cache: ${MAX_LOOKUPS_IN_FLIGHT} lookups of unknown nodes already in flight; ` +
            `${name} was not looked up`
        )
      )
    }
    const lookup = this.#lookup(name).finally(() => this.#inFlight.delete(name))
    this.#inFlight.set(name, lookup)
    return lookup
  }

  async #lookup(name: string): Promise<CompiledNode | null> {
    let node
    try {
      node = await this.#api.read(name, this.#stopSignal)
    } catch (err) {
      this.#metrics.unknownNameLookup('error')
      const detail = describeError(err)
      this.#logger.warn('looking up an unknown node failed', { node: name, error: detail })
      throw new Error(`node cache: GET /api/v1/nodes/${name} failed: ${detail}`, { cause: err })
    }
    if (node === null) {
      this.#metrics.unknownNameLookup('not_found')
      return null
    }
    this.#metrics.unknownNameLookup('found')
    // If the watch indexed the node while the GET was in flight, its entry is at least as new.
    const indexed = this.#index.get(name)
    if (indexed !== undefined) return indexed
    const compiled = this.#index.upsert(node)
    this.#metrics.indexSize(this.#index.size)
    return compiled
  }
}
