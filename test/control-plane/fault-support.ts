import { expect } from 'vitest'
import { eventually } from '../support/eventually.js'
import { startService, type ServiceProcess } from '../support/process.js'
import { wirePod, type WireTaint, type WireToleration } from '../support/wire.js'
import type { KubeApi } from '../support/control-plane/index.js'

/**
 * What the fault suites share: plain nodes and pods on the real API server, the extender started
 * against it (on a port of the suite's choosing, so that it can be killed and started again where
 * kube-scheduler expects it), and the extender's view read through its own filter verb.
 */

export const NO_SCHEDULE = (key: string): WireTaint => ({ key, value: 'on', effect: 'NoSchedule' })

/** A schedulable node with room for every pod the suites create, and the given taints. */
export function plainNode(
  name: string,
  taints: readonly WireTaint[] = []
): Record<string, unknown> {
  const resources = { cpu: '64', memory: '256Gi', pods: '110' }
  return {
    metadata: { name, labels: { 'kubernetes.io/hostname': name } },
    spec: { taints },
    status: {
      capacity: resources,
      allocatable: resources,
      conditions: [{ type: 'Ready', status: 'True', reason: 'KubeletReady', message: 'ready' }],
    },
  }
}

/** Creates `count` pods named `prefix-i` for the scheduler named `schedulerName`. */
export async function createPods(
  api: KubeApi,
  namespace: string,
  schedulerName: string,
  prefix: string,
  count: number,
  tolerations: readonly WireToleration[] = []
): Promise<string[]> {
  const names = Array.from({ length: count }, (_, i) => `${prefix}-${i}`)
  for (const name of names) {
    await api.create(`/api/v1/namespaces/${namespace}/pods`, {
      metadata: { name },
      spec: {
        schedulerName,
        containers: [{ name: 'c', image: 'registry.k8s.io/pause:3.9' }],
        tolerations,
      },
    })
  }
  return names
}

/** The node each named pod is bound to now; pods not bound are left out. */
export async function boundNodes(api: KubeApi, namespace: string): Promise<Map<string, string>> {
  const bound = new Map<string, string>()
  for (const pod of await api.items(`/api/v1/namespaces/${namespace}/pods`)) {
    const name = (pod.metadata as { name: string }).name
    const node = (pod.spec as { nodeName?: string }).nodeName
    if (node !== undefined && node !== '') bound.set(name, node)
  }
  return bound
}

/** Starts the extender in node-cache mode against `kubeconfig` and waits until it is ready. */
export async function startExtender(
  kubeconfig: string,
  port = 0,
  extraArgs: readonly string[] = []
): Promise<ServiceProcess> {
  const extender = await startService([
    '--port',
    String(port),
    '--kubeconfig',
    kubeconfig,
    ...extraArgs,
  ])
  await eventually(async () => {
    const res = await fetch(`http://127.0.0.1:${extender.port}/readyz`)
    expect(res.status).toBe(200)
  }, 30_000)
  return extender
}

/** Stops the extender and waits for it to exit. */
export async function stopExtender(
  extender: ServiceProcess,
  signal: NodeJS.Signals = 'SIGTERM'
): Promise<void> {
  extender.child.kill(signal)
  await extender.exited
}

/** The names a node-cache filter call passes for a pod with no tolerations: the extender's view. */
export async function passedByExtender(port: number, names: readonly string[]): Promise<string[]> {
  const res = await fetch(`http://127.0.0.1:${port}/filter`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Pod: wirePod('probe'), Nodes: null, NodeNames: names }),
  })
  const reply = (await res.json()) as { NodeNames: string[] | null }
  return reply.NodeNames ?? []
}

/** Milliseconds since `start` (a performance.now() reading), to one decimal. */
export function since(start: number): number {
  return Math.round((performance.now() - start) * 10) / 10
}
