import type { KubeApi } from '../support/control-plane/index.js'
import { watchObjects, type KubeObject, type ObjectWatch } from './object-watch.js'

/**
 * What happened to every pod of the cluster, as a watch saw it: when it appeared, the node it
 * was bound to, when its deletion began (the taint manager's or an eviction's DELETE) and when
 * it was gone. Times are this process's clock, in milliseconds.
 */

export interface PodHistory {
  readonly namespace: string
  readonly name: string
  readonly uid: string
  /** The controller ownerReference: `ReplicaSet web-5d8…`, `StatefulSet db`, … or null. */
  readonly controller: { readonly kind: string; readonly name: string } | null
  readonly seenAt: number
  node: string | null
  boundAt: number | null
  deletingAt: number | null
  goneAt: number | null
}

export class PodTimeline {
  readonly #pods = new Map<string, PodHistory>()
  #watch: ObjectWatch | null = null

  constructor(private readonly api: KubeApi) {}

  async start(): Promise<void> {
    this.#watch = await watchObjects(this.api, '/api/v1/pods', (type, pod, at) =>
      this.#see(type, pod, at)
    )
  }

  stop(): void {
    this.#watch?.stop()
  }

  get pods(): readonly PodHistory[] {
    return [...this.#pods.values()]
  }

  /** The pods that existed at `at`: seen before it and not gone by then. */
  presentAt(at: number): PodHistory[] {
    return this.pods.filter((p) => p.seenAt <= at && (p.goneAt === null || p.goneAt > at))
  }

  /** The pods whose deletion began after `at`. */
  deletedAfter(at: number): PodHistory[] {
    return this.pods.filter((p) => p.deletingAt !== null && p.deletingAt >= at)
  }

  /** The pods first seen after `at` (the replacements a controller made). */
  createdAfter(at: number): PodHistory[] {
    return this.pods.filter((p) => p.seenAt >= at)
  }

  #see(type: string, pod: KubeObject, at: number): void {
    const { uid, namespace = 'default', name, deletionTimestamp } = pod.metadata
    let history = this.#pods.get(uid)
    if (history === undefined) {
      const owner = pod.metadata.ownerReferences?.find((o) => o.controller === true)
      history = {
        namespace,
        name,
        uid,
        controller: owner === undefined ? null : { kind: owner.kind, name: owner.name },
        seenAt: at,
        node: null,
        boundAt: null,
        deletingAt: null,
        goneAt: null,
      }
      this.#pods.set(uid, history)
    }
    const node = (pod.spec as { nodeName?: string }).nodeName
    if (history.node === null && node !== undefined && node !== '') {
      history.node = node
      history.boundAt = at
    }
    if (history.deletingAt === null && (deletionTimestamp !== undefined || type === 'DELETED'))
      history.deletingAt = at
    if (type === 'DELETED' && history.goneAt === null) history.goneAt = at
  }
}

/** When a node was first seen carrying a taint of `key`, by a watch of the nodes. */
export async function watchTaintArrival(
  api: KubeApi,
  node: string,
  key: string
): Promise<{ arrival: Promise<number>; stop(): void }> {
  let resolve: (at: number) => void = () => undefined
  const arrival = new Promise<number>((r) => (resolve = r))
  const watch = await watchObjects(api, '/api/v1/nodes', (_type, object, at) => {
    const taints = (object.spec as { taints?: { key: string }[] } | undefined)?.taints ?? []
    if (object.metadata.name === node && taints.some((t) => t.key === key)) resolve(at)
  })
  return { arrival, stop: () => watch.stop() }
}
