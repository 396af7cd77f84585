import type { ClusterPod } from './cluster-pod.js'
import type { PlacementNode } from './placement-node.js'
import { HostPortInfo } from './host-ports.js'
import { OrderedPods } from './ordered-pods.js'
import type { ImageStates, ImageStateSummary } from './image-states.js'
import { NO_RESOURCES, podRequests, type PodResources } from './pod-requests.js'
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

/** A placed pod's non-zero requests, as v1.32 and later and as earlier releases count them. */
interface PlacedNonZero {
  readonly current: CpuMemory
  readonly before132: CpuMemory
}

// The requests of a resources object, which the pods of one template share (the decoders give
// equal resources one object): computed once for all of them, and looked up by that object
// rather than by pod, so that the snapshot keeps nothing per pod beyond its place in the lists.
const requestsByResources = new WeakMap<PodResources, Resource>()

function requestsOf(pod: ClusterPod): Resource {
  const resources = pod.resources ?? NO_RESOURCES
  let requested = requestsByResources.get(resources)
  if (requested === undefined) {
    requested = resourceOf(podRequests(resources, true))
    requestsByResources.set(resources, requested)
  }
  return requested
}

const placedNonZero = new WeakMap<PodResources, PlacedNonZero>()

/** A placed pod's non-zero requests, computed once per resources object, when a score first asks. */
function nonZeroOf(pod: ClusterPod): PlacedNonZero {
  const resources = pod.resources ?? NO_RESOURCES
  let nonZero = placedNonZero.get(resources)
  if (nonZero === undefined) {
    nonZero = {
      current: nonZeroRequests(resources, true),
      before132: nonZeroRequestsBefore132(resources),
    }
    placedNonZero.set(resources, nonZero)
  }
  return nonZero
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

function hasClaims(pod: ClusterPod): boolean {
  return pod.volumeClaims !== undefined && pod.volumeClaims.length > 0
}

export class NodeInfo {
  readonly node: PlacementNode
  /** `status.allocatable` as a Resource; null when the node does not give it. */
  readonly allocatable: Resource | null
  /** `Requested`: the sum of the pods' requests (status resources counted, as upstream). */
  readonly requested: Resource
  readonly usedPorts: HostPortInfo
  /** The snapshot's images, of which this node's are its `ImageStates` (imageState). */
  readonly #images: ImageStates
  /** The node's place in the snapshot's node list, which its clones keep. */
  readonly position: number
  readonly #pods: OrderedPods
  readonly #withAffinity: OrderedPods
  readonly #withRequiredAntiAffinity: OrderedPods
  /** Its pods whose volumes name claims, as upstream's `PVCRefCounts` keeps their claims. */
  readonly #withClaims: OrderedPods
  readonly #order: PodOrder
  /** The non-zero requests' sums once a score has read them; null before. */
  #nonZero: NonZeroRequested | null
  /**
   * `Generation`: changed by every add and remove, so that what a plugin derives from the
   * node's pods and keeps (attachable-volumes.ts) knows when to derive it again.
   */
  #generation = 0

  constructor(
    node: PlacementNode,
    position: number,
    order: PodOrder,
    images: ImageStates,
    from?: NodeInfo
  ) {
    this.node = node
    this.position = position
    this.#order = order
    this.#images = images
    this.allocatable =
      from?.allocatable ?? (node.allocatable == null ? null : resourceOf(node.allocatable))
    this.requested = emptyResource()
    if (from !== undefined) accumulate(this.requested, from.requested)
    const was = from === undefined ? null : from.#nonZero
    this.#nonZero =
      was === null ? null : { current: { ...was.current }, before132: { ...was.before132 } }
    this.usedPorts = from?.usedPorts.clone() ?? new HostPortInfo()
    this.#pods = from === undefined ? new OrderedPods() : from.#pods.clone()
    this.#withAffinity = from === undefined ? new OrderedPods() : from.#withAffinity.clone()
    this.#withRequiredAntiAffinity =
      from === undefined ? new OrderedPods() : from.#withRequiredAntiAffinity.clone()
    this.#withClaims = from === undefined ? new OrderedPods() : from.#withClaims.clone()
  }

  get name(): string {
    return this.node.name
  }

  /** `ImageStates[name]`: the image's size and how many nodes hold it, when this node does. */
  imageState(name: string): ImageStateSummary | undefined {
    return this.#images.of(name, this.position)
  }

  /**
   * `NonZeroRequested`: the pods' cpu and memory with a default for what a container leaves
   * unset. Summed over the node's pods when a score first reads it, then kept up to date by
   * every add and remove: judging a pod that fits nowhere never reads it, and building the
   * snapshot of 150,000 pods need not compute it for each.
   */
  get nonZeroRequested(): NonZeroRequested {
    if (this.#nonZero === null) {
      const sums = {
        current: { milliCpu: 0n, memory: 0n },
        before132: { milliCpu: 0n, memory: 0n },
      }
      for (const pod of this.#pods.pods) addNonZeroOf(sums, pod, 1)
      this.#nonZero = sums
    }
    return this.#nonZero
  }

  get pods(): readonly ClusterPod[] {
    return this.#pods.pods
  }

  get podsWithAffinity(): readonly ClusterPod[] {
    return this.#withAffinity.pods
  }

  get podsWithRequiredAntiAffinity(): readonly ClusterPod[] {
    return this.#withRequiredAntiAffinity.pods
  }

  /** The pods whose volumes name claims, which NodeVolumeLimits counts the volumes of. */
  get podsWithClaims(): readonly ClusterPod[] {
    return this.#withClaims.pods
  }

  get generation(): number {
    return this.#generation
  }

  /** The place in the snapshot's order of `pod`, when it is on this node. */
  placeOf(pod: ClusterPod): number | undefined {
    return this.#pods.placeOf(pod)
  }

  /** Adds `pod` at its place in the snapshot's order (`at`, when the caller knows it). */
  addPod(pod: ClusterPod, at = this.#order(pod)): void {
    this.#pods.insert(pod, at)
    if (hasAffinity(pod)) this.#withAffinity.insert(pod, at)
    if (pod.requiredAntiAffinity.length > 0) this.#withRequiredAntiAffinity.insert(pod, at)
    if (hasClaims(pod)) this.#withClaims.insert(pod, at)
    this.#update(pod, 1)
  }

  /** Takes `pod` off the node; false, changing nothing, when it is not on it. */
  removePod(pod: ClusterPod): boolean {
    if (!this.#pods.remove(pod)) return false
    if (hasAffinity(pod)) this.#withAffinity.remove(pod)
    if (pod.requiredAntiAffinity.length > 0) this.#withRequiredAntiAffinity.remove(pod)
    if (hasClaims(pod)) this.#withClaims.remove(pod)
    this.#update(pod, -1)
    return true
  }

  /** `NodeInfo.Clone`: a copy whose pods and sums change apart from this one's. */
  clone(): NodeInfo {
    return new NodeInfo(this.node, this.position, this.#order, this.#images, this)
  }

  /** `NodeInfo.update`: the requests, the non-zero requests and the host ports, added or taken away. */
  #update(pod: ClusterPod, delta: 1 | -1): void {
    this.#generation++
    accumulate(this.requested, requestsOf(pod), delta === 1 ? 1n : -1n)
    if (this.#nonZero !== null) addNonZeroOf(this.#nonZero, pod, delta)
    const ports = pod.hostPorts
    if (ports !== undefined) for (const port of ports) this.usedPorts.change(port, delta)
  }
}

function addNonZeroOf(into: NonZeroRequested, pod: ClusterPod, delta: 1 | -1): void {
  const nonZero = nonZeroOf(pod)
  addNonZero(into.current, nonZero.current, delta)
  addNonZero(into.before132, nonZero.before132, delta)
}

function addNonZero(into: { milliCpu: bigint; memory: bigint }, pod: CpuMemory, delta: 1 | -1) {
  if (delta === 1) {
    into.milliCpu += pod.milliCpu
    into.memory += pod.memory
  } else {
    into.milliCpu -= pod.milliCpu
    into.memory -= pod.memory
  }
}
