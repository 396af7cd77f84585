import type { ClusterPod } from './cluster-pod.js'
import type { NodeInfo } from './node-info.js'
import type { PlacementNode } from './placement-node.js'
import type { Snapshot } from './snapshot.js'
import { claimOfPod } from './ephemeral-claims.js'
import type { ClaimFacts, VolumeStorage } from './volume-storage.js'

/**
 * What NodeVolumeLimits reads of a pod and of a node (node-volume-limits.ts): the CSI volumes a
 * pod's claims bring (nodevolumelimits csi.go `filterAttachableVolumes`, `getCSIDriverInfo`,
 * `getCSIDriverInfoFromSC`) and a node's attach limits (`getVolumeLimits`). Upstream recounts
 * both on every node for every pod; explain judges every node, not the tenth kube-scheduler
 * stops at, so each is computed once per pod or node and kept beside the storage read, which
 * does not change within a run.
 */

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
export type Attachable = ReadonlyMap<string, string> | 'in-tree'

const NONE: Attachable = new Map()

/** volume/util attach_limit.go `CSIAttachLimitPrefix`, and the length it keeps a key under. */
const CSI_LIMIT_PREFIX = 'attachable-volumes-csi-'
const RESOURCE_NAME_LIMIT = 63

export class AttachableVolumes {
  readonly #storage: VolumeStorage
  readonly #pods = new WeakMap<ClusterPod, Attachable>()
  readonly #limits = new WeakMap<PlacementNode, ReadonlyMap<string, number>>()
  /** The volumes a node's pods use, as of the node's generation. */
  readonly #used = new WeakMap<NodeInfo, { generation: number; used: UsedVolumes }>()
  /** Whether a snapshot, as of its change count, holds in-tree volumes on a migrated node. */
  readonly #inTree = new WeakMap<Snapshot, { changes: number; holds: boolean }>()

  constructor(storage: VolumeStorage) {
    this.#storage = storage
  }

  /**
   * The CSI volumes of a pod's claims. A claim that does not exist is passed over (PreFilter
   * has turned a pod to place away for it already); so is an ephemeral volume's claim its pod
   * does not own, for which upstream's Filter fails the cycle instead.
   */
  ofPod(pod: ClusterPod): Attachable {
    if (pod.volumeClaims === undefined || pod.volumeClaims.length === 0) return NONE
    let volumes = this.#pods.get(pod)
    if (volumes === undefined) {
      volumes = this.#read(pod)
      this.#pods.set(pod, volumes)
    }
    return volumes
  }

  #read(pod: ClusterPod): Attachable {
    const found = new Map<string, string>()
    for (const ref of pod.volumeClaims ?? []) {
      const claim = claimOfPod(this.#storage, pod, ref)
      if (claim === undefined || (ref.ephemeral && claim.controllerUid !== pod.uid)) continue
      const volume = this.#csiVolumeOf(claim)
      if (volume === 'in-tree') return volume
      if (volume !== null && volume.driver !== '' && volume.handle !== '')
        found.set(`${volume.driver}/${volume.handle}`, volume.driver)
    }
    return found
  }

