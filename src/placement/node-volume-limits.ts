import type { ClusterPod } from './cluster-pod.js'
import type { FilterPlugin } from './framework.js'
import { volumeLimitsCountAttachments } from './kube-releases.js'
import type { NodeInfo } from './node-info.js'
import type { PlacementPod } from './placement-pod.js'
import type { Snapshot } from './snapshot.js'
import {
  claimOfPod,
  type ClaimFacts,
  type CsiNodeFacts,
  type VolumeAttachmentFacts,
  type VolumeStorage,
} from './volume-storage.js'
import type { VolumePreFilter } from './volume-verdicts.js'
import type { KubeVersion } from '../core/index.js'

/**
 * NodeVolumeLimits (v1.28.7 nodevolumelimits csi.go `Filter`, `filterAttachableVolumes`,
 * `getCSIDriverInfo`, `getCSIDriverInfoFromSC`, `getVolumeLimits`; utils.go `volumeLimits`):
 * the CSI volumes the pod's claims bring to a node, less those its pods already use there,
 * added to those used, must stay within each driver's attach limit on the node: the CSINode's
 * `allocatable.count`, else the node's `attachable-volumes-csi-<driver>` allocatable. A claim's
 * volume is its CSI PersistentVolume (driver and handle); a claim with no volume yet, or whose
 * volume does not exist, counts once for its class's provisioner. Since v1.32 the node's
 * VolumeAttachments of CSI volumes count too (kube-releases.ts). Not judged: a pod with an
 * inline disk or a claim of an in-tree plugin, nor one whose nodes hold pods with such volumes
 * where the CSINode marks a plugin migrated, since CSI migration's translation is not modelled.
 */

export const PLUGIN_NODE_VOLUME_LIMITS = 'NodeVolumeLimits'
export const REASON_MAX_VOLUME_COUNT = 'node(s) exceed max volume count'

/** The in-tree plugins CSI migration translates (csi-translation-lib `inTreePlugins`). */
const IN_TREE_PLUGINS = new Set([
  'kubernetes.io/gce-pd',
  'kubernetes.io/aws-ebs',
  'kubernetes.io/cinder',
  'kubernetes.io/azure-disk',
  'kubernetes.io/azure-file',
  'kubernetes.io/vsphere-volume',
  'kubernetes.io/portworx-volume',
  'kubernetes.io/rbd',
])

/** The volumes a pod brings, unique name (`driver/handle`) → driver; `in-tree` when unmodelled. */
type Attachable = Map<string, string> | 'in-tree'

const NO_ATTACHMENTS: ReadonlyMap<string, readonly VolumeAttachmentFacts[]> = new Map()

const UNJUDGED: VolumePreFilter = { rejection: null, filter: 'unjudged' }

export function nodeVolumeLimitsPreFilter(
  pod: PlacementPod,
  storage: VolumeStorage,
  snapshot: Snapshot,
  release: KubeVersion
): VolumePreFilter {
  const { csiNodes, volumes } = storage
  const attachments = volumeLimitsCountAttachments(release) ? storage.attachments : NO_ATTACHMENTS
  if (csiNodes === null || volumes === null || attachments === null) return UNJUDGED
  if (pod.inlineStorage) return UNJUDGED
  const wanted = attachableOf(pod, storage)
  if (wanted === 'in-tree') return UNJUDGED
  if (wanted.size === 0) return { rejection: null, filter: null }
  if (snapshot.nodeInfoList.some((n) => holdsInTreeVolumes(n, csiNodes.get(n.name), storage)))
    return UNJUDGED
  const filter: FilterPlugin = {
    name: PLUGIN_NODE_VOLUME_LIMITS,
    filter(_state, node) {
      const limits = limitsOf(node, csiNodes.get(node.name))
      if (limits.size === 0) return null
      const over = overLimit(wanted, node, limits, storage, attachments.get(node.name) ?? [])
      if (over === null) return null
      const detail = `${over.driver}: ${over.used} of ${over.limit} volumes in use, ${over.adding} more`
      const reasons = [REASON_MAX_VOLUME_COUNT]
      return { plugin: PLUGIN_NODE_VOLUME_LIMITS, reasons, unresolvable: false, detail }
    },
  }
  return { rejection: null, filter }
}

interface Excess {
  readonly driver: string
  readonly used: number
  readonly adding: number
  readonly limit: number
}

/** The first driver whose volumes on the node, the pod's new ones added, pass its limit. */
function overLimit(
  wanted: ReadonlyMap<string, string>,
  node: NodeInfo,
  limits: ReadonlyMap<string, number>,
  storage: VolumeStorage,
  attachments: readonly VolumeAttachmentFacts[]
): Excess | null {
  const used = new Map<string, string>()
  for (const pod of node.pods) {
    if (!hasClaims(pod)) continue
    const attached = attachableOf(pod, storage)
    if (attached !== 'in-tree') for (const [name, driver] of attached) used.set(name, driver)
  }
  const counts = countByDriver(used.values())
  // `getNodeVolumeAttachmentInfo`: an attachment of a CSI volume no pod there uses counts too,
  // though the pod's own volume is still counted new beside it (only pods' volumes are shared).
  const attached = new Map<string, string>()
  for (const { attacher, volumeName } of attachments) {
    const csi = volumeName === null ? null : storage.volumes?.get(volumeName)?.csi
    if (attacher !== '' && csi != null) attached.set(`${attacher}/${csi.handle}`, attacher)
  }
  for (const [name, driver] of attached)
    if (!used.has(name)) counts.set(driver, (counts.get(driver) ?? 0) + 1)
  const fresh = countByDriver([...wanted].filter(([name]) => !used.has(name)).map(([, d]) => d))
  for (const [driver, adding] of fresh) {
    const limit = limits.get(driver)
    const current = counts.get(driver) ?? 0
    if (limit !== undefined && current + adding > limit)
      return { driver, used: current, adding, limit }
  }
  return null
}

