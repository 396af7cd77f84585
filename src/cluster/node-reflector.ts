import type { KubeConfig } from '@kubernetes/client-node'
import type { TaintIndex } from '../node-index/index.js'
import type { CacheReadiness, Logger, NodeCacheMetrics } from '../extender/ports.js'
import { describeError, isUnreachable } from './api-errors.js'
import { type CappedBackoff, sleep } from './capped-backoff.js'
import type { NodeApi } from './node-api.js'
import { objectName, objectResourceVersion, projectNode } from './node-projection.js'
import { runWatchSession, type WatchEnd } from './node-watch-session.js'
import { watchTimeoutSeconds } from './watch-timeout.js'

export interface NodeReflectorOptions {
  readonly kubeConfig: KubeConfig
  readonly api: NodeApi
  readonly index: TaintIndex
  readonly logger: Logger
  readonly metrics: NodeCacheMetrics
  readonly watchdogMs: number
  readonly backoff: CappedBackoff
  readonly afterList: (list: IndexedList) => void | Promise<void>
  /** Told each node the watch indexes by name, and null after a whole list replaced the index. */
  readonly onIndexed: (name: string | null) => void
}

/** What the after-list hook is told about the list just indexed. */
export interface IndexedList {
  readonly nodes: number
  /** False for the first sync, true for a relist (after 410 Gone). */
  readonly relist: boolean
}

/** A watch open this long without events still counts as healthy (a quiet cluster). */
const HEALTHY_WATCH_MS = 60_000

/**
 * Keeps a TaintIndex equal to the API server's nodes: list, then watch from the list's
 * resourceVersion, for as long as it runs. This is client-go's reflector, rebuilt on client-node's
 * list call and `Watch` rather than on `makeInformer`, for two reasons: the informer's ObjectCache
 * keeps every whole V1Node (~37 KiB each) when the rules need a few taints, and in 1.4 the
 * informer stops for good on any error but 410. Here only the compiled projection is kept,
 * and every failure is retried with capped backoff, forever, until `stop()` (see CappedBackoff:
 * sooner when no API server answered at all).
 */
export class NodeReflector {
  readonly #o: NodeReflectorOptions
  readonly #stop = new AbortController()
  #loop: Promise<void> | undefined
  #synced = false
  #resourceVersion = ''
  /** What the loop is doing now, phrased for the readiness reason. */
  #activity = 'not started'
  #lastError: string | null = null

  constructor(options: NodeReflectorOptions) {
    this.#o = options
  }

  /** Whether the first full list has been indexed. */
  get synced(): boolean {
    return this.#synced
  }

  get resourceVersion(): string {
    return this.#resourceVersion
  }

