import type { LabelledNode } from './node-affinity.js'
import type { AffinityPod, ClusterPod } from './cluster-pod.js'
import {
  candidatesAreMatches,
  existingTermMatches,
  incomingTermMatches,
  incomingTerms,
  termCandidates,
  termCandidateSets,
  type IncomingTerm,
  type NamespaceLabels,
} from './inter-pod-affinity-terms.js'
import type { NodeInfo } from './node-info.js'
import type { NodeLabelValues, Snapshot } from './snapshot.js'
import type { AffinityPodChanges } from './inter-pod-affinity-counts.js'
import { affinityCountsOf } from './affinity-counts-memo.js'
import {
  ChangedCounts,
  newCountSet,
  type Counts,
  type CountSet,
  type TopologyCounts,
} from './inter-pod-affinity-counts.js'

export type { AffinityPod, PodAffinityTerm } from './cluster-pod.js'
export type { NamespaceLabels } from './inter-pod-affinity-terms.js'

/**
 * The InterPodAffinity Filter (kubernetes pkg/scheduler/framework/plugins/interpodaffinity
 * filtering.go): the incoming pod's required affinity and anti-affinity, and the required
 * anti-affinity of the pods already placed, counted per topology pair as PreFilter counts them.
 */

export const REASON_POD_AFFINITY = "node(s) didn't match pod affinity rules"
export const REASON_POD_ANTI_AFFINITY = "node(s) didn't match pod anti-affinity rules"
export const REASON_EXISTING_ANTI_AFFINITY =
  "node(s) didn't satisfy existing pods anti-affinity rules"

/** What InterPodAffinity PreFilter computes once for the incoming pod over the snapshot. */
export class InterPodAffinityState {
  readonly #affinity: IncomingTerm[]
  readonly #antiAffinity: IncomingTerm[]
  readonly #counts: CountSet<TopologyCounts>
  readonly #pod: AffinityPod
  readonly #namespaces: NamespaceLabels
  /** Each term's topology label on every node, by the node's place (Snapshot.labelValues). */
  readonly #affinityDomains: readonly NodeLabelValues[]
  readonly #antiAffinityDomains: readonly NodeLabelValues[]

