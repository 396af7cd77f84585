import { CoreV1Api } from '@kubernetes/client-node'
import { loadKubeConfig, type ClusterSource } from './kube-config.js'
import { abortableRequest } from './request-options.js'

/** A page size for name lists: kubectl's default `--chunk-size`. */
const NAMES_PAGE_SIZE = 500

interface NamedPage {
  readonly items: readonly { readonly metadata?: { readonly name?: string } }[]
  readonly metadata?: { readonly _continue?: string }
}

/**
 * The names of nodes, namespaces or one namespace's pods, for shell completion: what kubectl's
 * completion lists with `CompGetResource` (staging/src/k8s.io/kubectl/pkg/util/completion). The
 * list is read in pages and only the names are kept of each, so a large cluster costs one page
 * of objects at a time. Every request carries `signal`, which the caller aborts at its deadline.
 */
export class ClusterNames {
  readonly #api: CoreV1Api

  constructor(source: ClusterSource) {
    this.#api = loadKubeConfig(source).makeApiClient(CoreV1Api)
  }

  nodes(signal: AbortSignal): Promise<string[]> {
    return namesOf((_continue) =>
      this.#api.listNode({ limit: NAMES_PAGE_SIZE, _continue }, abortableRequest(signal))
    )
  }

  namespaces(signal: AbortSignal): Promise<string[]> {
    return namesOf((_continue) =>
      this.#api.listNamespace({ limit: NAMES_PAGE_SIZE, _continue }, abortableRequest(signal))
    )
  }

  pods(namespace: string, signal: AbortSignal): Promise<string[]> {
    return namesOf((_continue) =>
      this.#api.listNamespacedPod(
        { namespace, limit: NAMES_PAGE_SIZE, _continue },
        abortableRequest(signal)
      )
    )
  }
}

async function namesOf(
  read: (continueToken: string | undefined) => Promise<NamedPage>
): Promise<string[]> {
  const names: string[] = []
  let continueToken: string | undefined
  do {
    const page = await read(continueToken)
    for (const item of page.items) {
      const name = item.metadata?.name
      if (name !== undefined) names.push(name)
    }
    continueToken = page.metadata?._continue || undefined
  } while (continueToken !== undefined)
  return names
}
