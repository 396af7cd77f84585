import { readFileSync } from 'node:fs'
import { load } from 'js-yaml'
import { expect } from 'vitest'
import type { ControlPlane, KubeApi, SchedulerHandle } from '../support/control-plane/index.js'
import { createNamespace } from '../support/control-plane/scheduling.js'
import { eventually } from '../support/eventually.js'
import { cordonAllBut } from './cordons.js'
import { startService, type ServiceProcess } from '../support/process.js'
import {
  clusterWideWorkloads,
  nodeObjects,
  NS,
  otherWorkloads,
  TARGET,
  targetWorkloads,
  dbVolume,
} from './forecast-cluster.js'
import { PodTimeline } from './pod-timeline.js'
import { StandInKubelet } from './stand-in-kubelet.js'

/**
 * The parts of a cluster the forecast suites run against, beside the control plane itself
 * (kube-controller-manager included): the stand-in kubelet, a timeline of every pod, this
 * extender in the recommended configuration (scheduler-config/node-cache.yaml: in-tree taint
 * plugins kept, the extender's filter only, `--evicting-nodes` left at `reject`) and
 * kube-scheduler calling it for profile `default-scheduler`, the one the controllers' pods name.
 */

/** How long the stand-in kubelet takes to start a bound pod's containers (to report it Ready). */
export const KUBELET_START_MS = 2000

export interface ClusterParts {
  readonly timeline: PodTimeline
  readonly kubelet: StandInKubelet
  readonly extender: ServiceProcess
  readonly scheduler: SchedulerHandle
  stop(): Promise<void>
}

export async function startClusterParts(
  plane: ControlPlane,
  extraProfiles: readonly Record<string, unknown>[] = []
): Promise<ClusterParts> {
  const timeline = new PodTimeline(plane.api)
  await timeline.start()
  const kubelet = new StandInKubelet(plane.api, KUBELET_START_MS)
  await kubelet.start()
  const extender = await startService(['--port', '0', '--kubeconfig', plane.kubeconfig])
  await eventually(async () => {
    const res = await fetch(`http://127.0.0.1:${extender.port}/readyz`)
    expect(res.status).toBe(200)
  }, 30_000)
  const scheduler = await plane.startScheduler(recommendedConfig(extender.port, extraProfiles))
  return {
    timeline,
    kubelet,
    extender,
    scheduler,
    stop: async () => {
      timeline.stop()
      kubelet.stop()
      await scheduler.stop()
      extender.child.kill('SIGTERM')
      await extender.exited
    },
  }
}

/**
 * scheduler-config/node-cache.yaml as shipped, its extender pointed at the loopback port; the
 * fixture fills in the kubeconfig and leader election. `extraProfiles` (another schedulerName,
 * for a comparison) call the extender too: extenders are global.
 */
function recommendedConfig(
  port: number,
  extraProfiles: readonly Record<string, unknown>[]
): Record<string, unknown> {
  const file = new URL('../../scheduler-config/node-cache.yaml', import.meta.url)
  const config = load(readFileSync(file, 'utf8')) as {
    profiles: Record<string, unknown>[]
    extenders: Record<string, unknown>[]
  }
  return {
    profiles: [...config.profiles, ...extraProfiles],
    extenders: config.extenders.map((e) => ({ ...e, urlPrefix: `http://127.0.0.1:${port}` })),
  }
}

const COLLECTIONS: Record<string, string> = {
  Pod: '/api/v1/namespaces/NS/pods',
  Deployment: '/apis/apps/v1/namespaces/NS/deployments',
  StatefulSet: '/apis/apps/v1/namespaces/NS/statefulsets',
  DaemonSet: '/apis/apps/v1/namespaces/NS/daemonsets',
  Job: '/apis/batch/v1/namespaces/NS/jobs',
  PodDisruptionBudget: '/apis/policy/v1/namespaces/NS/poddisruptionbudgets',
  PersistentVolume: '/api/v1/persistentvolumes',
}

/** Creates each object in `namespace`, in its kind's collection. */
export async function createAll(
  api: KubeApi,
  namespace: string,
  objects: readonly Record<string, unknown>[]
): Promise<void> {
  for (const object of objects) {
    const collection = COLLECTIONS[String(object.kind ?? 'Pod')]
    if (collection === undefined) throw new Error(`no collection for ${String(object.kind)}`)
    await api.create(collection.replace('NS', namespace), object)
  }
}

/** Waits until `count` pods of `namespace` are Running and none is Pending. */
export async function waitForRunning(
  api: KubeApi,
  namespace: string,
  count: number
): Promise<void> {
  await eventually(
    async () => {
      const pods = await api.items(`/api/v1/namespaces/${namespace}/pods`)
      const phases = pods.map((p) => (p.status as { phase?: string }).phase)
      expect(phases.filter((p) => p === 'Running').length).toBe(count)
      expect(phases.filter((p) => p !== 'Running')).toEqual([])
    },
    60_000,
    200
  )
}

/**
 * Waits until the disruption controller has judged every budget of `namespace` on the pods
 * as they are now: its status of the current generation, with every matching pod healthy.
 */
export async function waitForBudgets(api: KubeApi, namespace: string): Promise<void> {
  await eventually(
    async () => {
      for (const pdb of await api.items(
        `/apis/policy/v1/namespaces/${namespace}/poddisruptionbudgets`
      )) {
        const status = pdb.status as {
          observedGeneration?: number
          currentHealthy?: number
          expectedPods?: number
        }
        expect(status.observedGeneration).toBe((pdb.metadata as { generation: number }).generation)
        expect(status.currentHealthy).toBe(status.expectedPods)
      }
    },
    30_000,
    200
  )
}

/**
 * The shop of forecast-cluster.ts: the nodes; the DaemonSet, budgets and TARGET's workloads
 * while every other node is cordoned, so that those run on TARGET; then, all uncordoned, the
 * fillers and a Deployment kube-scheduler places freely. Resolves once every pod runs and the
 * budgets are judged.
 */
export async function buildShop(api: KubeApi, extenderPort: number): Promise<void> {
  for (const node of nodeObjects()) await api.create('/api/v1/nodes', node)
  await createNamespace(api, NS)
  await cordonAllBut(api, extenderPort, [TARGET], true)
  await createAll(api, NS, clusterWideWorkloads())
  await createAll(api, NS, [dbVolume()])
  await createAll(api, NS, targetWorkloads())
  // The DaemonSet's pods on the seven nodes it tolerates (not gpu-1), and TARGET's own.
  await waitForRunning(api, NS, 7 + 10)
  await cordonAllBut(api, extenderPort, [TARGET], false)
  await createAll(api, NS, otherWorkloads())
  await waitForRunning(api, NS, 7 + 10 + 5 + 3)
  await waitForBudgets(api, NS)
}
