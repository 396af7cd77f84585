import { CoreV1Api } from '@kubernetes/client-node'
import { loadKubeConfig, type ClusterSource } from './kube-config.js'

/**
 * One-shot reads of nodes and pods for the explain and forecast tools: a plain list, no watch,
 * no cache. The objects come back as client-node models, whose fields carry the same names as
 * the JSON the tools otherwise read from files.
 */
export class ClusterSnapshot {
  readonly #api: CoreV1Api

  constructor(source: ClusterSource) {
    this.#api = loadKubeConfig(source).makeApiClient(CoreV1Api)
  }

  async listNodes(): Promise<unknown[]> {
    const list = await this.#api.listNode()
    return list.items
  }

  /** Pods in every namespace. */
  async listPods(): Promise<unknown[]> {
    const list = await this.#api.listPodForAllNamespaces()
    return list.items
  }
}
