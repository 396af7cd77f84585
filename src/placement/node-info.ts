import type { ClusterPod } from './cluster-pod.js'
import type { PlacementNode } from './placement-node.js'
import { HostPortInfo } from './host-ports.js'
import type { ImageStateSummary } from './image-states.js'
import { NO_RESOURCES, podRequests } from './pod-requests.js'
import { nonZeroRequests, nonZeroRequestsBefore132, type CpuMemory } from './non-zero-requests.js'
import { accumulate, emptyResource, resourceOf, type Resource } from './resource.js'

/**
 * One node of the snapshot as kube-scheduler keeps it (pkg/scheduler/framework types.go
 * `NodeInfo`): the node, its pods, those with pod affinity or anti-affinity terms and those with
 * required anti-affinity terms, the sum of its pods' requests and their number, its allocatable,
 * and the host ports its pods hold. `addPod` and `removePod` (`AddPodInfo`, `RemovePod`) change
 * it by what one pod brings. Its pods stay in the snapshot's order (the order they were read in)
 * rather than upstream's swap-with-last order, because the node's first holder of a port and its
 * preemption victims are named in that order.
 */

/** A pod's place in the snapshot's order; pods it never numbered come last, as added. */
export type PodOrder = (pod: ClusterPod) => number

const placedRequests = new WeakMap<ClusterPod, Resource>()

/** A placed pod's requests as `NodeInfo.AddPod` counts them, computed once per pod. */
export function requestsOfPlaced(pod: ClusterPod): Resource {
  let resource = placedRequests.get(pod)
  if (resource === undefined) {
    resource = resourceOf(podRequests(pod.resources ?? NO_RESOURCES, true))
    placedRequests.set(pod, resource)
  }
  return resource
}

/** A placed pod's non-zero requests, as v1.32 and later and as earlier releases count them. */
interface PlacedNonZero {
  readonly current: CpuMemory
  readonly before132: CpuMemory
}

const placedNonZero = new WeakMap<ClusterPod, PlacedNonZero>()

function nonZeroOfPlaced(pod: ClusterPod): PlacedNonZero {
  let found = placedNonZero.get(pod)
  if (found === undefined) {
    const resources = pod.resources ?? NO_RESOURCES
    found = {
      current: nonZeroRequests(resources, true),
      before132: nonZeroRequestsBefore132(resources),
    }
    placedNonZero.set(pod, found)
  }
  return found
}

/** `NonZeroRequested` summed as each release counts a pod (non-zero-requests.ts). */
export interface NonZeroRequested {
  /** As v1.32 and later count it. */
  readonly current: { milliCpu: bigint; memory: bigint }
  /** As v1.28 to v1.31 count it. */
  readonly before132: { milliCpu: bigint; memory: bigint }
}

/**
 * `PodsWithAffinity` holds a pod with any pod affinity or anti-affinity term, required or
 * preferred (types.go `podWithAffinity`): InterPodAffinity's scoring reads the preferred ones of
 * the pods on these nodes. A pod whose `podAffinity` is set but holds no term is left out, which
 * no plugin can tell apart, as it has nothing to match.
 */
export function hasAffinity(pod: ClusterPod): boolean {
  return (
    pod.requiredAffinity.length > 0 ||
    pod.requiredAntiAffinity.length > 0 ||
    (pod.preferredAffinity?.length ?? 0) > 0 ||
    (pod.preferredAntiAffinity?.length ?? 0) > 0
  )
}

/** Inserts `pod` after every pod not later in `order`: its place when read from scratch. */
function insertInOrder(list: ClusterPod[], pod: ClusterPod, order: PodOrder): void {
  const at = order(pod)
  let low = 0
  let high = list.length
  while (low < high) {
    const mid = (low + high) >>> 1
    if (order(list[mid] as ClusterPod) <= at) low = mid + 1
    else high = mid
  }
  list.splice(low, 0, pod)
}

