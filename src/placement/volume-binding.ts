import type { KubeVersion } from '../core/index.js'
import type { FilterPlugin } from './framework.js'
import { LABEL_HOSTNAME } from './label-requirements.js'
import type { NodeSelectorTerm } from './node-affinity.js'
import type { NodeInfo } from './node-info.js'
import type { PodVolumeClaim } from './cluster-pod.js'
import type { PlacementPod } from './placement-pod.js'
import type { ClaimFacts, PersistentVolumeFacts, VolumeStorage } from './volume-storage.js'
import {
  volumeAffinityMismatch,
  waitingClaimsOnNode,
  waitingClaimsUnjudged,
} from './volume-binding-waiting.js'
import { quoted, type VolumePreFilter, type VolumeRejection } from './volume-verdicts.js'

/**
 * VolumeBinding (v1.28.7 volumebinding volume_binding.go `podHasPVCs`, `PreFilter`, `Filter`;
 * binder.go `GetPodVolumeClaims`, `FindPodVolumes`, `checkBoundClaims`; pv_helpers.go
 * `IsDelayBindingMode`; ephemeral.go `VolumeIsForPod`; the same text in the later tree).
 * PreFilter turns the pod away for a claim missing, Lost, being deleted, an ephemeral volume's
 * claim not the pod's, or one unbound that does not wait for its first consumer. Filter checks
 * each bound claim's volume against the node: gone, or its node affinity unmet; and the claims
 * waiting for their first consumer (volume-binding-waiting.ts): the volumes they could bind or
 * provision there. The reasons add up as `FindPodVolumes` lists them. PreFilter also narrows the
 * nodes to the hostnames the bound claims' volumes are pinned to (`GetEligibleNodes`). A bound
 * in-tree volume (volume-storage.ts) is not judged here.
 */

export const PLUGIN_VOLUME_BINDING = 'VolumeBinding'
export const REASON_UNBOUND_IMMEDIATE = 'pod has unbound immediate PersistentVolumeClaims'
export const REASON_VOLUME_NODE_CONFLICT = 'node(s) had volume node affinity conflict'
export const REASON_VOLUME_NOT_EXIST =
  'node(s) unavailable due to one or more pvc(s) bound to non-existent pv(s)'

/** The pod's claims as `GetPodVolumeClaims` sorts them, in volume order. */
interface SortedClaims {
  readonly bound: ClaimFacts[]
  readonly immediate: ClaimFacts[]
  readonly delayed: ClaimFacts[]
}

export function volumeBindingPreFilter(
  pod: PlacementPod,
  storage: VolumeStorage,
  claimOf: (ref: PodVolumeClaim) => ClaimFacts | undefined,
  release: KubeVersion
): VolumePreFilter {
  const sorted: SortedClaims = { bound: [], immediate: [], delayed: [] }
  // podHasPVCs runs over every claim first: its error wins over an unbound claim met before.
  for (const ref of pod.volumeClaims) {
    const claim = claimOf(ref)
    const problem = claim === undefined ? notFound(ref) : claimProblem(pod, ref, claim)
    const detail = `claim ${ref.claimName}`
    if (problem !== null)
      return rejected({ plugin: PLUGIN_VOLUME_BINDING, reason: problem, detail })
    if (claim !== undefined) sortedInto(sorted, claim, storage)
  }
  if (sorted.immediate.length > 0) {
    const names = sorted.immediate.map((c) => c.name).join(', ')
    const detail = `unbound claim(s) ${names}`
    return rejected({ plugin: PLUGIN_VOLUME_BINDING, reason: REASON_UNBOUND_IMMEDIATE, detail })
  }
  const filter = claimsFilter(sorted, storage, release)
  const eligible = eligibleNodes(sorted.bound, storage)
  // Empty when the volumes are pinned to hosts no one node is among: the framework then turns
  // the pod away (pre-filter.ts).
  return eligible === null ? { rejection: null, filter } : { rejection: null, filter, eligible }
}

/**
 * binder.go `GetEligibleNodes`: the nodes every bound claim's volume is pinned to by name, each
 * volume's hostnames (`GetLocalPersistentVolumeNodeNames`, read for any volume, not local ones
 * alone) intersected; null when none is pinned, or when a volume is not found or not read.
 */
function eligibleNodes(bound: readonly ClaimFacts[], storage: VolumeStorage): Set<string> | null {
  const volumes = storage.volumes
  if (volumes === null) return null
  let eligible: Set<string> | null = null
  for (const claim of bound) {
    const volume = volumes.get(claim.volumeName)
    if (volume === undefined) return null
    const names = pinnedHostnames(volume.nodeAffinity ?? [])
    if (names.size === 0) continue
    eligible = eligible === null ? names : intersection(eligible, names)
  }
  return eligible
}

/**
 * `GetLocalPersistentVolumeNodeNames`: over the terms, the union of each term's `hostname In`
 * expressions' values intersected (a term without one adds nothing).
 */
function pinnedHostnames(terms: readonly NodeSelectorTerm[]): Set<string> {
  const names = new Set<string>()
  for (const term of terms) {
    let inTerm: Set<string> | null = null
    for (const r of term.matchExpressions) {
      if (r.key !== LABEL_HOSTNAME || r.operator !== 'In') continue
      const values = new Set(r.values)
      inTerm = inTerm === null ? values : intersection(inTerm, values)
    }
    for (const name of inTerm ?? []) names.add(name)
  }
  return names
}

