import { expect, it } from 'vitest'
import type { KubeApi } from '../support/control-plane/index.js'
import { describeWithControlPlane } from '../support/control-plane/index.js'
import { createNamespace } from '../support/control-plane/scheduling.js'
import { eventually } from '../support/eventually.js'
import { podSpec, readyNode } from './forecast-cluster.js'
import type { FollowedPod } from './forecast-comparison.js'
import { createAll, waitForRunning } from './forecast-harness.js'
import { taintRun } from './forecast-then-taint.js'

/**
 * forecast of a taint evicting a pod with a generic ephemeral volume, against the real control
 * plane: kube-controller-manager's taint manager evicts the pod, its ReplicaSet makes another,
 * the ephemeral volume controller makes the new pod's claim from the template, and
 * kube-scheduler's VolumeBinding binds it (a class waiting for the first consumer, local
 * volumes pinned to one node each) where a volume is free. The template names no class: the
 * DefaultStorageClass admission plugin gives the claim the default one. forecast judges the
 * claim not made yet as that claim.
 */

const NS = 'scratch'
const NODES = ['disk-a', 'disk-b', 'disk-c']
const CLASS = 'local-disk'

const storageClass = {
  apiVersion: 'storage.k8s.io/v1',
  kind: 'StorageClass',
  metadata: { name: CLASS, annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' } },
  provisioner: 'kubernetes.io/no-provisioner',
  volumeBindingMode: 'WaitForFirstConsumer',
}

/** A local volume of the class on `node` alone. */
function localVolume(node: string): Record<string, unknown> {
  const onNode = { key: 'kubernetes.io/hostname', operator: 'In', values: [node] }
  return {
    kind: 'PersistentVolume',
    metadata: { name: `pv-${node}` },
    spec: {
      storageClassName: CLASS,
      capacity: { storage: '1Gi' },
      accessModes: ['ReadWriteOnce'],
      local: { path: '/mnt/disk' },
      nodeAffinity: { required: { nodeSelectorTerms: [{ matchExpressions: [onNode] }] } },
    },
  }
}

const cache = {
  kind: 'Deployment',
  metadata: { name: 'cache' },
  spec: {
    replicas: 1,
    selector: { matchLabels: { app: 'cache' } },
    template: {
      metadata: { labels: { app: 'cache' } },
      spec: podSpec('100m', '64Mi', {
        volumes: [
          {
            name: 'scratch',
            ephemeral: {
              volumeClaimTemplate: {
                spec: {
                  accessModes: ['ReadWriteOnce'],
                  resources: { requests: { storage: '1Gi' } },
                },
              },
            },
          },
        ],
      }),
    },
  },
}

/**
 * Three nodes; the cache's pod placed on disk-a, the only node with a volume then; then a free
 * volume on disk-c. disk-b never has one.
 */
async function build(api: KubeApi): Promise<void> {
  const resources = { cpu: '4', memory: '8Gi' }
  for (const name of NODES) await api.create('/api/v1/nodes', readyNode(name, resources))
  await createNamespace(api, NS)
  await api.create('/apis/storage.k8s.io/v1/storageclasses', storageClass)
  await createAll(api, NS, [localVolume('disk-a'), cache])
  await waitForRunning(api, NS, 1)
  await createAll(api, NS, [localVolume('disk-c')])
}

interface Pod {
  readonly metadata: { readonly name: string; readonly deletionTimestamp?: string }
  readonly spec: { readonly nodeName?: string }
}

describeWithControlPlane(
  'forecast of a taint evicting a pod with a generic ephemeral volume',
  (plane) => {
    const run = taintRun<{ evicted: FollowedPod[] }>(plane, {
      build,
      namespace: NS,
      node: 'disk-a',
      code: 0,
      settleMs: 12_000,
    })

    it('says the replacement lands on the one node with a volume free for its new claim, untied', () => {
      const evicted = run.forecast.evicted.map((e) => [e.name.split('-')[0], e.replacement?.node])
      expect(evicted).toEqual([['cache', 'disk-c']])
      expect(run.forecast.evicted[0]?.replacement?.tiedNodes).toEqual(['disk-c'])
    })

    it('has kube-scheduler bind the replacement there, its claim made from the template, of the default class, bound to that volume', async () => {
      await eventually(async () => {
        const pods = (await plane().api.items(`/api/v1/namespaces/${NS}/pods`)) as unknown as Pod[]
        const live = pods.filter((p) => p.metadata.deletionTimestamp === undefined)
        expect(live.map((p) => p.spec.nodeName)).toEqual(['disk-c'])
        const name = `${live[0]?.metadata.name ?? ''}-scratch`
        const claim = await plane().api.get(
          `/api/v1/namespaces/${NS}/persistentvolumeclaims/${name}`
        )
        expect(claim.spec).toMatchObject({ volumeName: 'pv-disk-c', storageClassName: CLASS })
      }, 20_000)
    })
  },
  { controllerManager: true }
)
