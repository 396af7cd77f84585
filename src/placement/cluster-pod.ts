import type { LabelSelector, Labels } from './label-requirements.js'
import type { PodResources } from './pod-requests.js'
import type { ClaimFacts } from './volume-storage.js'

/** A pod as the profile's plugins read it, placed or to be placed. */

/**
 * A volume that names a PersistentVolumeClaim: a persistentVolumeClaim volume's claim, or the
 * claim a generic ephemeral volume's controller creates for the pod (`<pod>-<volume>`).
 */
export interface PodVolumeClaim {
  readonly claimName: string
  readonly ephemeral: boolean
  /** A generic ephemeral volume's `volumeClaimTemplate`: the claim its controller makes. */
  readonly template?: EphemeralClaimTemplate
  /**
   * The claim is not made yet: the pod is a replacement still to be created (forecast), and the
   * claim is the one its controller will make from `template` once it exists.
   */
  readonly notCreated?: boolean
}

/**
 * The claim the ephemeral volume controller creates for a pod's generic ephemeral volume
 * (controller.go `handleVolume`, v1.28 to v1.35): named `<pod>-<volume>`, in the pod's
 * namespace, controlled by the pod, with the template's labels, annotations and spec.
 */
export interface EphemeralClaimTemplate {
  readonly volumeName: string
  /** The template's claim; its namespace, name, uid and controller are the pod's to give. */
  readonly claim: ClaimFacts
  /**
   * Neither `spec.storageClassName` nor the beta class annotation is set: the DefaultStorageClass
   * admission plugin gives the claim the default class (`PersistentVolumeClaimHasClass`).
   */
  readonly classUnset: boolean
}

export interface PodAffinityTerm {
  readonly labelSelector: LabelSelector | null
  readonly namespaces: readonly string[]
  readonly namespaceSelector: LabelSelector | null
  readonly topologyKey: string
}

/** A preferred (weighted) pod affinity or anti-affinity term, as InterPodAffinity scores it. */
export interface WeightedPodAffinityTerm {
  readonly weight: number
  readonly term: PodAffinityTerm
}

/** The `metadata.ownerReferences` entry with `controller: true`: who recreates the pod. */
export interface ControllerReference {
  readonly apiVersion: string
  readonly kind: string
  readonly name: string
  readonly uid: string
}

/** A pod as the rule sees it: who it is, its labels, where it runs and its required terms. */
export interface AffinityPod {
  readonly name: string
  readonly namespace: string
  readonly labels: Labels
  readonly nodeName: string
  readonly requiredAffinity: readonly PodAffinityTerm[]
  readonly requiredAntiAffinity: readonly PodAffinityTerm[]
  /** `spec.priority`; null when unset (DefaultPreemption compares it). */
  readonly priority: number | null
}

/** A container port with a host port (`hostPort` > 0), as NodePorts reads it. */
export interface HostPort {
  /** "" when unset: the wildcard address. */
  readonly hostIP: string
  /** "" when unset: TCP. */
  readonly protocol: string
  readonly hostPort: number
}

/**
 * A pod as every plugin of the profile reads it. The fields beyond AffinityPod are optional:
 * a pod built without them requests nothing, uses no host port and has not started.
 */
export interface ClusterPod extends AffinityPod {
  readonly resources?: PodResources
  /** The containers' host ports (`spec.containers[].ports`, those with a hostPort). */
  readonly hostPorts?: readonly HostPort[]
  /** `status.startTime` (RFC 3339); null when unset. */
  readonly startTime?: string | null
  /** `metadata.deletionTimestamp` is set: PodTopologySpread does not count the pod. */
  readonly terminating?: boolean
  /** `metadata.uid`; "" when unset. */
  readonly uid?: string
  /** `metadata.creationTimestamp` (RFC 3339); null when unset. */
  readonly createdAt?: string | null
  /** The controller owner reference; null for a pod no controller owns. */
  readonly controller?: ControllerReference | null
  /** `spec.containers[].image`, in order (ImageLocality). */
  readonly images?: readonly string[]
  /** `spec.initContainers[].image`, in order (ImageLocality from v1.35). */
  readonly initImages?: readonly string[]
  /** `spec.affinity.podAffinity.preferredDuringSchedulingIgnoredDuringExecution`. */
  readonly preferredAffinity?: readonly WeightedPodAffinityTerm[]
  /** `spec.affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution`. */
  readonly preferredAntiAffinity?: readonly WeightedPodAffinityTerm[]
  /** The claims its volumes name (NodeVolumeLimits counts their volumes on its node). */
  readonly volumeClaims?: readonly PodVolumeClaim[]
  /** Some other volume the volume plugins may read (placement-pod.ts). */
  readonly inlineStorage?: boolean
  /** `status.phase`; "" when unset. */
  readonly phase?: string
  /** The `Ready` condition is `True` (the disruption controller's healthy pod). */
  readonly ready?: boolean
  /** The pod has an `emptyDir` volume (kubectl drain's local storage). */
  readonly localStorage?: boolean
  /** The `kubernetes.io/config.mirror` annotation is set: a static pod's mirror. */
  readonly mirror?: boolean
  /**
   * `spec.terminationGracePeriodSeconds`: how long a deleted pod's object may stay while its
   * containers stop; null when unset (the API server defaults it to 30).
   */
  readonly gracePeriodSeconds?: number | null
}

/**
 * `status.phase` Succeeded or Failed (`podutil.IsPodTerminal`): the pod holds nothing, is not
 * scheduled again, kube-scheduler's informer leaves it out, and drain and eviction let it go at
 * once.
 */
export function isFinishedPod(pod: { readonly phase?: string | undefined }): boolean {
  return pod.phase === 'Succeeded' || pod.phase === 'Failed'
}
