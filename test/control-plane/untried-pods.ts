import { mkdtempSync, writeFileSync } from 'node:fs'
import { setTimeout as delay } from 'node:timers/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect } from 'vitest'
import { runTool } from '../cli/run-tool.js'
import { KUBE_VERSION } from '../support/control-plane/index.js'
import type { ControlPlane, KubeApi, SchedulerHandle } from '../support/control-plane/index.js'
import { waitForOutcomes } from '../support/control-plane/scheduling.js'

/**
 * What the suites of pods kube-scheduler does not try (scheduling-gates.test.ts,
 * scheduler-name.test.ts, forecast-relief.test.ts) share: two nodes of 4 cpu, one tainted
 * `dedicated=gpu:NoSchedule`, with kube-scheduler's default profile; pods asking some cpu; the cluster's nodes and pods written
 * as files for the tools; the forecast of a taint on plain-1; the wait for a pod's binding; and the check that kube-scheduler wrote no
 * FailedScheduling event for a pod.
 */

type Obj = Record<string, unknown>

export const NAMESPACE = 'default'
export const PODS = `/api/v1/namespaces/${NAMESPACE}/pods`

function node(name: string, taints: Obj[]): Obj {
  const allocatable = { cpu: '4', memory: '8Gi', pods: '110' }
  return {
    metadata: { name, labels: { 'kubernetes.io/hostname': name } },
    spec: { taints },
    status: { capacity: allocatable, allocatable },
  }
}

/** gpu-1, tainted dedicated=gpu:NoSchedule, and plain-1, untainted. */
async function createTwoNodes(api: KubeApi): Promise<void> {
  const gpu = [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }]
  await api.create('/api/v1/nodes', node('gpu-1', gpu))
  await api.create('/api/v1/nodes', node('plain-1', []))
}

/** A pod asking `cpu`, with `spec` beside its one container. */
export function podAsking(name: string, cpu: string, spec: Obj = {}): Obj {
  const container = {
    name: 'c',
    image: 'registry.k8s.io/pause:3.9',
    resources: { requests: { cpu } },
  }
  return { metadata: { name, namespace: NAMESPACE }, spec: { containers: [container], ...spec } }
}

/**
 * The two nodes and kube-scheduler with the default profile alone, then `pods` created in order,
 * the last one kube-scheduler binds: once it is bound, kube-scheduler has had the others too.
 * Then the cluster's nodes and the namespace's pods are written as nodes.json and pods.json, in a
 * new folder.
 */
export async function startWithPods(
  plane: ControlPlane,
  pods: readonly Obj[],
  prefix: string
): Promise<{ scheduler: SchedulerHandle; dir: string }> {
  const { api } = plane
  await createTwoNodes(api)
  const scheduler = await plane.startScheduler({
    profiles: [{ schedulerName: 'default-scheduler' }],
  })
  for (const pod of pods) await api.create(PODS, pod)
  const last = (pods.at(-1)?.metadata as { name: string }).name
  await waitForOutcomes(api, NAMESPACE, [last])
  const dir = mkdtempSync(join(tmpdir(), prefix))
  writeFileSync(join(dir, 'nodes.json'), JSON.stringify(await api.get('/api/v1/nodes')))
  writeFileSync(join(dir, 'pods.json'), JSON.stringify(await api.get(PODS)))
  return { scheduler, dir }
}

/** The taint the suites forecast on plain-1, then put on with kubectl taint. */
export const MAINTENANCE = 'maintenance=planned:NoSchedule'

/** `forecast -o json` of MAINTENANCE on plain-1 over `dir`'s files: plain-1's forecast. */
export async function forecastMaintenance(dir: string): Promise<Record<string, unknown>> {
  const run = await runTool('forecast', [
    ...['--taint', MAINTENANCE, '--node', 'plain-1'],
    ...['--nodes', join(dir, 'nodes.json'), '--pods', join(dir, 'pods.json')],
    ...['--kube-version', KUBE_VERSION, '-o', 'json'],
  ])
  expect(run.code).toBe(0)
  const [forecast] = (JSON.parse(run.stdout) as { nodes: Obj[] }).nodes
  return forecast ?? {}
}

/** The node `pod` is bound to once it is, or "" by the deadline. */
export async function boundNode(api: KubeApi, pod: string): Promise<string> {
  const deadline = Date.now() + 60_000
  for (;;) {
    const node = ((await api.get(`${PODS}/${pod}`)).spec as { nodeName?: string }).nodeName ?? ''
    if (node !== '' || Date.now() > deadline) return node
    await delay(250)
  }
}

/** kube-scheduler wrote no FailedScheduling event for pod `name`. */
export async function expectNoFailedScheduling(api: KubeApi, name: string): Promise<void> {
  const events = await api.items(
    `/api/v1/namespaces/${NAMESPACE}/events?fieldSelector=reason%3DFailedScheduling`
  )
  expect(events.map((e) => (e.involvedObject as { name: string }).name)).not.toContain(name)
}
