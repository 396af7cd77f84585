import type { CompiledNode, RejectionReason, TaintProfile } from '../core/index.js'
import type { NameBytesKeys } from '../node-index/index.js'

/**
 * The ports the verbs speak to. Concrete parts (prom-client metrics, the JSON logger, the
 * informer-fed node cache) are wired to them in src/main.ts; tests may pass their own.
 */

export type Verb = 'filter' | 'prioritize' | 'preempt' | 'explain'

export type LogLevel = 'debug' | 'info' | 'warn' | 'error'

export type LogFields = Readonly<Record<string, unknown>>

/** Structured logging. Callers check `isEnabled('debug')` before building costly fields. */
export interface Logger {
  isEnabled(level: LogLevel): boolean
  debug(msg: string, fields?: LogFields): void
  info(msg: string, fields?: LogFields): void
  warn(msg: string, fields?: LogFields): void
  error(msg: string, fields?: LogFields): void
}

/** Counters the verbs feed; labels are fixed small sets, never node or pod names. */
export interface ExtenderMetrics {
  nodesEvaluated(verb: Verb, count: number): void
  nodesRejected(reason: RejectionReason, count: number): void
  cacheLookup(cache: 'tolerations' | 'nodes', hit: boolean): void
}

/**
 * What became of a name the index did not know: found or not_found (by a GET, or at once for a
 * name no node can have), not_found_remembered (the API server said so within seconds), error
 * (the GET failed), shed (not asked: too many GETs in flight), throttled (not asked: the
 * per-second rate of GETs is used up).
 */
export type UnknownNameOutcome =
  'found' | 'not_found' | 'not_found_remembered' | 'error' | 'shed' | 'throttled'

/**
 * An answer for an unknown name known at once, with no request: no such node, or not looked up
 * (GETs in flight or per second used up; the caller reports it as a failed lookup).
 */
export type UnknownNameAnswer = 'not_found' | 'not_looked_up'

/** Counters and gauges the node cache feeds. */
export interface NodeCacheMetrics {
  informerEvent(type: 'add' | 'update' | 'delete' | 'relist'): void
  watchRestart(): void
  relist(): void
  indexSize(size: number): void
  lastEventNow(): void
  unknownNameLookup(outcome: UnknownNameOutcome): void
}

/** Whether the node cache can answer yet, and why not when it cannot. */
export interface CacheReadiness {
  readonly ready: boolean
  readonly reason: string
}

/**
 * Node-cache mode's source of nodes: an index fed by a node informer. `profilesByBytes` is the
 * hot path (the names read where they lie in the request, straight to what Filter and Score
 * read); `get` finds any name by string; `fetch` is for a name the index does not know (one GET
 * to the API server, shared by concurrent callers).
 */
export interface NodeCache {
  readiness(): CacheReadiness
  get(name: string): CompiledNode | undefined
  /**
   * For each of `names`, the taint profile of the node whose name is its bytes, or undefined,
   * into out[0 … length − 1]. Only plain names (ASCII from 0x20 up, no `"` or `\`) are found this
   * way; see TaintIndex.profilesByBytes.
   */
  profilesByBytes(names: NameBytesKeys, out: (TaintProfile | undefined)[]): void
  /**
   * For a name the index does not know: the node from the API server (indexed on success; null
   * when the API server has none), or an answer known at once, with no promise to settle.
   */
  fetch(name: string): Promise<CompiledNode | null> | UnknownNameAnswer
  readonly size: number
}

export const NOOP_LOGGER: Logger = {
  isEnabled: () => false,
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
}

export const NOOP_EXTENDER_METRICS: ExtenderMetrics = {
  nodesEvaluated: () => {},
  nodesRejected: () => {},
  cacheLookup: () => {},
}

export const NOOP_NODE_CACHE_METRICS: NodeCacheMetrics = {
  informerEvent: () => {},
  watchRestart: () => {},
  relist: () => {},
  indexSize: () => {},
  lastEventNow: () => {},
  unknownNameLookup: () => {},
}
