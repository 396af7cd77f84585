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
}

/** A StorageClass's `volumeBindingMode` (the API server defaults it to Immediate) and provisioner. */
export interface StorageClassFacts {
  readonly name: string
  readonly waitForFirstConsumer: boolean
  /** `provisioner`: the CSI driver (or in-tree plugin) that makes its volumes; '' when unread. */
  readonly provisioner?: string
}

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
}

/** The claim `pod`'s volume names, looked up as the claim lister looks it up: in its namespace. */
export function claimOfPod(
  storage: VolumeStorage,
  pod: { readonly namespace: string },
  ref: { readonly claimName: string }
): ClaimFacts | undefined {
  return storage.claims.get(`${pod.namespace}/${ref.claimName}`)
}

const NOT_READ: AttachFacts = { csiNodes: null, attachments: null }

export function volumeStorage(
  claims: readonly ClaimFacts[],
  classes: readonly StorageClassFacts[],
  volumes: readonly PersistentVolumeFacts[] | null,
  { csiNodes, attachments }: AttachFacts = NOT_READ
): VolumeStorage {
  return {
    claims: new Map(claims.map((c) => [`${c.namespace}/${c.name}`, c])),
    classes: new Map(classes.map((c) => [c.name, c])),
    volumes: volumes === null ? null : new Map(volumes.map((v) => [v.name, v])),
    csiNodes: csiNodes === null ? null : new Map(csiNodes.map((c) => [c.name, c])),
    attachments: attachments === null ? null : byNode(attachments),
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
