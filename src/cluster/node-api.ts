import { setImmediate as yieldToEventLoop } from 'node:timers/promises'
import { CoreV1Api, type KubeConfig } from '@kubernetes/client-node'
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
   */
  async listAll(stopSignal: AbortSignal): Promise<NodeListing> {
    const nodes: NodeTaintsAt[] = []
    let skipped = 0
    let resourceVersion = ''
    let continueToken: string | undefined
    do {
      const query = { limit: this.#pageSize, _continue: continueToken }
      const page = await withDeadline(stopSignal, this.#requestTimeoutMs, (signal) =>
        this.#core.listNode(query, abortableRequest(signal))
      )
      for (const item of page.items) {
        const node = projectNode(item)
        if (node === null) skipped++
        else nodes.push(node)
      }
      resourceVersion = page.metadata?.resourceVersion ?? resourceVersion
      continueToken = page.metadata?._continue || undefined
      if (continueToken !== undefined) await yieldToEventLoop()
    } while (continueToken !== undefined)
    return { nodes, resourceVersion, skipped }
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
