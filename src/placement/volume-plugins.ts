import type { KubeVersion } from '../core/index.js'
import { bindsBeforePlacement, claimOfPod } from './ephemeral-claims.js'
import type { FilterPlugin } from './framework.js'
import { nodeVolumeLimitsPreFilter, PLUGIN_NODE_VOLUME_LIMITS } from './node-volume-limits.js'
import type { PodVolumeClaim } from './cluster-pod.js'
import type { PlacementPod } from './placement-pod.js'
import type { Snapshot } from './snapshot.js'
import { PLUGIN_VOLUME_BINDING, volumeBindingPreFilter } from './volume-binding.js'
import { PLUGIN_VOLUME_RESTRICTIONS, volumeRestrictionsPreFilter } from './volume-restrictions.js'
import type { VolumeStorage } from './volume-storage.js'
import type { VolumePreFilter, VolumeRejection } from './volume-verdicts.js'
import { PLUGIN_VOLUME_ZONE, volumeZonePreFilter } from './volume-zone.js'

/**
 * The default profile's volume plugins for one pod, in its order: VolumeRestrictions,
 * NodeVolumeLimits, VolumeBinding, VolumeZone (v1.28 to v1.30 add EBSLimits, GCEPDLimits and
 * AzureDiskLimits, which count only in-tree disks). Each skips or passes a pod without a volume
 * it may read on every node (decode-storage-volumes.ts cites where). For a pod whose volumes
 * name claims, with the claims read, their PreFilters run in that order, the first to turn the
 * pod away deciding, and their Filters judge each node: those of VolumeBinding and VolumeZone
 * read claims, volumes and node labels; NodeVolumeLimits counts the CSI volumes each node's pods
 * use against its drivers' limits (node-volume-limits.ts). What a plugin would read that is not
 * read leaves it unjudged.
 */

/** The volume plugins a pod with such volumes may be left unjudged by, in the profile's order. */
const VOLUME_PLUGINS = [
  PLUGIN_VOLUME_RESTRICTIONS,
  PLUGIN_NODE_VOLUME_LIMITS,
  PLUGIN_VOLUME_BINDING,
  PLUGIN_VOLUME_ZONE,
] as const

export interface VolumeJudgement {
  /** A PreFilter turned the pod away; null when none did. */
  readonly rejection: VolumeRejection | null
  /** The Filters judged, in the profile's order. */
  readonly filters: readonly FilterPlugin[]
  /** The plugins not judged for the pod, in the profile's order: none for most pods. */
  readonly unjudged: readonly string[]
  /** The nodes VolumeBinding's PreFilterResult leaves (`GetEligibleNodes`); null: every node. */
  readonly eligible: ReadonlySet<string> | null
}

const NOTHING: VolumeJudgement = { rejection: null, filters: [], unjudged: [], eligible: null }

/** `volumes (VolumeRestrictions, …)`: the "Not judged" entry for the plugins named. */
export function volumesNotJudged(plugins: readonly string[]): string {
  return `volumes (${plugins.join(', ')})`
}

export function judgeVolumes(
  pod: PlacementPod,
  storage: VolumeStorage | null | undefined,
  snapshot: Snapshot,
  release: KubeVersion
): VolumeJudgement {
  if (!pod.storageVolumes) return NOTHING
  if (storage == null || pod.volumeClaims.length === 0 || bindsBeforePlacement(pod, storage))
    return { ...NOTHING, unjudged: VOLUME_PLUGINS }
  const claimOf = (ref: PodVolumeClaim) => claimOfPod(storage, pod, ref)
  const steps: [string, () => VolumePreFilter][] = [
    [PLUGIN_VOLUME_RESTRICTIONS, () => volumeRestrictionsPreFilter(pod, claimOf)],
    [PLUGIN_NODE_VOLUME_LIMITS, () => nodeVolumeLimitsPreFilter(pod, storage, snapshot, release)],
    [PLUGIN_VOLUME_BINDING, () => volumeBindingPreFilter(pod, storage, claimOf, release)],
    [PLUGIN_VOLUME_ZONE, () => volumeZonePreFilter(pod, storage, claimOf)],
  ]
  const filters: FilterPlugin[] = []
  const unjudged = new Set<string>()
  let eligible: ReadonlySet<string> | null = null
  for (const [plugin, preFilter] of steps) {
    const result = preFilter()
    if (result.rejection !== null) return { ...NOTHING, rejection: result.rejection }
    if (result.filter === 'unjudged') unjudged.add(plugin)
    else if (result.filter !== null) filters.push(result.filter)
    eligible = result.eligible ?? eligible
  }
  const judged = { filters, unjudged: VOLUME_PLUGINS.filter((p) => unjudged.has(p)) }
  return { rejection: null, ...judged, eligible }
}
