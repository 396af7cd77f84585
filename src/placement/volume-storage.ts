import type { LabelSelector } from './label-requirements.js'
import type { NodeSelectorTerm } from './node-affinity.js'

/**
 * The storage objects the volume plugins read, as the tools read them: PersistentVolumeClaims,
 * StorageClasses and PersistentVolumes, each keyed as upstream's listers look them up.
 */

/** What the volume plugins read of a PersistentVolumeClaim. */
export interface ClaimFacts {
  readonly namespace: string
  readonly name: string
  /** `spec.volumeName`: the volume it is bound or pre-bound to; '' when none. */
  readonly volumeName: string
  /** `status.phase` is Lost: its volume is gone. */
  readonly lost: boolean
  /** `metadata.deletionTimestamp` is set. */
  readonly deleting: boolean
  /** The `pv.kubernetes.io/bind-completed` annotation is set (the PV controller's mark). */
  readonly bindCompleted: boolean
  /**
   * Its class as `GetPersistentVolumeClaimClass` reads it: the beta annotation
   * `volume.beta.kubernetes.io/storage-class` first, then `spec.storageClassName`; '' when none.
   */
  readonly className: string
  /** The uid its controlling owner reference names; null when it has none. */
  readonly controllerUid: string | null
  /** `spec.accessModes` holds ReadWriteOncePod. */
  readonly readWriteOncePod: boolean
  /** `metadata.uid`: a volume's claimRef that gives a uid names this claim only with it. */
  readonly uid: string
  /** `spec.resources.requests.storage` in nanos; null when not requested. */
  readonly storageRequest: bigint | null
  /** `spec.selector`: the labels a volume must carry to bind it; null: any volume. */
  readonly selector: LabelSelector | null
  readonly accessModes: readonly string[]
  /** `spec.volumeMode`, Filesystem when unset. */
  readonly volumeMode: string
  /** `spec.volumeAttributesClassName`; '' when none. */
  readonly attributesClass: string
  /** The `volume.kubernetes.io/selected-node` annotation: the node chosen to provision on. */
  readonly selectedNode: string | null
}

/** A StorageClass's `volumeBindingMode` (the API server defaults it to Immediate) and provisioner. */
export interface StorageClassFacts {
  readonly name: string
  readonly waitForFirstConsumer: boolean
  /** `provisioner`: the CSI driver (or in-tree plugin) that makes its volumes; '' when unread. */
  readonly provisioner?: string
  /** `allowedTopologies`: where it may provision; none (or absent): anywhere. */
  readonly allowedTopologies?: readonly TopologySelectorTerm[]
  /** Annotated as the default class (`IsDefaultAnnotation`): given to a claim of no class. */
  readonly isDefault?: boolean
  /** `metadata.creationTimestamp`: the newest default class is the default; null when unset. */
  readonly createdAt?: string | null
}

/** A TopologySelectorTerm: each label's key must have one of its values. */
export type TopologySelectorTerm = readonly {
  readonly key: string
  readonly values: readonly string[]
}[]

/** `spec.csi` of a PersistentVolume: the driver and the driver's own name for the volume. */
export interface CsiVolumeSource {
  readonly driver: string
  readonly handle: string
}

/**
 * What the volume plugins read of a PersistentVolume. `source` `in-tree` (a disk of an in-tree
 * plugin, whose node affinity `tryTranslatePVToCSI` rewrites on a node migrated to CSI, and
 * which CSI migration counts under its driver) is not judged here; `local` and `other` are.
 */
export interface PersistentVolumeFacts {
  readonly name: string
  readonly labels: Readonly<Record<string, string>>
  /** `spec.nodeAffinity.required.nodeSelectorTerms`; null when it has none. */
  readonly nodeAffinity: readonly NodeSelectorTerm[] | null
  readonly source: 'local' | 'in-tree' | 'other'
  /** `spec.csi`; null when the volume is not a CSI one. */
  readonly csi?: CsiVolumeSource | null
  /** What a claim waiting for its first consumer matches it by (`FindMatchingVolume`). */
  readonly binding: VolumeBindingFacts
}

/** `spec.claimRef`: the claim a volume is bound or pre-bound to; `uid` '' when not given. */
export interface ClaimReference {
  readonly namespace: string
  readonly name: string
  readonly uid: string
}

/** What `FindMatchingVolume` reads of a PersistentVolume beside its labels and node affinity. */
export interface VolumeBindingFacts {
  /** Its class as `GetPersistentVolumeClass` reads it: the beta annotation, then the spec's. */
  readonly className: string
  /** `spec.capacity.storage` in nanos; 0 when none. */
  readonly capacity: bigint
  readonly claimRef: ClaimReference | null
  /** `spec.volumeMode`, Filesystem when unset. */
  readonly volumeMode: string
  readonly accessModes: readonly string[]
  /** `status.phase` is Available. */
  readonly available: boolean
  /** `metadata.deletionTimestamp` is set. */
  readonly deleting: boolean
  /** `spec.volumeAttributesClassName`; '' when none. */
  readonly attributesClass: string
}

