import { expect, it } from 'vitest'
import type { KubeApi } from '../support/control-plane/index.js'
import { describeWithControlPlane } from '../support/control-plane/index.js'
import { createNamespace } from '../support/control-plane/scheduling.js'
import { eventually } from '../support/eventually.js'
import { podSpec, readyNode } from './forecast-cluster.js'
import type { FollowedPod } from './forecast-comparison.js'
import { createAll, waitForRunning } from './forecast-harness.js'
import { taintRun } from './forecast-then-taint.js'
import { pendingReplacements } from './replacements.js'

/**
 * forecast of a taint evicting pods with a generic ephemeral volume, against the real control
 * plane: kube-controller-manager's taint manager evicts them, their ReplicaSet makes others,
 * the ephemeral volume controller makes each new pod's claim from the template, and
 * kube-scheduler's VolumeBinding binds it (a class waiting for the first consumer, local
 * volumes pinned to one node each) where a volume is free, assuming the volume bound for the
 * next pod. The template names no class: the
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
function localVolume(name: string, node: string): Record<string, unknown> {
  const onNode = { key: 'kubernetes.io/hostname', operator: 'In', values: [node] }
  return {
    kind: 'PersistentVolume',
    metadata: { name },
    spec: {
      storageClassName: CLASS,
      capacity: { storage: '1Gi' },
      accessModes: ['ReadWriteOnce'],
      local: { path: `/mnt/${name}` },
      nodeAffinity: { required: { nodeSelectorTerms: [{ matchExpressions: [onNode] }] } },
    },
  }
}

const cache = {
  kind: 'Deployment',
  metadata: { name: 'cache' },
  spec: {
    replicas: 2,
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
 * Three nodes; the cache's two pods placed on disk-a, the only node with volumes then; then one
 * free volume on disk-c. disk-b never has one.
 */
async function build(api: KubeApi): Promise<void> {
  const resources = { cpu: '4', memory: '8Gi' }
  for (const name of NODES) await api.create('/api/v1/nodes', readyNode(name, resources))
  await createNamespace(api, NS)
  await api.create('/apis/storage.k8s.io/v1/storageclasses', storageClass)
  const onA = [localVolume('pv-a-1', 'disk-a'), localVolume('pv-a-2', 'disk-a')]
  await createAll(api, NS, [...onA, cache])
  await waitForRunning(api, NS, 2)
  await createAll(api, NS, [localVolume('pv-c', 'disk-c')])
}

interface Pod {
  readonly metadata: { readonly name: string; readonly deletionTimestamp?: string }
  readonly spec: { readonly nodeName?: string }
}

describeWithControlPlane(
  'forecast of a taint evicting pods with a generic ephemeral volume',
  (plane) => {
    // Exit 1: the second replacement stays Pending.
    const run = taintRun<{ evicted: FollowedPod[] }>(plane, {
      build,
      namespace: NS,
      node: 'disk-a',
      code: 1,
      settleMs: 12_000,
    })

    const replacements = () =>
      run.forecast.evicted
        .map((e) => e.replacement)
        .sort((a, b) => (a?.node ? -1 : b?.node ? 1 : 0))

    it('says one replacement lands on the one node with a volume free for its new claim, untied, and the other, finding it taken, stays Pending', () => {
      const [landed, pending] = replacements()
      expect([landed?.node, landed?.tiedNodes]).toEqual(['disk-c', ['disk-c']])
      expect(pending?.node).toBeNull()
      expect(pending?.reason).toContain(
        "2 node(s) didn't find available persistent volumes to bind"
      )
    })

    it('has kube-scheduler bind one there, its claim made from the template, of the default class, bound to that volume', async () => {
      await eventually(async () => {
        const pods = (await plane().api.items(`/api/v1/namespaces/${NS}/pods`)) as unknown as Pod[]
        const live = pods.filter((p) => p.metadata.deletionTimestamp === undefined)
        const placed = live.filter((p) => p.spec.nodeName !== undefined)
        expect([live.length, placed.map((p) => p.spec.nodeName)]).toEqual([2, ['disk-c']])
        const name = `${placed[0]?.metadata.name ?? ''}-scratch`
        const claim = await plane().api.get(
          `/api/v1/namespaces/${NS}/persistentvolumeclaims/${name}`
        )
        expect(claim.spec).toMatchObject({ volumeName: 'pv-c', storageClassName: CLASS })
      }, 20_000)
    })

    it('leaves the other Pending with the message forecast gave', async () => {
      const pending = await pendingReplacements(plane().api, run.parts.timeline, run.requestedAt)
      expect(pending.map((p) => p.message)).toEqual([replacements()[1]?.reason])
    })
  },
  { controllerManager: true }
)
