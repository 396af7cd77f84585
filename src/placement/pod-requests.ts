/**
 * A pod's resource requests as `k8s.io/component-helpers/resource` `PodRequests` computes
 * them, over quantities held in nanos (quantity.ts): the containers' sum; each init container
 * on top of the restartable init containers (sidecars) before it, the largest of those and the
 * sum winning per resource; restartable init containers added to the sum as they come; the
 * pod-level `spec.resources.requests` replacing cpu, memory and hugepages (PodLevelResources,
 * on by default since v1.34); then `spec.overhead` added. A container without requests counts
 * nothing here: the non-zero defaults (`NonMissingContainerRequests`) serve scoring only.
 */

/** Resource name → quantity in nanos. */
export type ResourceList = ReadonlyMap<string, bigint>

export interface ContainerResources {
  readonly name: string
  readonly requests: ResourceList
  /** `restartPolicy: Always` on an init container: a sidecar. */
  readonly restartable: boolean
  /** `status.containerStatuses[].allocatedResources`; null when absent. */
  readonly allocated: ResourceList | null
  /** `status.containerStatuses[].resources.requests`; null when absent. */
  readonly actuated: ResourceList | null
}

export interface PodResources {
  readonly containers: readonly ContainerResources[]
  readonly initContainers: readonly ContainerResources[]
  readonly overhead: ResourceList
  /** `spec.resources.requests`; empty when unset. */
  readonly podLevel: ResourceList
  /** The `PodResizePending` condition says `Infeasible`. */
  readonly resizeInfeasible: boolean
}

export const NO_RESOURCES: PodResources = {
  containers: [],
  initContainers: [],
  overhead: new Map(),
  podLevel: new Map(),
  resizeInfeasible: false,
}

type Requests = (c: ContainerResources, infeasible: boolean) => ResourceList | null

const specRequests: Requests = (c) => c.requests
/** `containerAllocatedRequests`. */
const allocatedRequests: Requests = (c, infeasible) =>
  c.allocated ?? (infeasible ? null : c.requests)
/** `containerActuatedRequests`. */
const actuatedRequests: Requests = (c, infeasible) =>
  c.actuated ?? c.allocated ?? (infeasible ? null : c.requests)

function add(into: Map<string, bigint>, list: ResourceList | null): void {
  if (list === null) return
  for (const [name, value] of list) into.set(name, (into.get(name) ?? 0n) + value)
}

function max(into: Map<string, bigint>, list: ResourceList | null): void {
  if (list === null) return
  for (const [name, value] of list) {
    const current = into.get(name)
    if (current === undefined || value > current) into.set(name, value)
  }
}

/**
 * `applyNonMissing`: the container's requests with each resource of `defaults` it does not name
 * added; a request set explicitly, even to zero, stays as it is.
 */
function applyNonMissing(
  list: ResourceList | null,
  defaults: ResourceList | null
): ResourceList | null {
  if (defaults === null || defaults.size === 0) return list
  const result = new Map(list ?? [])
  for (const [name, value] of defaults) if (!result.has(name)) result.set(name, value)
  return result
}

/** `aggregateContainerResourcesByFn`, with `NonMissingContainerRequests` applied per container. */
function aggregate(
  pod: PodResources,
  of: Requests,
  defaults: ResourceList | null
): Map<string, bigint> {
  const own = (c: ContainerResources) => applyNonMissing(of(c, pod.resizeInfeasible), defaults)
  const result = new Map<string, bigint>()
  for (const c of pod.containers) add(result, own(c))
  const sidecars = new Map<string, bigint>()
  const initMax = new Map<string, bigint>()
  for (const c of pod.initContainers) {
    const mine = own(c)
    if (c.restartable) {
      add(result, mine)
      add(sidecars, mine)
      max(initMax, sidecars)
    } else {
      const combined = new Map<string, bigint>()
      add(combined, mine)
      add(combined, sidecars)
      max(initMax, combined)
    }
  }
  max(result, initMax)
  return result
}

/** `IsSupportedPodLevelResource`. */
function podLevelSupported(name: string): boolean {
  return name === 'cpu' || name === 'memory' || name.startsWith('hugepages-')
}

/** Whether `spec.resources.requests` names a resource it may set (`IsPodLevelRequestsSet`). */
export function hasPodLevelRequests(pod: PodResources): boolean {
  return [...pod.podLevel.keys()].some(podLevelSupported)
}

/**
 * `PodRequests`. `useStatus`: `UseStatusResources`, which NodeInfo sets for the pods placed on a
 * node (InPlacePodVerticalScaling): the larger of what the spec, the kubelet's allocation and
 * the running containers say, or only the latter two while a resize is infeasible. The pod
 * being scheduled is read from its spec alone (fit.go `computePodResourceRequest`).
 * `defaults`: `NonMissingContainerRequests`, the resources a container that does not name them
 * counts as requesting (the scores' non-zero requests); null for none.
 */
export function podRequests(
  pod: PodResources,
  useStatus: boolean,
  defaults: ResourceList | null = null
): Map<string, bigint> {
  let reqs: Map<string, bigint>
  if (!useStatus) reqs = aggregate(pod, specRequests, defaults)
  else {
    const spec = aggregate(pod, specRequests, defaults)
    const allocated = aggregate(pod, allocatedRequests, defaults)
    const actuated = aggregate(pod, actuatedRequests, defaults)
    reqs = new Map()
    if (!pod.resizeInfeasible) max(reqs, spec)
    max(reqs, actuated)
    max(reqs, allocated)
  }
  if (hasPodLevelRequests(pod)) {
    for (const [name, value] of pod.podLevel) if (podLevelSupported(name)) reqs.set(name, value)
  }
  add(reqs, pod.overhead)
  return reqs
}