  /** `getCSIDriverInfo`: the claim's CSI volume, else what its class would provision. */
  #csiVolumeOf(claim: ClaimFacts): ClaimVolume {
    const volume =
      claim.volumeName === '' ? undefined : this.#storage.volumes?.get(claim.volumeName)
    if (volume === undefined) return this.#provisionedVolumeOf(claim)
    if (volume.csi != null) return volume.csi
    return volume.source === 'in-tree' ? 'in-tree' : null
  }

  /**
   * `getCSIDriverInfoFromSC`: the class's provisioner, with a handle of the claim's own
   * (upstream's starts with a random prefix, so that it never equals a real volume's); none
   * without a class.
   */
  #provisionedVolumeOf(claim: ClaimFacts): ClaimVolume {
    const provisioner = this.#storage.classes.get(claim.className)?.provisioner ?? ''
    if (claim.className === '' || provisioner === '') return null
    if (IN_TREE_PLUGINS.has(provisioner)) return 'in-tree'
    return { driver: provisioner, handle: `\u0000${claim.namespace}/${claim.name}` }
  }

  /**
   * `getVolumeLimits`, by driver: the node's `attachable-volumes-csi-<driver>` allocatable, the
   * CSINode's counts over it. Upstream keys both by `GetCSIAttachLimitKey`, which shortens the
   * key of a driver name of 40 characters or more with a SHA-1 of it; such a key on the node is
   * not read here (the kubelet writes the CSINode's count from the same answer of the driver).
   * The allocatable is read in the v1.28.7 and v1.31 trees and no longer in the newest, which
   * reads the CSINode alone; it is read here for every release, as kubelets from v1.32 stop
   * writing it (kubernetes/kubernetes#126924), so that both readings agree on their nodes.
   */
  limitsOf(node: NodeInfo): ReadonlyMap<string, number> {
    let limits = this.#limits.get(node.node)
    if (limits === undefined) {
      const found = new Map<string, number>()
      for (const [name, value] of node.allocatable?.scalar ?? [])
        if (name.startsWith(CSI_LIMIT_PREFIX) && name.length < RESOURCE_NAME_LIMIT)
          found.set(name.slice(CSI_LIMIT_PREFIX.length), Number(value))
      const csiNode = this.#storage.csiNodes?.get(node.name)
      for (const [driver, count] of csiNode?.limits ?? []) found.set(driver, count)
      limits = found
      this.#limits.set(node.node, limits)
    }
    return limits
  }

  /**
   * The CSI volumes the node's pods use, each once, and how many of each driver: kept until a
   * pod is added to the node or taken off, as every pod judged asks it of every node.
   */
  usedOn(node: NodeInfo): UsedVolumes {
    const kept = this.#used.get(node)
    if (kept !== undefined && kept.generation === node.generation) return kept.used
    const names = new Map<string, string>()
    for (const pod of node.podsWithClaims) {
      const volumes = this.ofPod(pod)
      if (volumes !== 'in-tree') for (const [name, driver] of volumes) names.set(name, driver)
    }
    const perDriver = new Map<string, number>()
    for (const driver of names.values()) perDriver.set(driver, (perDriver.get(driver) ?? 0) + 1)
    const used = { names, perDriver }
    this.#used.set(node, { generation: node.generation, used })
    return used
  }

  /**
   * Whether a pod of the snapshot has a volume CSI migration may count: an inline volume or an
   * in-tree claim, on a node whose CSINode marks some plugin migrated (`isCSIMigrationOn`).
   */
  inTreeOnMigratedNode(snapshot: Snapshot): boolean {
    const kept = this.#inTree.get(snapshot)
    if (kept !== undefined && kept.changes === snapshot.changes) return kept.holds
    const holds = snapshot.nodeInfoList.some((node) => {
      const csiNode = this.#storage.csiNodes?.get(node.name)
      if (csiNode === undefined || csiNode.migratedPlugins.length === 0) return false
      return node.pods.some((p) => p.inlineStorage === true || this.ofPod(p) === 'in-tree')
    })
    this.#inTree.set(snapshot, { changes: snapshot.changes, holds })
    return holds
  }
}

type ClaimVolume = { readonly driver: string; readonly handle: string } | 'in-tree' | null

/** The volumes in use on a node: unique name → driver, and the count of each driver's. */
export interface UsedVolumes {
  readonly names: ReadonlyMap<string, string>
  readonly perDriver: ReadonlyMap<string, number>
}

const byStorage = new WeakMap<VolumeStorage, AttachableVolumes>()

/** The pods' volumes and the nodes' limits of one storage read. */
export function attachableVolumes(storage: VolumeStorage): AttachableVolumes {
  let volumes = byStorage.get(storage)
  if (volumes === undefined) {
    volumes = new AttachableVolumes(storage)
    byStorage.set(storage, volumes)
  }
  return volumes
}
