import type { PodVolumeClaim } from '../placement/index.js'
import {
  listField,
  objectField,
  objectItem,
  stringField,
  type JsonObject,
} from '../json/json-fields.js'
import { element, member } from '../json/json-path.js'
import { decodeClaimTemplate } from './decode-storage-objects.js'

/**
 * Whether a pod has a volume the default profile's volume plugins may read. Each of them passes
 * a pod whose every volume is one of these kinds on every node (v1.28 to v1.35):
 * VolumeBinding's PreFilter skips a pod without a persistentVolumeClaim or ephemeral volume
 * (`podHasPVCs`); VolumeRestrictions checks only gcePersistentDisk, awsElasticBlockStore, rbd
 * and iscsi volumes (`needsRestrictionsCheck`) and claims (ReadWriteOncePod); NodeVolumeLimits
 * counts claims, ephemeral volumes and in-tree disks CSI migration translates
 * (`filterAttachableVolumes`, `IsInlineMigratable`), as do the in-tree limits of v1.28
 * (`filterVolumes`); VolumeZone reads claims (`getPVbyPod`). Any other kind, one this list does
 * not know included, counts as read.
 */
const NOT_READ_BY_VOLUME_PLUGINS = [
  'configMap',
  'secret',
  'downwardAPI',
  'projected',
  'emptyDir',
  'hostPath',
] as const

/** A volume of one of the kinds no volume plugin reads. */
function isPlain(volume: JsonObject, at: string): boolean {
  return NOT_READ_BY_VOLUME_PLUGINS.some((kind) => objectField(volume, kind, at) !== null)
}

/** `spec.volumes` holds a volume of a kind the volume plugins may read. */
export function readStorageVolumes(spec: JsonObject | null, path: string): boolean {
  const specAt = member(path, 'spec')
  const at = member(specAt, 'volumes')
  const volumes = listField(spec, 'volumes', specAt)
  for (let i = 0; i < volumes.length; i++) {
    const volume = objectItem(volumes[i], at, i)
    if (!isPlain(volume, element(at, i))) return true
  }
  return false
}

/**
 * The volume's `volumeClaimTemplate`, which the API server requires of an ephemeral volume; none
 * when absent (as in a hand-written file), and the volume plugins then leave a replacement's
 * claim unjudged.
 */
function templateOf(ephemeral: JsonObject, volumeName: string, volumeAt: string) {
  const at = member(member(volumeAt, 'ephemeral'), 'volumeClaimTemplate')
  const template = objectField(ephemeral, 'volumeClaimTemplate', member(volumeAt, 'ephemeral'))
  return template === null ? undefined : decodeClaimTemplate(template, volumeName, at)
}

/** No volume names a claim: shared, as most pods have none. */
export const NO_VOLUME_CLAIMS: readonly PodVolumeClaim[] = Object.freeze([])

/** The claims a pod's volumes name, and whether some other volume is one the plugins read. */
export interface VolumeClaimsRead {
  readonly claims: readonly PodVolumeClaim[]
  readonly inline: boolean
}

/**
 * The claims `spec.volumes` names, in order: a persistentVolumeClaim volume's `claimName`, and
 * for a generic ephemeral volume the claim its controller creates, `<pod name>-<volume name>`
 * (component-helpers ephemeral.go `VolumeIsForPod`'s `VolumeClaimName`); and whether another
 * volume is of a kind the volume plugins may read (a disk, nfs, an inline CSI volume). Read only
 * for a pod with such a volume (`storageVolumes`), so most pods pay nothing for it.
 */
export function readVolumeClaims(
  spec: JsonObject | null,
  podName: string,
  path: string
): VolumeClaimsRead {
  const specAt = member(path, 'spec')
  const at = member(specAt, 'volumes')
  const volumes = listField(spec, 'volumes', specAt)
  const claims: PodVolumeClaim[] = []
  let inline = false
  for (let i = 0; i < volumes.length; i++) {
    const volume = objectItem(volumes[i], at, i)
    const volumeAt = element(at, i)
    const claimSource = objectField(volume, 'persistentVolumeClaim', volumeAt)
    const ephemeral = claimSource === null ? objectField(volume, 'ephemeral', volumeAt) : null
    if (claimSource !== null) {
      const sourceAt = member(volumeAt, 'persistentVolumeClaim')
      claims.push({ claimName: stringField(claimSource, 'claimName', sourceAt), ephemeral: false })
    } else if (ephemeral !== null) {
      const volumeName = stringField(volume, 'name', volumeAt)
      const template = templateOf(ephemeral, volumeName, volumeAt)
      claims.push({ claimName: `${podName}-${volumeName}`, ephemeral: true, template })
    } else {
      inline ||= !isPlain(volume, volumeAt)
    }
  }
  return { claims: claims.length === 0 ? NO_VOLUME_CLAIMS : claims, inline }
}
