import type { FilterPlugin } from './framework.js'
import { labelOf, type Labels } from './label-requirements.js'
import type { PodVolumeClaim } from './cluster-pod.js'
import type { PlacementPod } from './placement-pod.js'
import { delaysBinding } from './volume-binding.js'
import type { ClaimFacts, VolumeStorage } from './volume-storage.js'
import { quoted, type VolumePreFilter } from './volume-verdicts.js'

/**
 * VolumeZone (v1.28.7 volumezone volume_zone.go `PreFilter`, `getPVbyPod`, `Filter`): the zone
 * and region labels of the volumes bound to the pod's persistentVolumeClaim volumes (ephemeral
 * volumes are not read), each a set of values (`LabelZonesToSet`: `__`-separated), which a node
 * carrying any such label must match. PreFilter turns the pod away when a bound claim's volume
 * does not exist. The claims it would refuse otherwise (no volume name and no class, and so on)
 * VolumeBinding's PreFilter, which runs first, has refused already.
 */

export const PLUGIN_VOLUME_ZONE = 'VolumeZone'
export const REASON_NO_VOLUME_ZONE = 'node(s) had no available volume zone'

/** The labels VolumeZone reads, in its order (`topologyLabels`). */
const TOPOLOGY_LABELS = [
  'failure-domain.beta.kubernetes.io/zone',
  'failure-domain.beta.kubernetes.io/region',
  'topology.kubernetes.io/zone',
  'topology.kubernetes.io/region',
] as const

interface VolumeTopology {
  readonly volume: string
  readonly key: string
  readonly values: ReadonlySet<string>
}

export function volumeZonePreFilter(
  pod: PlacementPod,
  storage: VolumeStorage,
  claimOf: (ref: PodVolumeClaim) => ClaimFacts | undefined
): VolumePreFilter {
  const volumes = storage.volumes
  if (volumes === null) return { rejection: null, filter: 'unjudged' }
  const topologies: VolumeTopology[] = []
  for (const ref of pod.volumeClaims) {
    const claim = ref.ephemeral ? undefined : claimOf(ref)
    // Unbound and waiting for its first consumer: its volume is not chosen yet.
    if (claim === undefined || (claim.volumeName === '' && delaysBinding(claim, storage))) continue
    const volume = volumes.get(claim.volumeName)
    if (volume === undefined) {
      const reason = `persistentvolume ${quoted(claim.volumeName)} not found`
      const detail = `claim ${claim.name}`
      return { rejection: { plugin: PLUGIN_VOLUME_ZONE, reason, detail }, filter: null }
    }
    topologies.push(...topologiesOf(volume.name, volume.labels))
  }
  return { rejection: null, filter: topologies.length === 0 ? null : zoneFilter(topologies) }
}

/** A volume's zone and region labels; one with an empty value in its list is passed over. */
function topologiesOf(volume: string, labels: Labels): VolumeTopology[] {
  return TOPOLOGY_LABELS.flatMap((key) => {
    const value = labelOf(labels, key)
    if (value === undefined) return []
    const values = value.split('__').map((v) => v.trim())
    return values.includes('') ? [] : [{ volume, key, values: new Set(values) }]
  })
}

function zoneFilter(topologies: readonly VolumeTopology[]): FilterPlugin {
  return {
    name: PLUGIN_VOLUME_ZONE,
    filter(_state, node) {
      const labels = node.node.labels
      // A node with none of the labels is in no zone: a single-zone cluster's nodes pass.
      if (!TOPOLOGY_LABELS.some((key) => labelOf(labels, key) !== undefined)) return null
      const miss = topologies.find((t) => {
        const value = labelOf(labels, t.key)
        return value === undefined || !t.values.has(value)
      })
      if (miss === undefined) return null
      const detail = `volume ${miss.volume}: ${miss.key} in (${[...miss.values].join(', ')})`
      return {
        plugin: PLUGIN_VOLUME_ZONE,
        reasons: [REASON_NO_VOLUME_ZONE],
        unresolvable: true,
        detail,
      }
    },
  }
}
