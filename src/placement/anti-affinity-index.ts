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
      const key = firstKey(selector.matchLabels)
      if (key === undefined) {
        this.#unkeyed.add(pod)
        continue
      }
      const value = selector.matchLabels[key] as string
      let values = this.#byPair.get(key)
      if (values === undefined) {
        values = new Map()
        this.#byPair.set(key, values)
      }
      const pods = values.get(value)
      if (pods === undefined) values.set(value, new Set([pod]))
      else pods.add(pod)
    }
  }

  remove(pod: ClusterPod): void {
    this.#unkeyed.delete(pod)
    for (const term of pod.requiredAntiAffinity) {
      const matchLabels = term.labelSelector?.matchLabels ?? {}
      const key = firstKey(matchLabels)
      if (key === undefined) continue
      const value = matchLabels[key] as string
      const values = this.#byPair.get(key)
      const pods = values?.get(value)
      if (values === undefined || pods === undefined) continue
      pods.delete(pod)
      if (pods.size === 0) values.delete(value)
      if (values.size === 0) this.#byPair.delete(key)
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

/** The first key of `labels` in their order (Object.entries' first), without listing them all. */
function firstKey(labels: Labels): string | undefined {
  for (const key in labels) if (Object.hasOwn(labels, key)) return key
  return undefined
}