  constructor(pod: AffinityPod, snapshot: Snapshot, namespaces: NamespaceLabels) {
    this.#pod = pod
    this.#namespaces = namespaces
    this.#affinity = incomingTerms(pod, pod.requiredAffinity, namespaces)
    this.#antiAffinity = incomingTerms(pod, pod.requiredAntiAffinity, namespaces)
    this.#affinityDomains = this.#affinity.map((t) => snapshot.labelValues(t.term.topologyKey))
    this.#antiAffinityDomains = this.#antiAffinity.map((t) =>
      snapshot.labelValues(t.term.topologyKey)
    )
    // Each pair names its first pod by the order pods were read, whichever index found them.
    const order = (p: AffinityPod) => snapshot.orderOf(p as ClusterPod)
    const affinity = affinityCountsOf(snapshot, this.#affinity, () => {
      const into = newCountSet()
      this.#countIncomingAffinity(snapshot, into)
      into.affinity.orderBy(order)
      return into.affinity
    })
    this.#counts = { ...newCountSet(), affinity }
    this.#countExisting(snapshot)
    this.#countIncomingAntiAffinity(snapshot)
    this.#counts.existing.orderBy(order)
    this.#counts.antiAffinity.orderBy(order)
  }

  /**
   * getExistingAntiAffinityCounts: the placed pods with required anti-affinity, of those whose
   * terms may match the incoming pod by the snapshot's index rather than all of them (upstream
   * reads every pod of `havePodsWithRequiredAntiAffinity`), each counted on the node of its name.
   */
  #countExisting(snapshot: Snapshot): void {
    for (const other of snapshot.antiAffinityCandidates(this.#pod.labels))
      this.#countAnti(other, nodeOf(snapshot, other), this.#counts)
  }

  /**
   * getIncomingAffinityAntiAffinityCounts, over the pods the terms' namespaces and selectors
   * may match (the snapshot's index) rather than every pod of every node: the affinity terms'
   * counts, then the anti-affinity terms'.
   */
  #countIncomingAffinity(snapshot: Snapshot, into: CountSet<TopologyCounts>): void {
    const first = this.#affinity[0]
    if (first === undefined) return
    // The first term holds for each of its candidates when they are exactly its matches.
    const toCheck = candidatesAreMatches(first) ? this.#affinity.slice(1) : this.#affinity
    for (const pods of termCandidateSets(first, snapshot))
      for (const other of pods)
        if (matchesAll(toCheck, other)) this.#countMatch(other, nodeOf(snapshot, other), into)
  }

  #countIncomingAntiAffinity(snapshot: Snapshot): void {
    for (const t of this.#antiAffinity) {
      for (const other of termCandidates(t, snapshot))
        if (incomingTermMatches(t, other))
          this.#counts.antiAffinity.add(nodeOf(snapshot, other), t.term.topologyKey, {
            pod: other,
            termIndex: t.index,
          })
    }
  }

  /** The existing pod's required anti-affinity terms that match the incoming pod. */
  #countAnti(other: AffinityPod, node: LabelledNode, into: CountSet<TopologyCounts>): void {
    for (const [termIndex, term] of other.requiredAntiAffinity.entries()) {
      if (existingTermMatches(other, term, this.#pod, this.#namespaces))
        into.existing.add(node, term.topologyKey, { pod: other, termIndex })
    }
  }

  /** An affinity pair counts only when the pod matches ALL the incoming affinity terms. */
  #countAffinity(other: AffinityPod, node: LabelledNode, into: CountSet<TopologyCounts>): void {
    if (this.#affinity.length > 0 && matchesAll(this.#affinity, other))
      this.#countMatch(other, node, into)
  }

  /** The pairs of a pod that matches every affinity term. */
  #countMatch(other: AffinityPod, node: LabelledNode, into: CountSet<TopologyCounts>): void {
    for (const t of this.#affinity)
      into.affinity.add(node, t.term.topologyKey, { pod: other, termIndex: t.index })
  }

  /** PreFilterExtensions' AddPod: `pod` placed on `node` (a nominated pod, a victim put back). */
  addPod(changes: AffinityPodChanges, pod: AffinityPod, node: LabelledNode): void {
    if (changes.removed.delete(pod)) return
    const into = changes.extra
    this.#countAnti(pod, node, into)
    this.#countAffinity(pod, node, into)
    for (const t of this.#antiAffinity) {
      if (incomingTermMatches(t, pod))
        into.antiAffinity.add(node, t.term.topologyKey, { pod, termIndex: t.index })
    }
  }

  /** PreFilter's Skip: nothing to check when no term is involved either way. */
  get skipped(): boolean {
    return (
      this.#counts.existing.empty && this.#affinity.length === 0 && this.#antiAffinity.length === 0
    )
  }

  /**
   * Filter for one node of the snapshot (or a clone of one): null when it passes, else upstream's
   * reason and what decided it.
   */
  filter(info: NodeInfo, changes?: AffinityPodChanges): { reason: string; detail: string } | null {
    const counts = this.#changed(changes)
    const affinity = this.#affinityMiss(info.position, counts)
    if (affinity !== null) return { reason: REASON_POD_AFFINITY, detail: affinity }
    const anti = this.#antiAffinityHit(info.position, counts)
    if (anti !== null) return { reason: REASON_POD_ANTI_AFFINITY, detail: anti }
    const existing = this.#existingHit(info.node, counts)
    if (existing !== null) return { reason: REASON_EXISTING_ANTI_AFFINITY, detail: existing }
    return null
  }

  /** The counts as AddPod and RemovePod leave them for this pass. */
  #changed(changes: AffinityPodChanges | undefined): CountSet<Counts> {
    if (changes === undefined || changes.none) return this.#counts
    const view = (key: keyof CountSet<Counts>) =>
      new ChangedCounts(this.#counts[key], changes.extra[key], changes.removed)
    return {
      affinity: view('affinity'),
      antiAffinity: view('antiAffinity'),
      existing: view('existing'),
    }
  }

  /**
   * satisfyPodAffinity: every term's topology label must be on the node and have a matching pod
   * in its domain — unless no pod matches anywhere and the pod matches all its own terms (the
   * first of a group with affinity to itself).
   */
  #affinityMiss(position: number, counts: CountSet<Counts>): string | null {
    let miss: string | null = null
    for (let i = 0; i < this.#affinity.length; i++) {
      const t = this.#affinity[i] as IncomingTerm
      const value = this.#affinityDomains[i]?.[position]
      if (value === undefined)
        return `affinity term ${t.index}: node has no label ${t.term.topologyKey}`
      if (miss === null && !counts.affinity.has(t.term.topologyKey, value))
        miss = `affinity term ${t.index}: no matching pod in ${t.term.topologyKey}=${value}`
    }
    if (miss === null) return null
    const selfMatch =
      counts.affinity.empty && this.#affinity.every((t) => incomingTermMatches(t, this.#pod))
    return selfMatch ? null : miss
  }

  /** satisfyPodAntiAffinity: no pod a term matches in the node's domain for that topology key. */
  #antiAffinityHit(position: number, counts: CountSet<Counts>): string | null {
    for (let i = 0; i < this.#antiAffinity.length; i++) {
      const t = this.#antiAffinity[i] as IncomingTerm
      const value = this.#antiAffinityDomains[i]?.[position]
      if (value === undefined) continue
      const first = counts.antiAffinity.first(t.term.topologyKey, value)
      if (first !== undefined)
        return `anti-affinity term ${t.index}: ${podName(first.pod)} in ${t.term.topologyKey}=${value}`
    }
    return null
  }

  /** satisfyExistingPodsAntiAffinity: any of the node's label pairs counted by a placed pod. */
  #existingHit(node: LabelledNode, counts: CountSet<Counts>): string | null {
    // for…in rather than Object.entries: this runs for every node and every reprieve.
    for (const key in node.labels) {
      const value = node.labels[key] as string
      const first = counts.existing.first(key, value)
      if (first !== undefined)
        return `${podName(first.pod)} (anti-affinity term ${first.termIndex}) in ${key}=${value}`
    }
    return null
  }
}

function matchesAll(terms: readonly IncomingTerm[], pod: AffinityPod): boolean {
  for (const t of terms) if (!incomingTermMatches(t, pod)) return false
  return true
}

function podName(pod: AffinityPod): string {
  return `${pod.namespace}/${pod.name}`
}

function nodeOf(snapshot: Snapshot, pod: AffinityPod): LabelledNode {
  return (snapshot.get(pod.nodeName) as NodeInfo).node
}
