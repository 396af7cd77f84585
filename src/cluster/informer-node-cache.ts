import { KubeConfig } from '@kubernetes/client-node'
import { type CompiledNode, type TaintProfile } from '../core/index.js'
import { TaintIndex, type NameBytesKeys } from '../node-index/index.js'
import type {
  CacheReadiness,
  Logger,
  NodeCache,
  NodeCacheMetrics,
  UnknownNameAnswer,
} from '../extender/ports.js'
import { CappedBackoff } from './capped-backoff.js'
import { NodeApi } from './node-api.js'
import { NodeReflector, type IndexedList } from './node-reflector.js'
import { UnknownNodeLookup } from './unknown-node-lookup.js'

export type { IndexedList } from './node-reflector.js'

export interface InformerNodeCacheOptions {
  readonly kubeConfig: KubeConfig
  readonly logger: Logger
  readonly metrics: NodeCacheMetrics
  /** The index to fill; a fresh one by default. */
  readonly index?: TaintIndex
  /** Restart a watch that delivered no event nor bookmark for this long. Default 3 minutes. */
  readonly watchdogMs?: number
  /** Reconnect delays. Default 1 s doubling up to 30 s. */
  readonly backoff?: { readonly initialMs: number; readonly maxMs: number }
  /** Nodes per list page. Default 500. */
  readonly pageSize?: number
  /** Limit for each list page and each GET. Default 30 s. */
  readonly requestTimeoutMs?: number
  /** GETs of unknown names per second, across all calls. Default 20. */
  readonly lookupsPerSecond?: number
  /**
   * The clock in milliseconds for the lookups' rate and their not-found memory; replaceable so
   * tests can move time. Default performance.now.
   */
  readonly now?: () => number
  /**
   * Called after each full list is indexed (the first sync and every relist); the first sync
   * makes the cache ready only once it has returned (or its promise settled). A full list leaves
   * garbage the size of every node object: main uses this to collect it at once. A hook that
   * throws or rejects is logged, not fatal.
   */
  readonly afterList?: (list: IndexedList) => void | Promise<void>
}

const NO_HOOK = (): void => {}

/**
 * Each watch asks the API server to end it before this period (watch-timeout.ts), so a watch
 * silent this long is a dead connection, not a quiet cluster.
 */
export const DEFAULT_WATCHDOG_MS = 180_000
export const DEFAULT_BACKOFF = Object.freeze({ initialMs: 1_000, maxMs: 30_000 })
export const DEFAULT_PAGE_SIZE = 500
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000
export const DEFAULT_LOOKUPS_PER_SECOND = 20

/** setTimeout's limit; longer delays fire at once. */
const MAX_TIMER_MS = 2_147_483_647

/**
 * Node-cache mode's NodeCache: a TaintIndex kept current by a list/watch reflector, plus GETs
 * for names it does not know yet. `get` is a map lookup; nothing on the request path waits on
 * the API server except `fetch`.
 */
export class InformerNodeCache implements NodeCache {
  readonly #index: TaintIndex
  readonly #reflector: NodeReflector
  readonly #lookup: UnknownNodeLookup
  readonly #stop = new AbortController()
  #stopping: Promise<void> | undefined

  constructor(options: InformerNodeCacheOptions) {
    const o = validateOptions(options)
    this.#index = o.index ?? new TaintIndex()
    const api = new NodeApi(o.kubeConfig, o.pageSize, o.requestTimeoutMs)
    this.#lookup = new UnknownNodeLookup({
      api,
      index: this.#index,
      metrics: o.metrics,
      logger: o.logger,
      stopSignal: this.#stop.signal,
      lookupsPerSecond: o.lookupsPerSecond,
      now: o.now,
    })
    this.#reflector = new NodeReflector({
      kubeConfig: o.kubeConfig,
      api,
      index: this.#index,
      logger: o.logger,
      metrics: o.metrics,
      watchdogMs: o.watchdogMs,
      backoff: new CappedBackoff(o.backoff.initialMs, o.backoff.maxMs),
      afterList: o.afterList,
      onIndexed: (name) => this.#lookup.forgetNotFound(name),
    })
  }

  /** Begins listing and watching in the background; returns at once. Later calls do nothing. */
  start(): void {
    if (this.#stop.signal.aborted) throw new Error('InformerNodeCache cannot start after stop()')
    this.#reflector.start()
  }

  /** Ends the watch, cancels requests and timers; resolves when all is quiet. Idempotent. */
  stop(): Promise<void> {
    if (this.#stopping === undefined) {
      this.#stop.abort()
      this.#stopping = this.#reflector.stop()
    }
    return this.#stopping
  }

  readiness(): CacheReadiness {
    return this.#reflector.readiness()
  }

  get(name: string): CompiledNode | undefined {
    return this.#index.get(name)
  }

  profilesByBytes(names: NameBytesKeys, out: (TaintProfile | undefined)[]): void {
    this.#index.profilesByBytes(names, out)
  }

  fetch(name: string): Promise<CompiledNode | null> | UnknownNameAnswer {
    return this.#lookup.fetch(name)
  }

  get size(): number {
    return this.#index.size
  }

  /** The resourceVersion the index reflects, "" before the first list. */
  get resourceVersion(): string {
    return this.#reflector.resourceVersion
  }
}

