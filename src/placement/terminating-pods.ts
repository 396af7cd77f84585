import type { ClusterPod } from './cluster-pod.js'
import type { Snapshot } from './snapshot.js'

/**
 * What the forecast assumes of an evicted pod's stay. A deleted pod that is bound and running
 * is kept, `Terminating`, for its grace period (registry/core/pod strategy.go
 * `CheckGracefulDelete`; `terminationGracePeriodSeconds`, 30 s by default), and kube-scheduler
 * still counts it on its node until the object is gone (its cache drops a pod on the delete
 * event only): its requests and host ports hold the node, InterPodAffinity counts it, and
 * PodTopologySpread does not (`countPodsMatchSelector` skips terminating pods). A ReplicaSet's
 * or a Job's replacement is made while the old pod terminates, so it is placed beside it; a
 * StatefulSet's (the same name) or a DaemonSet's (the same node) only once the old object is
 * gone, so the old pod is taken off first. The forecast takes the kubelet to use the whole
 * default grace period: the pod holds its node for 30 s after its eviction.
 */

export const DEFAULT_GRACE_SECONDS = 30

export class TerminatingPods {
  readonly #snapshot: Snapshot
  readonly #held: { pod: ClusterPod; goneAt: number }[] = []

  constructor(snapshot: Snapshot) {
    this.#snapshot = snapshot
  }

  /**
   * Takes `pod` off its node at `at` seconds: at once when `gone` (its replacement waits for
   * that), else kept terminating until its grace period ends.
   */
  evict(pod: ClusterPod, at: number, gone: boolean): void {
    const onNode = this.#onSnapshot(pod)
    if (onNode === undefined) return
    this.#snapshot.removePod(onNode)
    if (gone) return
    const held = { ...onNode, terminating: true }
    this.#snapshot.addPod(held)
    this.#held.push({ pod: held, goneAt: at + DEFAULT_GRACE_SECONDS })
  }

  /** Takes off the snapshot every terminating pod whose grace period has ended by `at`. */
  goneBy(at: number): void {
    for (let i = this.#held.length - 1; i >= 0; i--) {
      const entry = this.#held[i]
      if (entry === undefined || entry.goneAt > at) continue
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
