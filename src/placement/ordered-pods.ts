import type { ClusterPod } from './cluster-pod.js'

/**
 * Pods in the snapshot's order, each beside its place in it, so that a pod is inserted where it
 * was read by comparing numbers rather than by looking every compared pod's place up.
 */
export class OrderedPods {
  constructor(
    readonly pods: ClusterPod[] = [],
    readonly places: number[] = []
  ) {}

  /** Inserts `pod` after every pod not later than `at`: its place when read from scratch. */
  insert(pod: ClusterPod, at: number): void {
    const places = this.places
    // A snapshot is built in read order, so nearly every insert comes last: a push, where a
    // splice would allocate the array of what it removed for each of a cluster's pods.
    if (places.length === 0 || (places[places.length - 1] as number) <= at) {
      this.pods.push(pod)
      places.push(at)
      return
    }
    let low = 0
    let high = places.length
    while (low < high) {
      const mid = (low + high) >>> 1
      if ((places[mid] as number) <= at) low = mid + 1
      else high = mid
    }
    this.pods.splice(low, 0, pod)
    places.splice(low, 0, at)
  }

  /** The place `pod` was inserted at; undefined when it is not here. */
  placeOf(pod: ClusterPod): number | undefined {
    const at = this.pods.lastIndexOf(pod)
    return at < 0 ? undefined : this.places[at]
  }

  remove(pod: ClusterPod): boolean {
    const at = this.pods.lastIndexOf(pod)
    if (at < 0) return false
    this.pods.splice(at, 1)
    this.places.splice(at, 1)
    return true
  }

  clone(): OrderedPods {
    return new OrderedPods([...this.pods], [...this.places])
  }
}