/** A CSIDriver: whether it asks the scheduler to check storage capacity (`spec.storageCapacity`). */
export interface CsiDriverFacts {
  readonly name: string
  readonly storageCapacity: boolean
}

/** A CSIStorageCapacity: what its driver can still provision for a class, and from which nodes. */
export interface StorageCapacityFacts {
  readonly className: string
  /** `capacity` and `maximumVolumeSize` in nanos; null when not given. */
  readonly capacity: bigint | null
  readonly maximumVolumeSize: bigint | null
  /** `nodeTopology`: the nodes it is reachable from; null: none. */
  readonly nodeTopology: LabelSelector | null
}

/**
 * A CSINode (named as its node): the attach limit of each of its drivers that gives one
 * (`spec.drivers[].allocatable.count`), and whether the kubelet marks some in-tree plugin
 * migrated to CSI there (the `storage.alpha.kubernetes.io/migrated-plugins` annotation).
 */
export interface CsiNodeFacts {
  readonly name: string
  readonly limits: ReadonlyMap<string, number>
  readonly migratedPlugins: readonly string[]
}

/** A VolumeAttachment: the node, the CSI driver attaching, and the PersistentVolume, if any. */
export interface VolumeAttachmentFacts {
  readonly nodeName: string
  readonly attacher: string
  /** `spec.source.persistentVolumeName`; null for an inline volume's attachment. */
  readonly volumeName: string | null
}

/**
 * What NodeVolumeLimits reads beside the claims, classes and volumes: the CSINodes by name and
 * the VolumeAttachments by node; each null when not read (a file without any, a list refused).
 */
export interface AttachFacts {
  readonly csiNodes: readonly CsiNodeFacts[] | null
  readonly attachments: readonly VolumeAttachmentFacts[] | null
}

/**
 * What VolumeBinding reads to provision a waiting claim (`hasEnoughCapacity`): the CSIDrivers and
 * the CSIStorageCapacities; each null when not read.
 */
export interface CapacityFacts {
  readonly csiDrivers: readonly CsiDriverFacts[] | null
  readonly capacities: readonly StorageCapacityFacts[] | null
}

/**
 * The claims by `namespace/name`, the classes and the volumes by name. `volumes` is null when
 * no PersistentVolume was read (a file without any): VolumeBinding's and VolumeZone's Filters
 * are then not judged, rather than every bound claim's volume taken as gone.
 */
export interface VolumeStorage {
  readonly claims: ReadonlyMap<string, ClaimFacts>
  readonly classes: ReadonlyMap<string, StorageClassFacts>
  readonly volumes: ReadonlyMap<string, PersistentVolumeFacts> | null
  readonly csiNodes: ReadonlyMap<string, CsiNodeFacts> | null
  readonly attachments: ReadonlyMap<string, readonly VolumeAttachmentFacts[]> | null
  readonly csiDrivers: ReadonlyMap<string, CsiDriverFacts> | null
  readonly capacities: readonly StorageCapacityFacts[] | null
  /**
   * The free volumes the scheduler has assumed bound to claims of pods it placed since the read
   * (binder.go `AssumePodVolumes`): no other claim takes them. Only a follow-up of evictions
   * places pods; none when absent.
   */
  readonly assumed?: ReadonlySet<string>
}

const NOT_READ: AttachFacts & CapacityFacts = {
  csiNodes: null,
  attachments: null,
  csiDrivers: null,
  capacities: null,
}

export function volumeStorage(
  claims: readonly ClaimFacts[],
  classes: readonly StorageClassFacts[],
  volumes: readonly PersistentVolumeFacts[] | null,
  read: Partial<AttachFacts & CapacityFacts> = NOT_READ
): VolumeStorage {
  const { csiNodes, attachments, csiDrivers, capacities } = { ...NOT_READ, ...read }
  return {
    claims: new Map(claims.map((c) => [`${c.namespace}/${c.name}`, c])),
    classes: new Map(classes.map((c) => [c.name, c])),
    volumes: volumes === null ? null : new Map(volumes.map((v) => [v.name, v])),
    csiNodes: csiNodes === null ? null : new Map(csiNodes.map((c) => [c.name, c])),
    attachments: attachments === null ? null : byNode(attachments),
    csiDrivers: csiDrivers === null ? null : new Map(csiDrivers.map((d) => [d.name, d])),
    capacities,
  }
}

function byNode(
  attachments: readonly VolumeAttachmentFacts[]
): Map<string, VolumeAttachmentFacts[]> {
  const grouped = new Map<string, VolumeAttachmentFacts[]>()
  for (const a of attachments) {
    const list = grouped.get(a.nodeName)
    if (list === undefined) grouped.set(a.nodeName, [a])
    else list.push(a)
  }
  return grouped
}