function removeFrom(list: ClusterPod[], pod: ClusterPod): boolean {
  const at = list.lastIndexOf(pod)
  if (at < 0) return false
  list.splice(at, 1)
  return true
}

export class NodeInfo {
  readonly node: PlacementNode
  /** `status.allocatable` as a Resource; null when the node does not give it. */
  readonly allocatable: Resource | null
  /** `Requested`: the sum of the pods' requests (status resources counted, as upstream). */
  readonly requested: Resource
  /** `NonZeroRequested`: the pods' cpu and memory with a default for what a container leaves unset. */
  readonly nonZeroRequested: NonZeroRequested
  readonly usedPorts: HostPortInfo
  /** `ImageStates`: the node's images with their size and how many nodes hold them. */
  readonly imageStates: ReadonlyMap<string, ImageStateSummary>
  readonly #pods: ClusterPod[]
  readonly #withAffinity: ClusterPod[]
  readonly #withRequiredAntiAffinity: ClusterPod[]
  readonly #order: PodOrder

  constructor(
    node: PlacementNode,
    order: PodOrder,
    imageStates: ReadonlyMap<string, ImageStateSummary>,
    from?: NodeInfo
  ) {
    this.node = node
    this.#order = order
    this.imageStates = imageStates
    this.allocatable =
      from?.allocatable ?? (node.allocatable == null ? null : resourceOf(node.allocatable))
    this.requested = emptyResource()
    if (from !== undefined) accumulate(this.requested, from.requested)
    const was = from?.nonZeroRequested
    this.nonZeroRequested = {
      current: { ...(was?.current ?? { milliCpu: 0n, memory: 0n }) },
      before132: { ...(was?.before132 ?? { milliCpu: 0n, memory: 0n }) },
    }
    this.usedPorts = from?.usedPorts.clone() ?? new HostPortInfo()
    this.#pods = from === undefined ? [] : [...from.#pods]
    this.#withAffinity = from === undefined ? [] : [...from.#withAffinity]
    this.#withRequiredAntiAffinity = from === undefined ? [] : [...from.#withRequiredAntiAffinity]
  }

  get name(): string {
    return this.node.name
  }

  get pods(): readonly ClusterPod[] {
    return this.#pods
  }

  get podsWithAffinity(): readonly ClusterPod[] {
    return this.#withAffinity
  }

  get podsWithRequiredAntiAffinity(): readonly ClusterPod[] {
    return this.#withRequiredAntiAffinity
  }

  addPod(pod: ClusterPod): void {
    insertInOrder(this.#pods, pod, this.#order)
    if (hasAffinity(pod)) insertInOrder(this.#withAffinity, pod, this.#order)
    if (pod.requiredAntiAffinity.length > 0)
      insertInOrder(this.#withRequiredAntiAffinity, pod, this.#order)
    this.#update(pod, 1)
  }

  /** Takes `pod` off the node; false, changing nothing, when it is not on it. */
  removePod(pod: ClusterPod): boolean {
    if (!removeFrom(this.#pods, pod)) return false
    removeFrom(this.#withAffinity, pod)
    removeFrom(this.#withRequiredAntiAffinity, pod)
    this.#update(pod, -1)
    return true
  }

  /** `NodeInfo.Clone`: a copy whose pods and sums change apart from this one's. */
  clone(): NodeInfo {
    return new NodeInfo(this.node, this.#order, this.imageStates, this)
  }

  /** `NodeInfo.update`: the requests, the non-zero requests and the host ports, added or taken away. */
  #update(pod: ClusterPod, delta: 1 | -1): void {
    const sign = delta === 1 ? 1n : -1n
    accumulate(this.requested, requestsOfPlaced(pod), sign)
    const nonZero = nonZeroOfPlaced(pod)
    for (const kind of ['current', 'before132'] as const) {
      this.nonZeroRequested[kind].milliCpu += sign * nonZero[kind].milliCpu
      this.nonZeroRequested[kind].memory += sign * nonZero[kind].memory
    }
    for (const port of pod.hostPorts ?? []) this.usedPorts.change(port, delta)
  }
}
