import type { KubeVersion } from '../core/index.js'
import { volumeBindingMatchesAttributesClass } from './kube-releases.js'
import { labelSelectorMatches, labelSelectorProblem } from './label-requirements.js'
import { nodeAffinityMismatch, type NodeSelectorTerm } from './node-affinity.js'
import type { NodeInfo } from './node-info.js'
import {
  bindConflict,
  provisionerOf,
  provisionVerdict,
  type WaitingVerdict,
} from './volume-binding-provisioning.js'
import type { ClaimFacts, PersistentVolumeFacts, VolumeStorage } from './volume-storage.js'

/**
 * VolumeBinding's Filter over the claims waiting for their first consumer (v1.28.7 binder.go
 * `FindPodVolumes`, `findMatchingVolumes`; component-helpers pv_helpers.go `FindMatchingVolume`,
 * `CheckVolumeModeMismatches`, `CheckAccessModes`, `IsVolumeBoundToClaim`; the same in the newest
 * tree, which adds the volume attributes class). A claim the scheduler already chose a node for
 * provisions there alone; the others bind, smallest request first, each to the smallest free
 * volume of its class that fits the node, and what none fits must be provisioned
 * (volume-binding-provisioning.ts).
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
  toProvision.push(...unmatchedClaims(toMatch, storage, node, release))
  for (const claim of toProvision) {
    const verdict = provisionVerdict(claim, storage, node)
    if (verdict !== null) return verdict
  }
  return null
}

/**
 * `findMatchingVolumes`: the claims, smallest request first, each taking the smallest volume
 * `FindMatchingVolume` finds that no claim before took; those left without one.
 */
function unmatchedClaims(
  claims: readonly ClaimFacts[],
  storage: VolumeStorage,
  node: NodeInfo,
  release: KubeVersion
): ClaimFacts[] {
  const bySize = [...claims].sort((a, b) => compare(a.storageRequest ?? 0n, b.storageRequest ?? 0n))
  const taken = new Set<string>()
  const unmatched: ClaimFacts[] = []
  for (const claim of bySize) {
    const volume = matchingVolume(
      claim,
      volumesOfClass(storage, claim.className),
      node,
      taken,
      release
    )
    if (volume === null) unmatched.push(claim)
    else taken.add(volume.name)
  }
  return unmatched
}

const compare = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0)

/**
 * The volumes of a class (the PV cache's `ListPVs`), by name: upstream takes them in its
 * cache's order, which decides only between volumes of the same size. Grouped once per storage
 * read, as every node of every pod judged asks.
 */
function volumesOfClass(
  storage: VolumeStorage,
  className: string
): readonly PersistentVolumeFacts[] {
  let byClass = volumesByClass.get(storage)
  if (byClass === undefined) {
    byClass = new Map()
    const byName = [...(storage.volumes?.values() ?? [])].sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0
    )
    for (const volume of byName) {
      const list = byClass.get(volume.binding.className)
      if (list === undefined) byClass.set(volume.binding.className, [volume])
      else list.push(volume)
    }
    volumesByClass.set(storage, byClass)
  }
  return byClass.get(className) ?? []
}

const volumesByClass = new WeakMap<VolumeStorage, Map<string, PersistentVolumeFacts[]>>()

/**
 * `FindMatchingVolume` on the scheduler's path: a volume pre-bound to the claim if it fits the
 * node (if it does not, none), else the smallest Available one of the claim's class, size,
 * volume mode, selector and access modes whose node affinity the node meets.
 */
function matchingVolume(
  claim: ClaimFacts,
  volumes: readonly PersistentVolumeFacts[],
  node: NodeInfo,
  taken: ReadonlySet<string>,
  release: KubeVersion
): PersistentVolumeFacts | null {
  const request = claim.storageRequest ?? 0n
  let smallest: PersistentVolumeFacts | null = null
  for (const volume of volumes) {
    const facts = volume.binding
    const ref = facts.claimRef
    const preBound = ref !== null && boundToClaim(ref, claim)
    if (taken.has(volume.name) || (ref !== null && !preBound)) continue
    if (facts.capacity < request || facts.volumeMode !== claim.volumeMode) continue
    if (attributesClassDiffers(claim, volume, release) || facts.deleting) continue
    const fits = volumeAffinityMismatch(volume.nodeAffinity, node) === null
    if (preBound) return fits ? volume : null
    if (!facts.available) continue
    if (claim.selector !== null && !labelSelectorMatches(claim.selector, volume.labels)) continue
    if (facts.className !== claim.className || !fits) continue
    if (!claim.accessModes.every((m) => facts.accessModes.includes(m))) continue
    if (smallest === null || smallest.binding.capacity > facts.capacity) smallest = volume
  }
  return smallest
}

/** `IsVolumeBoundToClaim`: the same namespace and name, and the uid when the reference gives one. */
function boundToClaim(ref: { namespace: string; name: string; uid: string }, claim: ClaimFacts) {
  if (ref.name !== claim.name || ref.namespace !== claim.namespace) return false
  return ref.uid === '' || ref.uid === claim.uid
}

/** A claim binds only a volume of its attributes class, where the release reads the class. */
function attributesClassDiffers(
  claim: ClaimFacts,
  volume: PersistentVolumeFacts,
  release: KubeVersion
): boolean {
  if (!volumeBindingMatchesAttributesClass(release)) return false
  return claim.attributesClass !== volume.binding.attributesClass
}

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
