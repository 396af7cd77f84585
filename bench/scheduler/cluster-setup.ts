/**
 * Filling and emptying the API server between runs: nodes are created once per scale and kept
 * (the next scale adds to them), pods are created before each run and deleted after it with
 * `gracePeriodSeconds: 0` (no kubelet would ever confirm a graceful deletion).
 */
import type { KubeApi } from '../../test/support/control-plane/kube-api.js'
import { getStatus } from '../processes.js'
import { NAMESPACE, benchNode, benchPod, podName } from './cluster-objects.js'
import { forEachConcurrently } from './concurrently.js'

/** Calls in flight while creating or deleting: enough to keep the API server busy on 2 cores. */
const PARALLELISM = 16

export const PODS_PATH = `/api/v1/namespaces/${NAMESPACE}/pods`

export async function createNamespace(api: KubeApi): Promise<void> {
  await api.create('/api/v1/namespaces', { metadata: { name: NAMESPACE } })
}

/** Creates nodes `from` to `to - 1`. */
export async function createNodes(api: KubeApi, from: number, to: number): Promise<void> {
  await forEachConcurrently(from, to, PARALLELISM, (i) => api.create('/api/v1/nodes', benchNode(i)))
}

/** Creates `count` pending pods. */
export async function createPods(api: KubeApi, count: number): Promise<void> {
  await forEachConcurrently(0, count, PARALLELISM, (i) => api.create(PODS_PATH, benchPod(i)))
}

/** Deletes the `count` pods of a run at once, and checks that none is left. */
export async function deletePods(api: KubeApi, count: number): Promise<void> {
  await forEachConcurrently(0, count, PARALLELISM, (i) => api.delete(`${PODS_PATH}/${podName(i)}`))
  const left = await api.items(`${PODS_PATH}?limit=1`)
  if (left.length > 0) throw new Error(`pods left after deleting the run's ${count}`)
}

/**
 * Waits until the extender's node index holds `nodes` nodes (its `taint_extender_index_nodes`),
 * so that no run asks it about a node its watch has not delivered yet.
 */
export async function waitForIndex(port: number, nodes: number): Promise<void> {
  const deadline = performance.now() + 120_000
  for (;;) {
    const { body } = await getStatus(port, '/metrics')
    const indexed = /^taint_extender_index_nodes (\S+)$/m.exec(body)?.[1]
    if (Number(indexed) === nodes) return
    if (performance.now() > deadline) {
      throw new Error(`the extender indexed ${String(indexed)} of ${nodes} nodes after 120 s`)
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}
