import type { ClusterPod } from './cluster-pod.js'
import { labelOf, type LabelSelector } from './label-requirements.js'

/**
 * The snapshot's pods by namespace, and within a namespace by label, so that a term or a spread
 * constraint finds the pods it may select without reading every pod of the cluster. The label
 * index of a key is built the first time a selector asks for it, then kept up to date by every
 * add and remove; the names index likewise. Lookups give candidates: a superset of the pods the
 * selector matches, which the caller still matches one by one.
 */

type PodSet = Set<ClusterPod>

class NamespacePods {
  readonly all: PodSet = new Set()
  readonly #byKey = new Map<string, Map<string, PodSet>>()
  #byName: Map<string, PodSet> | null = null

  add(pod: ClusterPod): void {
    this.all.add(pod)
    for (const [key, values] of this.#byKey) {
      const value = labelOf(pod.labels, key)
      if (value !== undefined) setIn(values, value).add(pod)
    }
    if (this.#byName !== null) setIn(this.#byName, pod.name).add(pod)
  }

  remove(pod: ClusterPod): void {
    this.all.delete(pod)
    for (const [key, values] of this.#byKey) {
      const value = labelOf(pod.labels, key)
      if (value !== undefined) deleteIn(values, value, pod)
    }
    if (this.#byName !== null) deleteIn(this.#byName, pod.name, pod)
  }

  /** Label value → the pods carrying `key` with it. */
  byKey(key: string): ReadonlyMap<string, PodSet> {
    let values = this.#byKey.get(key)
    if (values === undefined) {
      values = new Map()
      for (const pod of this.all) {
        const value = labelOf(pod.labels, key)
        if (value !== undefined) setIn(values, value).add(pod)
      }
      this.#byKey.set(key, values)
    }
    return values
  }

  named(name: string): readonly ClusterPod[] {
    if (this.#byName === null) {
      this.#byName = new Map()
      for (const pod of this.all) setIn(this.#byName, pod.name).add(pod)
    }
    return [...(this.#byName.get(name) ?? [])]
  }

  /**
   * The narrowest candidates a selector's requirements give: a matchLabels pair, an `In`
   * expression's values or an `Exists` key; every pod of the namespace when none narrows.
   */
  candidates(selector: LabelSelector): Iterable<ClusterPod> {
    let best: readonly PodSet[] = [this.all]
    let size = this.all.size
    const consider = (sets: PodSet[]) => {
      const total = sets.reduce((n, s) => n + s.size, 0)
      if (total < size) [best, size] = [sets, total]
    }
    for (const [key, value] of Object.entries(selector.matchLabels)) {
      const set = this.byKey(key).get(value)
      consider(set === undefined ? [] : [set])
    }
    for (const r of selector.matchExpressions) {
      if (r.operator === 'In') {
        const values = this.byKey(r.key)
        consider([...new Set(r.values)].flatMap((v) => values.get(v) ?? []))
      } else if (r.operator === 'Exists') consider([...this.byKey(r.key).values()])
    }
    return best.length === 1 ? (best[0] as PodSet) : best.flatMap((s) => [...s])
  }
}

function setIn(map: Map<string, PodSet>, key: string): PodSet {
  let set = map.get(key)
  if (set === undefined) {
    set = new Set()
    map.set(key, set)
  }
  return set
}

function deleteIn(map: Map<string, PodSet>, key: string, pod: ClusterPod): void {
  const set = map.get(key)
  if (set === undefined) return
  set.delete(pod)
  if (set.size === 0) map.delete(key)
}

export class PodIndex {
  readonly #namespaces = new Map<string, NamespacePods>()

  add(pod: ClusterPod): void {
    let pods = this.#namespaces.get(pod.namespace)
    if (pods === undefined) {
      pods = new NamespacePods()
      this.#namespaces.set(pod.namespace, pods)
    }
    pods.add(pod)
  }

  remove(pod: ClusterPod): void {
    const pods = this.#namespaces.get(pod.namespace)
    if (pods === undefined) return
    pods.remove(pod)
    if (pods.all.size === 0) this.#namespaces.delete(pod.namespace)
  }

  /** The namespaces that hold a pod. */
  namespaces(): Iterable<string> {
    return this.#namespaces.keys()
  }

  /** Candidates for `selector` in `namespace`; none for a null selector (it selects nothing). */
  candidates(namespace: string, selector: LabelSelector | null): Iterable<ClusterPod> {
    if (selector === null) return []
    return this.#namespaces.get(namespace)?.candidates(selector) ?? []
  }

  /** The pods of that namespace and name (several when the input repeats one). */
  named(namespace: string, name: string): readonly ClusterPod[] {
    return this.#namespaces.get(namespace)?.named(name) ?? []
  }
}