function countByDriver(drivers: Iterable<string>): Map<string, number> {
  const counts = new Map<string, number>()
  for (const driver of drivers) counts.set(driver, (counts.get(driver) ?? 0) + 1)
  return counts
}

/**
 * The CSI volumes of a pod's claims (`filterAttachableVolumes`). A claim that does not exist is
 * passed over (PreFilter has turned a pod to place away for it already); so is an ephemeral
 * volume's claim its pod does not own, for which upstream's Filter fails the cycle instead.
 */
function attachableOf(pod: ClusterPod, storage: VolumeStorage): Attachable {
  const found = new Map<string, string>()
  for (const ref of pod.volumeClaims ?? []) {
    const claim = claimOfPod(storage, pod, ref)
    if (claim === undefined || (ref.ephemeral && claim.controllerUid !== pod.uid)) continue
    const volume = csiVolumeOf(claim, storage)
    if (volume === 'in-tree') return volume
    if (volume !== null && volume.driver !== '' && volume.handle !== '')
      found.set(`${volume.driver}/${volume.handle}`, volume.driver)
  }
  return found
}

function hasClaims(pod: ClusterPod): boolean {
  return pod.volumeClaims !== undefined && pod.volumeClaims.length > 0
}

type ClaimVolume = { readonly driver: string; readonly handle: string } | 'in-tree' | null

/** `getCSIDriverInfo`: the claim's CSI volume, else what its class would provision. */
function csiVolumeOf(claim: ClaimFacts, storage: VolumeStorage): ClaimVolume {
  const volume = claim.volumeName === '' ? undefined : storage.volumes?.get(claim.volumeName)
  if (volume === undefined) return provisionedVolumeOf(claim, storage)
  if (volume.csi != null) return volume.csi
  return volume.source === 'in-tree' ? 'in-tree' : null
}

/**
 * `getCSIDriverInfoFromSC`: the class's provisioner, with a handle of the claim's own (upstream's
 * starts with a random prefix, so that it never equals a real volume's); none without a class.
 */
function provisionedVolumeOf(claim: ClaimFacts, storage: VolumeStorage): ClaimVolume {
  const provisioner = storage.classes.get(claim.className)?.provisioner ?? ''
  if (claim.className === '' || provisioner === '') return null
  if (IN_TREE_PLUGINS.has(provisioner)) return 'in-tree'
  return { driver: provisioner, handle: `\u0000${claim.namespace}/${claim.name}` }
}

/**
 * Whether a pod on the node has a volume CSI migration may count there: an inline volume or an
 * in-tree claim, where the CSINode marks some plugin migrated (`isCSIMigrationOn`).
 */
function holdsInTreeVolumes(
  node: NodeInfo,
  csiNode: CsiNodeFacts | undefined,
  storage: VolumeStorage
): boolean {
  if (csiNode === undefined || csiNode.migratedPlugins.length === 0) return false
  return node.pods.some(
    (p) => p.inlineStorage === true || (hasClaims(p) && attachableOf(p, storage) === 'in-tree')
  )
}

/** volume/util attach_limit.go `CSIAttachLimitPrefix`, and the length it keeps a key under. */
const CSI_LIMIT_PREFIX = 'attachable-volumes-csi-'
const RESOURCE_NAME_LIMIT = 63

/**
 * `getVolumeLimits`, by driver: the node's `attachable-volumes-csi-<driver>` allocatable, the
 * CSINode's counts over it. Upstream keys both by `GetCSIAttachLimitKey`, which shortens the
 * key of a driver name of 40 characters or more with a SHA-1 of it; such a key on the node is
 * not read here (the kubelet writes the CSINode's count from the same answer of the driver).
 * The allocatable is read in the v1.28.7 and v1.31 trees and no longer in the newest, which
 * reads the CSINode alone; it is read here for every release, as kubelets from v1.32 stop
 * writing it (kubernetes/kubernetes#126924), so that both readings agree on their nodes.
 */
function limitsOf(node: NodeInfo, csiNode: CsiNodeFacts | undefined): Map<string, number> {
  const limits = new Map<string, number>()
  for (const [name, value] of node.allocatable?.scalar ?? [])
    if (name.startsWith(CSI_LIMIT_PREFIX) && name.length < RESOURCE_NAME_LIMIT)
      limits.set(name.slice(CSI_LIMIT_PREFIX.length), Number(value))
  for (const [driver, count] of csiNode?.limits ?? []) limits.set(driver, count)
  return limits
}
