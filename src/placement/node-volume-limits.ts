import { attachableVolumes, type AttachableVolumes } from './attachable-volumes.js'
import type { FilterPlugin } from './framework.js'
import { volumeLimitsCountAttachments } from './kube-releases.js'
import type { NodeInfo } from './node-info.js'
import type { PlacementPod } from './placement-pod.js'
import type { Snapshot } from './snapshot.js'
import type { VolumeAttachmentFacts, VolumeStorage } from './volume-storage.js'
import type { VolumePreFilter } from './volume-verdicts.js'
import type { KubeVersion } from '../core/index.js'

/**
 * NodeVolumeLimits (v1.28.7 nodevolumelimits csi.go `Filter`, `filterAttachableVolumes`,
 * `getCSIDriverInfo`, `getCSIDriverInfoFromSC`, `getVolumeLimits`; utils.go `volumeLimits`):
 * the CSI volumes the pod's claims bring to a node, less those its pods already use there,
 * added to those used, must stay within each driver's attach limit on the node: the CSINode's
 * `allocatable.count`, else the node's `attachable-volumes-csi-<driver>` allocatable
 * (attachable-volumes.ts reads both). A claim's volume is its CSI PersistentVolume (driver and
 * handle); a claim with no volume yet, or whose volume does not exist, counts once for its
 * class's provisioner. Since v1.32 the node's VolumeAttachments of CSI volumes count too
 * (kube-releases.ts). Not judged: a pod with an inline disk or a claim of an in-tree plugin, nor
 * one whose nodes hold pods with such volumes where the CSINode marks a plugin migrated, since
 * CSI migration's translation is not modelled.
 */

export const PLUGIN_NODE_VOLUME_LIMITS = 'NodeVolumeLimits'
export const REASON_MAX_VOLUME_COUNT = 'node(s) exceed max volume count'

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
  const volumesOf = attachableVolumes(storage)
  const wanted = volumesOf.ofPod(pod)
  if (wanted === 'in-tree') return UNJUDGED
  if (wanted.size === 0) return { rejection: null, filter: null }
  if (volumesOf.inTreeOnMigratedNode(snapshot)) return UNJUDGED
  const drivers = new Set(wanted.values())
  const filter: FilterPlugin = {
    name: PLUGIN_NODE_VOLUME_LIMITS,
    filter(_state, node) {
      const limits = volumesOf.limitsOf(node)
      if (limits.size === 0) return null
      const onNode = attachments.get(node.name)
      const attached = onNode === undefined ? [] : attachedVolumes(onNode, storage)
      const over = overLimit(wanted, drivers, node, limits, volumesOf, attached)
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

/**
 * The first of the pod's drivers whose volumes on the node, the pod's new ones added, pass its
 * limit. The node's volumes in use are counted once per node change (attachable-volumes.ts
 * `usedOn`): explain runs this on every node for every pod judged.
 */
function overLimit(
  wanted: ReadonlyMap<string, string>,
  drivers: ReadonlySet<string>,
  node: NodeInfo,
  limits: ReadonlyMap<string, number>,
  volumesOf: AttachableVolumes,
  attached: readonly string[]
): Excess | null {
  for (const driver of drivers) {
    const limit = limits.get(driver)
    // A driver the node gives no limit (say a provisioner of local volumes) has nothing to count.
    if (limit === undefined) continue
    const used = volumesOf.usedOn(node)
    let adding = 0
    for (const [name, d] of wanted) if (d === driver && !used.names.has(name)) adding++
    if (adding === 0) continue
    let current = used.perDriver.get(driver) ?? 0
    // `getNodeVolumeAttachmentInfo`: an attachment of a CSI volume no pod there uses counts
    // too, though the pod's own volume is still counted new beside it.
    for (const name of attached)
      if (name.startsWith(`${driver}/`) && !used.names.has(name)) current++
    if (current + adding > limit) return { driver, used: current, adding, limit }
  }
  return null
}

/**
 * The node's VolumeAttachments as `getNodeVolumeAttachmentInfo` keys them, each once:
 * `attacher/handle` of a CSI PersistentVolume; attachments without an attacher or of a volume
 * that is not CSI (or not found) are passed over.
 */
function attachedVolumes(
  attachments: readonly VolumeAttachmentFacts[],
  storage: VolumeStorage
): string[] {
  const names = new Set<string>()
  for (const { attacher, volumeName } of attachments) {
    const csi = volumeName === null ? null : storage.volumes?.get(volumeName)?.csi
    if (attacher !== '' && csi != null) names.add(`${attacher}/${csi.handle}`)
  }
  return [...names]
}
