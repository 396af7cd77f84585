import type { IncomingMessage } from 'node:http'
import { CoreV1Api, PolicyV1Api, VersionApi, type KubeConfig } from '@kubernetes/client-node'
import { statusCodeOf } from './api-errors.js'
import { apiServerUrl, loadKubeConfig, type ClusterSource } from './kube-config.js'
import { openListRequest } from './list-request.js'
import { abortableRequest } from './request-options.js'

/**
 * What a pods or nodes list accepts: protobuf first, JSON where the API server (or an
 * aggregated one in front of it) does not speak it, as client-go's clients ask.
 */
const PROTOBUF_OR_JSON = 'application/vnd.kubernetes.protobuf, application/json'

/** kubectl's default `--chunk-size`: lists are read in pages of this many objects. */
export const SNAPSHOT_PAGE_SIZE = 500

/**
 * Objects a page of a streamed list holds where the API server pages it from etcd. kubectl's 500
 * costs a request per 500 objects, about 300 at 150,000 pods, each a round trip and a new read
 * of etcd; a streamed page is decoded as it arrives and the next is asked for as soon as its
 * continue token is read, so larger pages cost no memory here, while the API server still
 * builds each page whole, which bounds them.
 */
export const STREAMED_PAGE_SIZE = 5000

/**
 * A list to read as a stream: its path, the field selector it is filtered by, if any, and
 * whether it may be answered in protobuf (pods and nodes, the bulk of a cluster, whose
 * protobuf takes fewer bytes and lets what is not read be skipped unread).
 */
export interface ListQuery {
  readonly path: string
  readonly fieldSelector?: string
  readonly protobuf?: boolean
}

export const NODE_LIST: ListQuery = { path: '/api/v1/nodes', protobuf: true }

/** Pods of one namespace, or of all when `namespace` is null, that `fieldSelector` selects. */
export function podList(namespace: string | null, fieldSelector: string): ListQuery {
  const path =
    namespace === null ? '/api/v1/pods' : `/api/v1/namespaces/${encodeURIComponent(namespace)}/pods`
  return { path, fieldSelector, protobuf: true }
}

/**
 * The first page of a streamed list is asked for at resourceVersion "0", as client-go's
 * Reflector.list asks for its informers' (kube-scheduler's among them): the API server answers
 * from its watch cache, the view kube-scheduler judges by, without reading etcd. A v1.28 server
 * then ignores the limit and sends the list whole (the cacher's `shouldDelegateList`); one
 * without a watch cache pages it from etcd, whose continue tokens are followed without the
 * resourceVersion, as client-go's ListPager follows them (the token holds the list's own).
 */
const WATCH_CACHE = '0'

/**
 * Where the first page of a list is asked from: the watch cache, or etcd (no resourceVersion),
 * as a server without a watch cache serves every list.
 */
export type ListFrom = 'watch-cache' | 'etcd'

interface Page {
  readonly items: readonly unknown[]
  readonly metadata?: { readonly _continue?: string }
}

/** An object's `metadata.name`, or undefined for one without. */
function nameOf(item: unknown): string | undefined {
  return (item as { readonly metadata?: { readonly name?: string } }).metadata?.name
}

/**
 * One-shot reads of nodes, pods, namespaces and PodDisruptionBudgets for the explain and forecast
 * tools: a plain list, no watch, no cache. Nodes and pods, a cluster's bulk, are given as the
 * JSON bodies of their pages, to decode as they arrive (openListPage); namespaces and budgets
 * come back as client-node models, whose fields carry the same names as that JSON. Lists are
 * paged, so a large cluster is never one response the API server has to build whole.
 */
export class ClusterSnapshot {
  readonly #api: CoreV1Api
  readonly #policy: PolicyV1Api
  readonly #version: VersionApi
  readonly #pageSize: number
  readonly #streamedPageSize: number
  readonly #kubeConfig: KubeConfig
  readonly #listFrom: ListFrom
  /** The API server's URL, credentials masked, for messages. */
  readonly server: string

  constructor(
    source: ClusterSource,
    pageSize = SNAPSHOT_PAGE_SIZE,
    streamedPageSize = STREAMED_PAGE_SIZE,
    listFrom: ListFrom = 'watch-cache'
  ) {
    const kubeConfig = loadKubeConfig(source)
    this.#kubeConfig = kubeConfig
    this.#streamedPageSize = streamedPageSize
    this.#listFrom = listFrom
    this.#api = kubeConfig.makeApiClient(CoreV1Api)
    this.#policy = kubeConfig.makeApiClient(PolicyV1Api)
    this.#version = kubeConfig.makeApiClient(VersionApi)
    this.#pageSize = pageSize
    this.server = apiServerUrl(kubeConfig)
  }

