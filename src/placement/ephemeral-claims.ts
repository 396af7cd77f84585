import type { PodVolumeClaim } from './cluster-pod.js'
import type { ClaimFacts, StorageClassFacts, VolumeStorage } from './volume-storage.js'

/**
 * The claims the volume plugins read for a pod: those read from the cluster, and for a pod not
 * created yet (a forecast's replacement) the claim its generic ephemeral volume's controller will
 * make; and whether the plugins can judge such a claim before kube-scheduler does: only one that
 * waits for its first consumer is bound where the pod goes.
 */

/**
 * The DefaultStorageClass admission plugin's class for a claim of none (storageclass.go
 * `GetDefaultClass`, v1.28 to v1.35): of the classes annotated default, the newest by
 * creationTimestamp, then the first by name; '' when no class is.
 */
export function defaultClassName(classes: Iterable<StorageClassFacts>): string {
  let chosen: StorageClassFacts | null = null
  for (const candidate of classes) {
    if (candidate.isDefault !== true) continue
    if (chosen === null || precedes(candidate, chosen)) chosen = candidate
  }
  return chosen?.name ?? ''
}

/** An unset creationTimestamp sorts as the oldest: Go's zero time. */
function createdMs(storageClass: StorageClassFacts): number {
  const created = storageClass.createdAt ?? null
  return created === null ? -Infinity : Date.parse(created)
}

function precedes(a: StorageClassFacts, b: StorageClassFacts): boolean {
  const [createdA, createdB] = [createdMs(a), createdMs(b)]
  return createdA === createdB ? a.name < b.name : createdA > createdB
}

/**
 * The claim `pod`'s volume names, looked up as the claim lister looks it up: in its namespace;
 * for a claim not made yet, the one its controller will make.
 */
export function claimOfPod(
  storage: VolumeStorage,
  pod: { readonly namespace: string; readonly uid?: string },
  ref: PodVolumeClaim
): ClaimFacts | undefined {
  if (ref.notCreated === true) return claimToBeMade(storage, pod, ref)
  return storage.claims.get(`${pod.namespace}/${ref.claimName}`)
}

/**
 * The claim `ref` names, as its controller makes it from the template (controller.go
 * `handleVolume`): in the pod's namespace, controlled by the pod, of the default class when the
 * template names none; undefined when the template was not read.
 */
export function claimToBeMade(
  storage: VolumeStorage,
  pod: { readonly namespace: string; readonly uid?: string },
  ref: PodVolumeClaim
): ClaimFacts | undefined {
  const template = ref.template
  return (
    template && {
      ...template.claim,
      namespace: pod.namespace,
      name: ref.claimName,
      controllerUid: pod.uid ?? '',
      className: template.classUnset
        ? defaultClassName(storage.classes.values())
        : template.claim.className,
    }
  )
}

/**
 * Some claim of `pod` is still to be made and will not wait for its first consumer: of no
 * class, or of a class that binds at once. The PV controller binds it before kube-scheduler
 * places the pod, to a volume (or one provisioned) that cannot be foretold here, so the volume
 * plugins are left unjudged for the pod.
 */
export function bindsBeforePlacement(
  pod: {
    readonly namespace: string
    readonly uid?: string
    readonly volumeClaims: readonly PodVolumeClaim[]
  },
  storage: VolumeStorage
): boolean {
  return pod.volumeClaims.some((ref) => {
    if (ref.notCreated !== true) return false
    const claim = claimToBeMade(storage, pod, ref)
    if (claim === undefined || claim.className === '') return true
    return storage.classes.get(claim.className)?.waitForFirstConsumer === false
  })
}
