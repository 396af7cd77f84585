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

/** A StorageClass's `volumeBindingMode` (the API server defaults it to Immediate). */
export interface StorageClassFacts {
  readonly name: string
  readonly waitForFirstConsumer: boolean
}

/**
 * What VolumeBinding's and VolumeZone's Filters read of a PersistentVolume. `source`: `local`
 * (VolumeBinding's PreFilter narrows the nodes to its hostnames, `GetEligibleNodes`) and `in-tree`
 * (a disk of an in-tree plugin, whose node affinity `tryTranslatePVToCSI` rewrites on a node
 * migrated to CSI) are not judged here; `other` is.
 */
export interface PersistentVolumeFacts {
  readonly name: string
  readonly labels: Readonly<Record<string, string>>
  /** `spec.nodeAffinity.required.nodeSelectorTerms`; null when it has none. */
  readonly nodeAffinity: readonly NodeSelectorTerm[] | null
  readonly source: 'local' | 'in-tree' | 'other'
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
}

export function volumeStorage(
  claims: readonly ClaimFacts[],
  classes: readonly StorageClassFacts[],
  volumes: readonly PersistentVolumeFacts[] | null
): VolumeStorage {
  return {
    claims: new Map(claims.map((c) => [`${c.namespace}/${c.name}`, c])),
    classes: new Map(classes.map((c) => [c.name, c])),
    volumes: volumes === null ? null : new Map(volumes.map((v) => [v.name, v])),
  }
}