  /**
   * The API server's `gitVersion` (`GET /version`, as `kubectl version` reads it), e.g.
   * `v1.28.7` or a provider's `v1.30.2-eks-1a2b3c`: the release the cluster's kube-scheduler
   * runs, within version skew, and so the one explain and forecast speak for.
   */
  async serverVersion(): Promise<string> {
    return (await this.#version.getCode()).gitVersion
  }

  /**
   * One page of `list` (the first, or the one `continueToken` names), its body to read as it
   * arrives: JSON, or protobuf where the list may be answered so and the API server does (its
   * content-type says); a refusal rejects with its HTTP status.
   */
  openListPage(list: ListQuery, continueToken: string | undefined): Promise<IncomingMessage> {
    const query: Record<string, string> = {}
    if (list.fieldSelector !== undefined) query.fieldSelector = list.fieldSelector
    query.limit = String(this.#streamedPageSize)
    if (continueToken !== undefined) query.continue = continueToken
    else if (this.#listFrom === 'watch-cache') query.resourceVersion = WATCH_CACHE
    const accept = list.protobuf === true ? PROTOBUF_OR_JSON : 'application/json'
    return openListRequest(this.#kubeConfig, list.path, query, accept)
  }

  listNamespaces(): Promise<unknown[]> {
    return this.#allPages((_continue) =>
      this.#api.listNamespace({ limit: this.#pageSize, _continue })
    )
  }

  /** policy/v1 PodDisruptionBudgets in every namespace, for preemption's choice of victims. */
  listPodDisruptionBudgets(): Promise<unknown[]> {
    return this.#allPages((_continue) =>
      this.#policy.listPodDisruptionBudgetForAllNamespaces({ limit: this.#pageSize, _continue })
    )
  }

  /**
   * The names of the nodes, the namespaces or one namespace's pods, for shell completion, as
   * kubectl's completion lists them (`CompGetResource`, staging/src/k8s.io/kubectl/pkg/util/
   * completion). Only the names of each page are kept, so a large cluster costs one page of
   * objects at a time; every request carries `signal`, which the caller aborts at its deadline.
   */
  nodeNames(signal: AbortSignal): Promise<string[]> {
    return this.#allNames((_continue) =>
      this.#api.listNode({ limit: this.#pageSize, _continue }, abortableRequest(signal))
    )
  }

  namespaceNames(signal: AbortSignal): Promise<string[]> {
    return this.#allNames((_continue) =>
      this.#api.listNamespace({ limit: this.#pageSize, _continue }, abortableRequest(signal))
    )
  }

  podNames(namespace: string, signal: AbortSignal): Promise<string[]> {
    return this.#allNames((_continue) =>
      this.#api.listNamespacedPod(
        { namespace, limit: this.#pageSize, _continue },
        abortableRequest(signal)
      )
    )
  }

  async #allNames(read: (continueToken: string | undefined) => Promise<Page>): Promise<string[]> {
    const names = await this.#allPages(read, nameOf)
    return names.filter((name) => name !== undefined)
  }

  /** One pod, as `kubectl get pod NAME -n NAMESPACE` reads it. */
  readPod(namespace: string, name: string): Promise<unknown> {
    return this.#api.readNamespacedPod({ namespace, name })
  }

  /**
   * A continue token outlives its snapshot only until etcd compacts it (every 5 minutes by
   * default), so reading a large cluster slowly can get 410 Expired mid-list. client-go's pager
   * then lists again; this starts again from the first page, once, as NodeApi.listAll does.
   * A second expiry rejects: the cluster is too large to page through at this pace.
   */
  async #allPages<T = unknown>(
    read: (continueToken: string | undefined) => Promise<Page>,
    keep: (item: unknown) => T = (item) => item as T
  ): Promise<T[]> {
    let items: T[] = []
    let continueToken: string | undefined
    let restarted = false
    for (;;) {
      let page: Page
      try {
        page = await read(continueToken)
      } catch (err) {
        if (restarted || continueToken === undefined || statusCodeOf(err) !== 410) throw err
        restarted = true
        items = []
        continueToken = undefined
        continue
      }
      for (const item of page.items) items.push(keep(item))
      continueToken = page.metadata?._continue || undefined
      if (continueToken === undefined) return items
    }
  }
}
