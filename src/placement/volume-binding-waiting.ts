import type { KubeVersion } from '../core/index.js'
import { labelSelectorProblem } from './label-requirements.js'
import { nodeAffinityMismatch, type NodeSelectorTerm } from './node-affinity.js'
import type { NodeInfo } from './node-info.js'
import {
  bindConflict,
  provisionerOf,
  provisionVerdict,
  type WaitingVerdict,
} from './volume-binding-provisioning.js'
import { matchingVolume } from './volume-candidates.js'
import type { ClaimFacts, VolumeStorage } from './volume-storage.js'

/**
 * VolumeBinding's Filter over the claims waiting for their first consumer (v1.28.7 binder.go
 * `FindPodVolumes`, `findMatchingVolumes`; the same in the newest tree). A claim the scheduler
 * already chose a node for provisions there alone; the others bind, smallest request first, each
 * to the smallest free volume of its class that fits the node (`FindMatchingVolume`,
 * volume-candidates.ts), and what none fits must be provisioned (volume-binding-provisioning.ts).
 */

/** volume.AnnSelectedNode: where the scheduler chose to provision the claim's volume. */
const SELECTED_NODE = 'volume.kubernetes.io/selected-node'

/**
 * Whether the waiting claims cannot be judged from what was read: the volumes they would bind,
 * a CSIDriver, or the capacities it asks to be checked, are not; or a claim's selector is one
 * `LabelSelectorAsSelector` refuses (upstream's Filter then errs).
 */
export function waitingClaimsUnjudged(
  waiting: readonly ClaimFacts[],
  storage: VolumeStorage
): boolean {
  return waiting.some((claim) => {
    if (claim.selector !== null && labelSelectorProblem(claim.selector) !== null) return true
    if (claim.selectedNode === null && storage.volumes === null) return true
    const provisioner = provisionerOf(storage.classes.get(claim.className))
    if (provisioner === null || claim.storageRequest === null) return false
    if (storage.csiDrivers === null) return true
    return (
      storage.csiDrivers.get(provisioner)?.storageCapacity === true && storage.capacities === null
    )
  })
}

/** `FindPodVolumes` for the waiting claims on `node`: null when they bind or provision there. */
export function waitingClaimsOnNode(
  waiting: readonly ClaimFacts[],
  storage: VolumeStorage,
  node: NodeInfo,
  release: KubeVersion
): WaitingVerdict | null {
  const toMatch: ClaimFacts[] = []
  const toProvision: ClaimFacts[] = []
  for (const claim of waiting) {
    if (claim.selectedNode === null) toMatch.push(claim)
    else if (claim.selectedNode === node.node.name) toProvision.push(claim)
    else return bindConflict(claim, `${SELECTED_NODE} is ${claim.selectedNode}`)
  }
  toProvision.push(...matchedVolumes(toMatch, storage, node, release).unmatched)
  for (const claim of toProvision) {
    const verdict = provisionVerdict(claim, storage, node)
    if (verdict !== null) return verdict
  }
  return null
}

/**
 * `findMatchingVolumes`: the claims, smallest request first, each taking the smallest volume
 * `FindMatchingVolume` finds that no claim before took; the volumes taken, and the claims left
 * without one.
 */
export function matchedVolumes(
  claims: readonly ClaimFacts[],
  storage: VolumeStorage,
  node: NodeInfo,
  release: KubeVersion
): { readonly taken: ReadonlySet<string>; readonly unmatched: readonly ClaimFacts[] } {
  const bySize = [...claims].sort((a, b) => compare(a.storageRequest ?? 0n, b.storageRequest ?? 0n))
  const taken = new Set<string>()
  const unmatched: ClaimFacts[] = []
  for (const claim of bySize) {
    const volume = matchingVolume(claim, storage, node, taken, release)
    if (volume === null) unmatched.push(claim)
    else taken.add(volume.name)
  }
  return { taken, unmatched }
}

const compare = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0)

/**
 * volume.go `CheckNodeAffinity`: a volume's required terms against a node of labels alone (a
 * `metadata.name` field matches no name there); null when met.
 */
export function volumeAffinityMismatch(
  terms: readonly NodeSelectorTerm[] | null,
  node: NodeInfo
): string | null {
  if (terms === null) return null
  const spec = { nodeSelector: {}, required: terms, preferred: [] }
  return nodeAffinityMismatch(spec, { name: '', labels: node.node.labels })
}
