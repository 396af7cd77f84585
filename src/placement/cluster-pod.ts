import type { LabelSelector, Labels } from './label-requirements.js'
import type { PodResources } from './pod-requests.js'

/** A pod as the profile's plugins read it, placed or to be placed. */

export interface PodAffinityTerm {
  readonly labelSelector: LabelSelector | null
  readonly namespaces: readonly string[]
  readonly namespaceSelector: LabelSelector | null
  readonly topologyKey: string
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
}
