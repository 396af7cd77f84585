import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { nodeObject, pendingPod, podObject, PODS_PER_NODE } from './explain-scale-objects.js'

/**
 * The bench cluster with volumes, for NodeVolumeLimits at scale (`BENCH_CLAIMS`): a tenth of the
 * placed pods each mount a claim bound to a CSI volume of its own, every node has a CSINode with
 * an attach limit and the kubelet's migrated-plugins annotation (so the scan for in-tree volumes
 * runs), and `pending` pending pods, each with a claim of its own when `claimed`, else without
 * volumes (so no storage object is read for them).
 */

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

/** Writes `pods-*.json` and `storage-*.json` into `dir`; returns their paths. */
export function writeClaimedCluster(
  dir: string,
  nodes: number,
  pending: number,
  claimed: boolean
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
    items.push(claimed ? withClaim(pod, storage) : pod)
  }
  for (let i = 0; i < nodes; i++) {
    const name = (nodeObject(i) as Pod).metadata.name
    const migrated = 'kubernetes.io/aws-ebs,kubernetes.io/gce-pd'
    storage.push({
      kind: 'CSINode',
      metadata: { name, annotations: { 'storage.alpha.kubernetes.io/migrated-plugins': migrated } },
      spec: { drivers: [{ name: DRIVER, nodeID: `i-${i}`, allocatable: { count: 25 } }] },
    })
  }
  const which = claimed ? 'claimed' : 'unclaimed'
  const paths = {
    pods: join(dir, `pods-${which}.json`),
    storage: join(dir, `storage-${which}.json`),
  }
  writeFileSync(paths.pods, JSON.stringify({ kind: 'List', items }))
  writeFileSync(paths.storage, JSON.stringify({ kind: 'List', items: storage }))
  return paths
}
