import { CoreV1Api, PolicyV1Api, VersionApi } from '@kubernetes/client-node'
import { statusCodeOf } from './api-errors.js'
import { apiServerUrl, loadKubeConfig, type ClusterSource } from './kube-config.js'
import { abortableRequest } from './request-options.js'

/** kubectl's default `--chunk-size`: lists are read in pages of this many objects. */
export const SNAPSHOT_PAGE_SIZE = 500

interface Page {
  readonly items: readonly unknown[]
  readonly metadata?: { readonly _continue?: string }
}

/** An object's `metadata.name`, or undefined for one without. */
function nameOf(item: unknown): string | undefined {
  return (item as { readonly metadata?: { readonly name?: string } }).metadata?.name
}

/**
 * One-shot reads of nodes, pods, namespaces and PodDisruptionBudgets for the explain and forecast tools: a plain list, no watch,
 * no cache. The objects come back as client-node models, whose fields carry the same names as
 * the JSON the tools otherwise read from files. Lists are paged, as kubectl pages them, so a
 * large cluster is never one response the API server has to build whole.
 */
export class ClusterSnapshot {
  readonly #api: CoreV1Api
  readonly #policy: PolicyV1Api
  readonly #version: VersionApi
  readonly #pageSize: number
  /** The API server's URL, credentials masked, for messages. */
  readonly server: string

  constructor(source: ClusterSource, pageSize = SNAPSHOT_PAGE_SIZE) {
    const kubeConfig = loadKubeConfig(source)
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

  listNodes(): Promise<unknown[]> {
    return this.#allPages((_continue) => this.#api.listNode({ limit: this.#pageSize, _continue }))
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

  /** Pods in every namespace that `fieldSelector` (say `spec.nodeName=n1`) selects. */
  listPods(fieldSelector: string): Promise<unknown[]> {
    return this.#allPages((_continue) =>
      this.#api.listPodForAllNamespaces({ fieldSelector, limit: this.#pageSize, _continue })
    )
  }

  /** Pods of one namespace, or of all when `namespace` is null, that `fieldSelector` selects. */
  listPodsIn(namespace: string | null, fieldSelector: string): Promise<unknown[]> {
    if (namespace === null) return this.listPods(fieldSelector)
    return this.#allPages((_continue) =>
      this.#api.listNamespacedPod({ namespace, fieldSelector, limit: this.#pageSize, _continue })
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