  start(): void {
    if (this.#loop !== undefined || this.#stop.signal.aborted) return
    this.#loop = this.#run().catch((err: unknown) => {
      // #run handles every failure itself; reaching here is a bug, so say so and stay down.
      this.#activity = 'stopped after an unexpected error'
      this.#o.logger.error('node cache reflector crashed', { error: describeError(err) })
    })
  }

  async stop(): Promise<void> {
    this.#stop.abort()
    await this.#loop
  }

  /**
   * Not ready until the first list is indexed. After that the index stays the best knowledge
   * there is, so watch trouble shows in the reason (for a verbose health view), not in `ready`.
   */
  readiness(): CacheReadiness {
    if (this.#stop.signal.aborted) return { ready: false, reason: 'node cache: stopped' }
    if (!this.#synced) {
      // The error itself names the API server's address; the reason reaches whoever can call
      // the verbs (a node-cache filter before the first list), so it stays in the log.
      const last = this.#lastError === null ? '' : '; the last list failed (the log says why)'
      return {
        ready: false,
        reason: `node cache: waiting for the first list of nodes from the API server${last}`,
      }
    }
    return {
      ready: true,
      reason: `node cache: ${this.#o.index.size} nodes indexed; ${this.#activity}`,
    }
  }

  async #run(): Promise<void> {
    const { backoff, logger, metrics } = this.#o
    const stopSignal = this.#stop.signal
    let needList = true
    while (!stopSignal.aborted) {
      if (needList) {
        const listed = await this.#listAndIndex()
        if (listed !== 'listed') {
          await this.#pause(listed === 'unreachable' ? backoff.nextUnreachable() : backoff.next())
          continue
        }
        // Here, not in #listAndIndex: the list's objects are garbage only once it has returned.
        await this.#afterList({ nodes: this.#o.index.size, relist: this.#synced })
        this.#synced = true
        needList = false
      }

      this.#activity = `watching from resourceVersion ${this.#resourceVersion || '(none)'}`
      const startedAt = Date.now()
      const ended = await runWatchSession({
        kubeConfig: this.#o.kubeConfig,
        resourceVersion: this.#resourceVersion,
        timeoutSeconds: watchTimeoutSeconds(this.#o.watchdogMs),
        watchdogMs: this.#o.watchdogMs,
        stopSignal,
        onEvent: (type, object) => this.#apply(type, object),
      })
      if (ended.kind === 'stopped') break
      const healthy = ended.eventsSeen > 0 || Date.now() - startedAt >= HEALTHY_WATCH_MS
      if (healthy) backoff.reset()
      const delayMs = healthy ? 0 : retryDelay(ended, backoff)
      const fields = { ...watchEndFields(ended), resourceVersion: this.#resourceVersion, delayMs }
      if (ended.kind === 'gone') {
        needList = true
        this.#activity = 'relisting: the watch expired (410 Gone)'
        logger.info('node watch expired (410 Gone); relisting', fields)
      } else {
        metrics.watchRestart()
        this.#activity = `restarting the watch after: ${watchEndText(ended)}`
        if (ended.kind === 'closed') logger.debug('node watch closed; resuming', fields)
        else logger.warn('node watch ended; restarting it', fields)
      }
      await this.#pause(delayMs)
    }
  }

  async #afterList(list: IndexedList): Promise<void> {
    try {
      await this.#o.afterList(list)
    } catch (err) {
      this.#o.logger.warn('the after-list hook failed; the index is unaffected', {
        error: describeError(err),
      })
    }
  }

  /** One full list into the index; how it failed (after logging) when it did. */
  async #listAndIndex(): Promise<'listed' | 'failed' | 'unreachable'> {
    const { api, index, logger, metrics } = this.#o
    this.#activity = this.#synced ? 'relisting' : 'listing'
    try {
      const listing = await api.listAll(this.#stop.signal)
      if (this.#stop.signal.aborted) return 'failed'
      index.replaceAll(listing.nodes)
      this.#o.onIndexed(null)
      this.#resourceVersion = listing.resourceVersion
      this.#lastError = null
      // The very first list is a sync, not a relist; both replace the index wholesale.
      if (this.#synced) metrics.relist()
      metrics.informerEvent('relist')
      metrics.indexSize(index.size)
      metrics.lastEventNow()
      const fields = { nodes: index.size, resourceVersion: listing.resourceVersion }
      if (listing.restarts > 0) {
        logger.info('a continue token expired during the node list; it was listed again', fields)
      }
      if (listing.skipped > 0) {
        logger.warn('listed nodes without a name were skipped', { skipped: listing.skipped })
      }
      logger.info(this.#synced ? 'node cache relisted' : 'node cache synced', fields)
      return 'listed'
    } catch (err) {
      if (this.#stop.signal.aborted) return 'failed'
      this.#lastError = describeError(err)
      this.#activity = `retrying the list after: ${this.#lastError}`
      logger.warn('listing nodes failed; retrying', { error: this.#lastError })
      return isUnreachable(err) ? 'unreachable' : 'failed'
    }
  }

  #apply(type: string, object: unknown): void {
    const { index, logger, metrics } = this.#o
    if (type === 'ADDED' || type === 'MODIFIED') {
      const node = projectNode(object)
      if (node === null) {
        logger.warn('node watch event without a node name ignored', { type })
      } else {
        index.upsert(node)
        this.#o.onIndexed(node.name)
        metrics.informerEvent(type === 'ADDED' ? 'add' : 'update')
      }
    } else if (type === 'DELETED') {
      const name = objectName(object)
      if (name !== '') index.delete(name)
      metrics.informerEvent('delete')
    } else if (type !== 'BOOKMARK') {
      logger.debug('node watch event of unknown type ignored', { type })
      return
    }
    const resourceVersion = objectResourceVersion(object)
    if (resourceVersion !== '') this.#resourceVersion = resourceVersion
    metrics.indexSize(index.size)
    metrics.lastEventNow()
  }

  async #pause(ms: number): Promise<void> {
    await sleep(ms, this.#stop.signal)
  }
}

/** A watch that no API server answered is retried soon; any other failure backs off. */
function retryDelay(ended: WatchEnd, backoff: CappedBackoff): number {
  return ended.kind === 'failed' && ended.unreachable ? backoff.nextUnreachable() : backoff.next()
}

function watchEndText(ended: WatchEnd): string {
  switch (ended.kind) {
    case 'gone':
    case 'failed':
      return ended.detail
    case 'closed':
      return 'the API server closed the watch'
    case 'silent':
      return 'no event nor bookmark within the watchdog period'
    case 'stopped':
      return 'stopped'
  }
}

function watchEndFields(ended: WatchEnd): Record<string, unknown> {
  return { end: ended.kind, detail: watchEndText(ended), eventsSeen: ended.eventsSeen }
}