function intersection(a: ReadonlySet<string>, b: ReadonlySet<string>): Set<string> {
  return new Set([...a].filter((n) => b.has(n)))
}

function rejected(rejection: VolumeRejection): VolumePreFilter {
  return { rejection, filter: null }
}

/** The lister's not-found error, or for an ephemeral volume the wait for its controller. */
function notFound(ref: PodVolumeClaim): string {
  const name = quoted(ref.claimName)
  return ref.ephemeral
    ? `waiting for ephemeral volume controller to create the persistentvolumeclaim ${name}`
    : `persistentvolumeclaim ${name} not found`
}

/** `podHasPVCs`' error for one of the pod's claims that exists, or null. */
function claimProblem(pod: PlacementPod, ref: PodVolumeClaim, claim: ClaimFacts): string | null {
  const name = quoted(ref.claimName)
  if (claim.lost)
    return `persistentvolumeclaim ${name} bound to non-existent persistentvolume ${quoted(claim.volumeName)}`
  if (claim.deleting) return `persistentvolumeclaim ${name} is being deleted`
  // component-helpers ephemeral.go `VolumeIsForPod`: the claim's controller must be the pod.
  if (ref.ephemeral && claim.controllerUid !== (pod.uid ?? ''))
    return `PVC ${pod.namespace}/${claim.name} was not created for pod ${pod.namespace}/${pod.name} (pod is not owner)`
  return null
}

/**
 * `GetPodVolumeClaims`: bound when fully bound (`isPVCFullyBound`: a volume named and the PV
 * controller's bind-completed mark); else waiting when its class waits for the first consumer
 * and it names no volume; else immediate (a pre-bound claim is immediate whatever its class).
 */
function sortedInto(sorted: SortedClaims, claim: ClaimFacts, storage: VolumeStorage): void {
  if (claim.volumeName !== '' && claim.bindCompleted) sorted.bound.push(claim)
  else if (delaysBinding(claim, storage) && claim.volumeName === '') sorted.delayed.push(claim)
  else sorted.immediate.push(claim)
}

/**
 * pv_helpers.go `IsDelayBindingMode`: a claim without a class, or whose class does not exist,
 * binds at once; otherwise as its class's volumeBindingMode says.
 */
export function delaysBinding(claim: ClaimFacts, storage: VolumeStorage): boolean {
  if (claim.className === '') return false
  return storage.classes.get(claim.className)?.waitForFirstConsumer === true
}

/**
 * Filter (`FindPodVolumes`): the bound claims in volume order, the first whose volume is gone or
 * whose node affinity the node's labels do not meet deciding (`checkBoundClaims`); then the
 * waiting ones. Null when the pod has neither; `unjudged` for what is not read or not modelled.
 */
function claimsFilter(
  sorted: SortedClaims,
  storage: VolumeStorage,
  release: KubeVersion
): FilterPlugin | null | 'unjudged' {
  const volumes = storage.volumes
  if (volumes === null && sorted.bound.length > 0) return 'unjudged'
  if (waitingClaimsUnjudged(sorted.delayed, storage)) return 'unjudged'
  const bound = sorted.bound.map((claim) => ({ claim, volume: volumes?.get(claim.volumeName) }))
  if (bound.some((b) => b.volume?.source === 'in-tree')) return 'unjudged'
  if (bound.length === 0 && sorted.delayed.length === 0) return null
  return {
    name: PLUGIN_VOLUME_BINDING,
    filter(_state, node) {
      const found = boundClaimsOnNode(bound, node)
      const waiting = waitingClaimsOnNode(sorted.delayed, storage, node, release)
      // FindPodVolumes' order: node conflict, bind conflict, not enough space, volume missing.
      const missing = found?.reason === REASON_VOLUME_NOT_EXIST ? found : null
      const verdicts = [missing === null ? found : null, waiting, missing]
      const given = verdicts.filter((v) => v !== null)
      if (given.length === 0) return null
      return {
        plugin: PLUGIN_VOLUME_BINDING,
        reasons: given.map((v) => v.reason),
        unresolvable: true,
        detail: given.map((v) => v.detail).join('; '),
      }
    },
  }
}

interface BoundClaim {
  readonly claim: ClaimFacts
  readonly volume: PersistentVolumeFacts | undefined
}

/** `checkBoundClaims`: the first bound claim whose volume is gone or does not fit the node. */
function boundClaimsOnNode(
  bound: readonly BoundClaim[],
  node: NodeInfo
): { reason: string; detail: string } | null {
  for (const { claim, volume } of bound) {
    if (volume === undefined) {
      const detail = `claim ${claim.name}: no persistentvolume ${claim.volumeName}`
      return { reason: REASON_VOLUME_NOT_EXIST, detail }
    }
    const miss = volumeAffinityMismatch(volume.nodeAffinity, node)
    if (miss !== null)
      return { reason: REASON_VOLUME_NODE_CONFLICT, detail: `volume ${volume.name}: ${miss}` }
  }
  return null
}
