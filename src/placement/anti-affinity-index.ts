import type { ClusterPod } from './cluster-pod.js'
import { labelOf, type Labels } from './label-requirements.js'

/**
 * The snapshot's pods with required anti-affinity terms, by a label pair each term requires
 * (its first matchLabels pair), so that the pods whose terms may match an incoming pod are found
 * from its labels rather than by reading every such pod of the cluster
 * (`getExistingAntiAffinityCounts` reads them all). A term without matchLabels is kept apart and
 * always a candidate; a term without a selector matches nothing and is not kept.
 */
export class AntiAffinityIndex {
  readonly #byPair = new Map<string, Map<string, Set<ClusterPod>>>()
  readonly #unkeyed = new Set<ClusterPod>()

  add(pod: ClusterPod): void {
    for (const term of pod.requiredAntiAffinity) {
      const selector = term.labelSelector
      if (selector === null) continue
      const pair = Object.entries(selector.matchLabels)[0]
      if (pair === undefined) {
        this.#unkeyed.add(pod)
        continue
      }
      let values = this.#byPair.get(pair[0])
      if (values === undefined) {
        values = new Map()
        this.#byPair.set(pair[0], values)
      }
      const pods = values.get(pair[1])
      if (pods === undefined) values.set(pair[1], new Set([pod]))
      else pods.add(pod)
    }
  }

  remove(pod: ClusterPod): void {
    this.#unkeyed.delete(pod)
    for (const term of pod.requiredAntiAffinity) {
      const pair = Object.entries(term.labelSelector?.matchLabels ?? {})[0]
      if (pair === undefined) continue
      const values = this.#byPair.get(pair[0])
      const pods = values?.get(pair[1])
      if (values === undefined || pods === undefined) continue
      pods.delete(pod)
      if (pods.size === 0) values.delete(pair[1])
      if (values.size === 0) this.#byPair.delete(pair[0])
    }
  }

  /** The pods with a term that may match a pod labelled `labels`, each once. */
  candidates(labels: Labels): Set<ClusterPod> {
    const found = new Set(this.#unkeyed)
    for (const [key, values] of this.#byPair) {
      const value = labelOf(labels, key)
      const pods = value === undefined ? undefined : values.get(value)
      if (pods !== undefined) for (const pod of pods) found.add(pod)
    }
    return found
  }
}