type ValidatedOptions = Required<Omit<InformerNodeCacheOptions, 'index' | 'now'>> &
  Pick<InformerNodeCacheOptions, 'index' | 'now'>

function validateOptions(options: InformerNodeCacheOptions): ValidatedOptions {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError('InformerNodeCache: options must be an object')
  }
  const { kubeConfig, logger, metrics, index } = options
  if (!(kubeConfig instanceof KubeConfig)) {
    throw new TypeError('InformerNodeCache: kubeConfig must be a KubeConfig (see loadKubeConfig)')
  }
  if (kubeConfig.getCurrentCluster() === null) {
    throw new TypeError('InformerNodeCache: kubeConfig has no current context with a cluster')
  }
  requireMethods('logger', logger, ['isEnabled', 'debug', 'info', 'warn', 'error'])
  requireMethods('metrics', metrics, [
    'informerEvent',
    'watchRestart',
    'relist',
    'indexSize',
    'lastEventNow',
    'unknownNameLookup',
  ])
  if (index !== undefined && !(index instanceof TaintIndex)) {
    throw new TypeError('InformerNodeCache: index must be a TaintIndex when given')
  }
  const backoff = options.backoff ?? DEFAULT_BACKOFF
  if (typeof backoff !== 'object' || backoff === null) {
    throw new TypeError('InformerNodeCache: backoff must be { initialMs, maxMs }')
  }
  const initialMs = milliseconds('backoff.initialMs', backoff.initialMs)
  const maxMs = milliseconds('backoff.maxMs', backoff.maxMs)
  if (maxMs < initialMs) {
    throw new TypeError(
      `InformerNodeCache: backoff.maxMs (${maxMs}) must not be below backoff.initialMs (${initialMs})`
    )
  }
  const afterList = options.afterList ?? NO_HOOK
  if (typeof afterList !== 'function') {
    throw new TypeError('InformerNodeCache: afterList must be a function when given')
  }
  const lookupsPerSecond = options.lookupsPerSecond ?? DEFAULT_LOOKUPS_PER_SECOND
  if (!Number.isFinite(lookupsPerSecond) || lookupsPerSecond <= 0) {
    throw new TypeError(
      `InformerNodeCache: lookupsPerSecond must be a positive number, got ${String(lookupsPerSecond)}`
    )
  }
  const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE
  if (!Number.isSafeInteger(pageSize) || pageSize < 1) {
    throw new TypeError(`InformerNodeCache: pageSize must be a positive integer, got ${pageSize}`)
  }
  return {
    kubeConfig,
    logger,
    metrics,
    index,
    watchdogMs: milliseconds('watchdogMs', options.watchdogMs ?? DEFAULT_WATCHDOG_MS),
    backoff: { initialMs, maxMs },
    pageSize,
    lookupsPerSecond,
    now: options.now,
    afterList,
    requestTimeoutMs: milliseconds(
      'requestTimeoutMs',
      options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS
    ),
  }
}

function milliseconds(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_TIMER_MS) {
    throw new TypeError(
      `InformerNodeCache: ${name} must be an integer number of milliseconds from 1 to ${MAX_TIMER_MS}, got ${String(value)}`
    )
  }
  return value
}

function requireMethods(name: string, value: unknown, methods: readonly string[]): void {
  const missing =
    typeof value === 'object' && value !== null
      ? methods.filter((m) => typeof (value as Record<string, unknown>)[m] !== 'function')
      : methods
  if (missing.length > 0) {
    throw new TypeError(`InformerNodeCache: ${name} lacks ${missing.join(', ')}`)
  }
}
