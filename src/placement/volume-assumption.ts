import type { KubeVersion } from '../core/index.js'
import { claimOfPod } from './ephemeral-claims.js'
import type { NodeInfo } from './node-info.js'
import type { PlacementPod } from './placement-pod.js'
import { delaysBinding } from './volume-binding.js'
import { matchedVolumes } from './volume-binding-waiting.js'
import type { ClaimFacts, VolumeStorage } from './volume-storage.js'

/**
 * binder.go `AssumePodVolumes` (v1.28.7; the same in the newest tree) for a pod placed on a
 * node: each of its claims waiting for the first consumer and matched to a free volume there
 * (`FindPodVolumes`, volume-binding-waiting.ts) has the volume from then on. The scheduler's
 * assume cache marks the volume bound before the PV controller does, so the next pod's claims do
 * not take it. A claim to be provisioned takes no volume: a driver's capacity is what it
 * publishes.
 */

export interface VolumeAssumption {
  /** The claims, volumes and classes read, `assumed` the set below; null when not read. */
  readonly storage: VolumeStorage | null
  /** The volumes assumed bound so far, added to as pods are placed. */
  readonly assumedVolumes: Set<string>
}

/** The storage as read, with nothing assumed yet: a follow-up of evictions begins. */
export function assumingVolumes(storage: VolumeStorage | null): VolumeAssumption {
  const assumed = new Set<string>()
  return { storage: storage === null ? null : { ...storage, assumed }, assumedVolumes: assumed }
}

/** The volumes `pod`'s waiting claims take on `node`, assumed bound. */
export function assumePodVolumes(
  at: VolumeAssumption,
  pod: PlacementPod,
  node: NodeInfo,
  release: KubeVersion
): void {
  const storage = at.storage
  if (storage === null || pod.volumeClaims.length === 0) return
  const waiting: ClaimFacts[] = []
  for (const ref of pod.volumeClaims) {
    const claim = claimOfPod(storage, pod, ref)
    if (claim !== undefined && waitsToMatch(claim, storage)) waiting.push(claim)
  }
  for (const name of matchedVolumes(waiting, storage, node, release).taken)
    at.assumedVolumes.add(name)
}

/**
 * A claim `GetPodVolumeClaims` counts as waiting for its first consumer (no volume named, its
 * class delaying binding) that no node was chosen to provision on: `FindPodVolumes` matches it.
 */
function waitsToMatch(claim: ClaimFacts, storage: VolumeStorage): boolean {
  return claim.volumeName === '' && claim.selectedNode === null && delaysBinding(claim, storage)
}
