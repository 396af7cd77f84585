import type { PlacementPod, PodVolumeClaim } from './placement-pod.js'

/**
 * The PreFilters of VolumeRestrictions and VolumeBinding, as far as they read the pod's
 * PersistentVolumeClaims and their StorageClasses (v1.28.7 volumerestrictions
 * volume_restrictions.go `PreFilter`, volumebinding volume_binding.go `podHasPVCs` and
 * `PreFilter`, binder.go `GetPodVolumeClaims`; the same text in the later tree). Either may turn
 * the pod away before any node is judged, UnschedulableAndUnresolvable: the event then gives
 * the reason alone. What their Filters read beyond the claims (persistent volumes, CSI nodes,
 * storage capacity) is not read here, so a pod they pass stays unjudged by them.
 */

export const PLUGIN_VOLUME_RESTRICTIONS = 'VolumeRestrictions'
export const PLUGIN_VOLUME_BINDING = 'VolumeBinding'

/** What the PreFilters read of a PersistentVolumeClaim. */
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
}

/** A StorageClass's `volumeBindingMode` (the API server defaults it to Immediate). */
export interface StorageClassFacts {
  readonly name: string
  readonly waitForFirstConsumer: boolean
}

/** The claims, by `namespace/name`, and the classes, by name, the PreFilters look up. */
export interface VolumeStorage {
  readonly claims: ReadonlyMap<string, ClaimFacts>
  readonly classes: ReadonlyMap<string, StorageClassFacts>
}

export function volumeStorage(
  claims: readonly ClaimFacts[],
  classes: readonly StorageClassFacts[]
): VolumeStorage {
  return {
    claims: new Map(claims.map((c) => [`${c.namespace}/${c.name}`, c])),
    classes: new Map(classes.map((c) => [c.name, c])),
  }
}

/** The pod turned away at PreFilter, by which plugin and why; null when both pass it. */
export interface VolumeRejection {
  readonly plugin: string
  readonly reason: string
  /** The claims that decided, for the row's detail. */
  readonly detail: string
}

export const REASON_UNBOUND_IMMEDIATE = 'pod has unbound immediate PersistentVolumeClaims'

/** Go's %q of a claim or volume name (DNS names: nothing to escape but what JSON escapes). */
const quoted = (s: string): string => JSON.stringify(s)

/** Both PreFilters in the profile's order: VolumeRestrictions, then VolumeBinding. */
export function preFilterVolumeClaims(
  pod: PlacementPod,
  storage: VolumeStorage
): VolumeRejection | null {
  const claimOf = (ref: PodVolumeClaim) => storage.claims.get(`${pod.namespace}/${ref.claimName}`)
  return (
    volumeRestrictionsPreFilter(pod.volumeClaims, claimOf) ??
    volumeBindingPreFilter(pod, storage, claimOf)
  )
}

/**
 * VolumeRestrictions looks up each persistentVolumeClaim volume's claim for ReadWriteOncePod
 * (`readWriteOncePodPVCsForPod`; the gate is on by default from v1.27): one not found turns the
 * pod away with the lister's not-found error. Ephemeral volumes are not looked up here.
 */
function volumeRestrictionsPreFilter(
  refs: readonly PodVolumeClaim[],
  claimOf: (ref: PodVolumeClaim) => ClaimFacts | undefined
): VolumeRejection | null {
  const missing = refs.find((ref) => !ref.ephemeral && claimOf(ref) === undefined)
  if (missing === undefined) return null
  const reason = `persistentvolumeclaim ${quoted(missing.claimName)} not found`
  return { plugin: PLUGIN_VOLUME_RESTRICTIONS, reason, detail: `claim ${missing.claimName}` }
}

/**
 * VolumeBinding: `podHasPVCs` judges each claim in volume order (missing, Lost, being deleted,
 * an ephemeral volume's claim the pod does not control), then `GetPodVolumeClaims` sorts the
 * claims, and any unbound claim that is not waiting for its first consumer turns the pod away.
 * The first problem found wins over an unbound claim met before it, as `podHasPVCs` runs first.
 */
function volumeBindingPreFilter(
  pod: PlacementPod,
  storage: VolumeStorage,
  claimOf: (ref: PodVolumeClaim) => ClaimFacts | undefined
): VolumeRejection | null {
  const immediate: string[] = []
  for (const ref of pod.volumeClaims) {
    const claim = claimOf(ref)
    const problem = claim === undefined ? notFound(ref) : claimProblem(pod, ref, claim)
    const detail = `claim ${ref.claimName}`
    if (problem !== null) return { plugin: PLUGIN_VOLUME_BINDING, reason: problem, detail }
    if (claim !== undefined && bindsAtOnce(claim, storage)) immediate.push(ref.claimName)
  }
  if (immediate.length === 0) return null
  const detail = `unbound claim(s) ${immediate.join(', ')}`
  return { plugin: PLUGIN_VOLUME_BINDING, reason: REASON_UNBOUND_IMMEDIATE, detail }
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
 * `GetPodVolumeClaims`' unbound immediate claims: not fully bound, and not waiting for its
 * first consumer. A pre-bound claim (a volume named, not bound yet) is one whatever its class.
 */
function bindsAtOnce(claim: ClaimFacts, storage: VolumeStorage): boolean {
  return !fullyBound(claim) && !(delaysBinding(claim, storage) && claim.volumeName === '')
}

/** binder.go `isPVCFullyBound`: a volume named and the PV controller's bind-completed mark. */
function fullyBound(claim: ClaimFacts): boolean {
  return claim.volumeName !== '' && claim.bindCompleted
}

/**
 * pv_helpers.go `IsDelayBindingMode`: a claim without a class, or whose class does not exist,
 * binds at once; otherwise as its class's volumeBindingMode says.
 */
function delaysBinding(claim: ClaimFacts, storage: VolumeStorage): boolean {
  if (claim.className === '') return false
  return storage.classes.get(claim.className)?.waitForFirstConsumer === true
}
