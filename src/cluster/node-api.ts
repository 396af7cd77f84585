import { setImmediate as yieldToEventLoop } from 'node:timers/promises'
import { CoreV1Api, type KubeConfig, type V1NodeList } from '@kubernetes/client-node'
import type { NodeTaintsAt } from '../core/index.js'
import { statusCodeOf } from './api-errors.js'
import { projectNode } from './node-projection.js'
import { abortableRequest, withDeadline } from './request-options.js'

/** A full list of nodes, projected, and the resourceVersion to watch from. */
export interface NodeListing {
  readonly nodes: NodeTaintsAt[]
  readonly resourceVersion: string
  /** Items dropped because they had no name (a real API server never sends one). */
  readonly skipped: number
  /** 1 when a continue token expired mid-way and the list started again from its first page. */
  readonly restarts: number
}

/**
 * The two plain requests the node cache makes: the paged list and the single GET. Both project
 * each Node as soon as its page arrives, so at most one page of whole V1Node objects is alive.
 */
export class NodeApi {
  readonly #core: CoreV1Api
  readonly #pageSize: number
  readonly #requestTimeoutMs: number

  constructor(kubeConfig: KubeConfig, pageSize: number, requestTimeoutMs: number) {
    this.#core = kubeConfig.makeApiClient(CoreV1Api)
    this.#pageSize = pageSize
    this.#requestTimeoutMs = requestTimeoutMs
  }

  /**
   * Lists every node in pages of `pageSize`. The first page is a consistent read (no
   * resourceVersion: served from etcd, unlike `"0"`, which the watch cache answers unpaged) and
   * later pages continue that same snapshot, so the list's resourceVersion is a valid watch start.
   * Between pages the event loop gets a turn, so a 5,000-node list never blocks requests.
   *
   * A continue token outlives its snapshot only until etcd compacts it (every 5 minutes by
   * default), so a slow list of a large cluster can get 410 Expired mid-way. client-go's pager
   * then lists again at once, unpaged. This lists again at once too, but in pages from the
   * first (one unpaged list would hold every whole Node in memory), and once per call: a second
   * expiry rejects, and the caller's backoff takes over.
   */
  async listAll(stopSignal: AbortSignal): Promise<NodeListing> {
    const first = await this.#listPages(stopSignal, true)
    if (first !== 'expired') return first
    return { ...(await this.#listPages(stopSignal, false)), restarts: 1 }
  }

  /** 'expired' when a continued page answered 410 and `expiredOk`; otherwise throws on it. */
  async #listPages(stopSignal: AbortSignal, expiredOk: true): Promise<NodeListing | 'expired'>
  async #listPages(stopSignal: AbortSignal, expiredOk: false): Promise<NodeListing>
  async #listPages(stopSignal: AbortSignal, expiredOk: boolean): Promise<NodeListing | 'expired'> {
    const nodes: NodeTaintsAt[] = []
    let skipped = 0
    let resourceVersion = ''
    let continueToken: string | undefined
    do {
      const query = { limit: this.#pageSize, _continue: continueToken }
      let page: V1NodeList
      try {
        page = await withDeadline(stopSignal, this.#requestTimeoutMs, (signal) =>
          this.#core.listNode(query, abortableRequest(signal))
        )
      } catch (err) {
        if (expiredOk && continueToken !== undefined && statusCodeOf(err) === 410) return 'expired'
        throw err
      }
      for (const item of page.items) {
        const node = projectNode(item)
        if (node === null) skipped++
        else nodes.push(node)
      }
      resourceVersion = page.metadata?.resourceVersion ?? resourceVersion
      continueToken = page.metadata?._continue || undefined
      if (continueToken !== undefined) await yieldToEventLoop()
    } while (continueToken !== undefined)
    return { nodes, resourceVersion, skipped, restarts: 0 }
  }

  /** One node by name, or null on 404. Other failures reject with client-node's error. */
  async read(name: string, stopSignal: AbortSignal): Promise<NodeTaintsAt | null> {
    try {
      const node = await withDeadline(stopSignal, this.#requestTimeoutMs, (signal) =>
        this.#core.readNode({ name }, abortableRequest(signal))
      )
      return projectNode(node)
    } catch (err) {
      if (statusCodeOf(err) === 404) return null
      throw err
    }
  }
}
