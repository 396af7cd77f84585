import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { nodeObject, pendingPod, podObject, PODS_PER_NODE } from './explain-scale-objects.js'

/**
 * The bench cluster with volumes, for the volume plugins at scale (`BENCH_CLAIMS`): a tenth of
 * the placed pods each mount a claim bound to a CSI volume of its own, every node has a CSINode
 * with an attach limit and the kubelet's migrated-plugins annotation (so the scan for in-tree
 * volumes runs), and `pending` pending pods, each with a claim of its own bound to a volume
 * (`bound`), or waiting for its first consumer (`waiting`: a local volume pinned to each node's
 * hostname, every other one free, for VolumeBinding to match on every node), or without volumes
 * (`none`: no storage object is read for them).
 */

export type PendingClaims = 'bound' | 'waiting' | 'none'

type Pod = { metadata: { name: string; namespace: string }; spec: Record<string, unknown> }

const DRIVER = 'ebs.csi.aws.com'

function withClaim(pod: Pod, storage: unknown[]): Pod {
  const { namespace } = pod.metadata
  const name = `data-${pod.metadata.name}`
  const volumeName = `pv-${namespace}-${name}`
  pod.spec.volumes = [{ name: 'data', persistentVolumeClaim: { claimName: name } }]
  storage.push(
    {
      kind: 'PersistentVolumeClaim',
      metadata: { name, namespace, annotations: { 'pv.kubernetes.io/bind-completed': 'yes' } },
      spec: { volumeName },
    },
    {
      kind: 'PersistentVolume',
      metadata: { name: volumeName },
      spec: { csi: { driver: DRIVER, volumeHandle: `vol-${namespace}-${name}` } },
    }
  )
  return pod
}

function withWaitingClaim(pod: Pod, storage: unknown[]): Pod {
  const { namespace } = pod.metadata
  const name = `data-${pod.metadata.name}`
  pod.spec.volumes = [{ name: 'data', persistentVolumeClaim: { claimName: name } }]
  const spec = { storageClassName: 'local', resources: { requests: { storage: '10Gi' } } }
  storage.push({ kind: 'PersistentVolumeClaim', metadata: { name, namespace }, spec })
  return pod
}

/** The class of local volumes and one volume pinned to each node, every other one free. */
function localVolumes(nodes: number): unknown[] {
  const items: unknown[] = [
    {
      kind: 'StorageClass',
      metadata: { name: 'local' },
      provisioner: 'kubernetes.io/no-provisioner',
      volumeBindingMode: 'WaitForFirstConsumer',
    },
  ]
  for (let i = 0; i < nodes; i++) {
    const host = (nodeObject(i) as Pod).metadata.name
    const expression = { key: 'kubernetes.io/hostname', operator: 'In', values: [host] }
    items.push({
      kind: 'PersistentVolume',
      metadata: { name: `local-${host}` },
      spec: {
        storageClassName: 'local',
        capacity: { storage: '100Gi' },
        local: { path: '/mnt/disk' },
        nodeAffinity: { required: { nodeSelectorTerms: [{ matchExpressions: [expression] }] } },
      },
      status: { phase: i % 2 === 0 ? 'Available' : 'Bound' },
    })
  }
  return items
}

/** Writes `pods-*.json` and `storage-*.json` into `dir`; returns their paths. */
export function writeClaimedCluster(
  dir: string,
  nodes: number,
  pending: number,
  claims: PendingClaims
): { pods: string; storage: string } {
  const items: unknown[] = []
  const storage: unknown[] = []
  for (let n = 0; n < nodes; n++)
    for (let j = 0; j < PODS_PER_NODE; j++) {
      const pod = podObject(n, j) as Pod
      items.push((n * PODS_PER_NODE + j) % 10 === 0 ? withClaim(pod, storage) : pod)
    }
  for (let k = 0; k < pending; k++) {
    const pod = pendingPod(k) as Pod
    if (claims === 'bound') withClaim(pod, storage)
    if (claims === 'waiting') withWaitingClaim(pod, storage)
    items.push(pod)
  }
  if (claims === 'waiting') storage.push(...localVolumes(nodes))
  for (let i = 0; i < nodes; i++) {
    const name = (nodeObject(i) as Pod).metadata.name
    const migrated = 'kubernetes.io/aws-ebs,kubernetes.io/gce-pd'
    storage.push({
      kind: 'CSINode',
      metadata: { name, annotations: { 'storage.alpha.kubernetes.io/migrated-plugins': migrated } },
      spec: { drivers: [{ name: DRIVER, nodeID: `i-${i}`, allocatable: { count: 25 } }] },
    })
  }
  const paths = {
    pods: join(dir, `pods-${claims}.json`),
    storage: join(dir, `storage-${claims}.json`),
  }
  writeFileSync(paths.pods, JSON.stringify({ kind: 'List', items }))
  writeFileSync(paths.storage, JSON.stringify({ kind: 'List', items: storage }))
  return paths
}
