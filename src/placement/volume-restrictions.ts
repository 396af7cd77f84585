import type { PodVolumeClaim } from './cluster-pod.js'
import type { PlacementPod } from './placement-pod.js'
import type { ClaimFacts } from './volume-storage.js'
import { quoted, type VolumePreFilter } from './volume-verdicts.js'

/**
 * VolumeRestrictions (v1.28.7 volumerestrictions volume_restrictions.go), as far as it reads
 * claims. Its PreFilter looks each persistentVolumeClaim volume's claim up for ReadWriteOncePod
 * (`readWriteOncePodPVCsForPod`; the gate is on from v1.27): one not found turns the pod away
 * with the lister's not-found error; ephemeral volumes are not looked up. It then skips a pod
 * with neither an in-tree disk it checks for conflicts (`needsRestrictionsCheck`) nor a
 * ReadWriteOncePod claim. A pod with either is not judged here: the disks on each node, and the
 * pods using each claim, are not read.
 */

export const PLUGIN_VOLUME_RESTRICTIONS = 'VolumeRestrictions'

export function volumeRestrictionsPreFilter(
  pod: PlacementPod,
  claimOf: (ref: PodVolumeClaim) => ClaimFacts | undefined
): VolumePreFilter {
  const refs = pod.volumeClaims.filter((ref) => !ref.ephemeral)
  const missing = refs.find((ref) => claimOf(ref) === undefined)
  if (missing !== undefined) {
    const reason = `persistentvolumeclaim ${quoted(missing.claimName)} not found`
    const detail = `claim ${missing.claimName}`
    return { rejection: { plugin: PLUGIN_VOLUME_RESTRICTIONS, reason, detail }, filter: null }
  }
  const readWriteOncePod = refs.some((ref) => claimOf(ref)?.readWriteOncePod === true)
  // A disk among its other volumes may be one needsRestrictionsCheck names.
  const judged = !readWriteOncePod && !pod.inlineStorage
  return { rejection: null, filter: judged ? null : 'unjudged' }
}
