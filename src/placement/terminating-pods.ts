import type { ClusterPod } from './cluster-pod.js'
import type { Snapshot } from './snapshot.js'

/**
 * What the forecast assumes of an evicted pod's stay. A deleted pod that is bound and running
 * is kept, `Terminating`, for up to its grace period (registry/core/pod strategy.go
 * `CheckGracefulDelete`; `terminationGracePeriodSeconds`, 30 s by default), and kube-scheduler
 * still counts it on its node until the object is gone (its cache drops a pod on the delete
 * event only): its requests and host ports hold the node, InterPodAffinity counts it, and
 * PodTopologySpread does not (`countPodsMatchSelector` skips terminating pods). The forecast
 * takes the kubelet to use the whole grace period, the longest the pod can hold its node; a
 * replacement made only once the old pod is gone (a StatefulSet's, a DaemonSet's) takes it off
 * the snapshot before it is placed, whenever that is.
 */

export const DEFAULT_GRACE_SECONDS = 30

export class TerminatingPods {
  readonly #snapshot: Snapshot
  readonly #held: { pod: ClusterPod; evicted: ClusterPod; goneAt: number }[] = []

  constructor(snapshot: Snapshot) {
    this.#snapshot = snapshot
  }

  /** Marks `pod` terminating at `at` seconds, holding its node for `graceSeconds`. */
  evict(pod: ClusterPod, at: number, graceSeconds: number): void {
    const onNode = this.#onSnapshot(pod)
    if (onNode === undefined) return
    this.#snapshot.removePod(onNode)
    const held = { ...onNode, terminating: true }
    this.#snapshot.addPod(held)
    this.#held.push({ pod: held, evicted: pod, goneAt: at + graceSeconds })
  }

  /** Takes off the snapshot every terminating pod whose grace period has ended by `at`. */
  goneBy(at: number): void {
    this.#release((entry) => entry.goneAt <= at)
  }

  /** Takes the evicted `pod` off the snapshot now: its replacement waits for that. */
  gone(pod: ClusterPod): void {
    this.#release((entry) => entry.evicted === pod)
  }

  #release(when: (entry: { evicted: ClusterPod; goneAt: number }) => boolean): void {
    for (let i = this.#held.length - 1; i >= 0; i--) {
      const entry = this.#held[i]
      if (entry === undefined || !when(entry)) continue
      this.#snapshot.removePod(entry.pod)
      this.#held.splice(i, 1)
    }
  }

  /** The snapshot's pod for `pod`: itself, or the pod of that name bound to its node. */
  #onSnapshot(pod: ClusterPod): ClusterPod | undefined {
    const named = this.#snapshot.podsNamed(pod.namespace, pod.name)
    return named.find((p) => p === pod) ?? named.find((p) => p.nodeName === pod.nodeName)
  }
}
