import {
  labelOf,
  labelSelectorMatches,
  type LabelSelector,
  type Labels,
} from './label-requirements.js'
import type { LabelledNode } from './node-affinity.js'

/**
 * The InterPodAffinity Filter (kubernetes pkg/scheduler/framework/plugins/interpodaffinity
 * filtering.go): the incoming pod's required affinity and anti-affinity, and the required
 * anti-affinity of the pods already placed, counted per topology pair as PreFilter counts them.
 */

export interface PodAffinityTerm {
  readonly labelSelector: LabelSelector | null
  readonly namespaces: readonly string[]
  readonly namespaceSelector: LabelSelector | null
  readonly topologyKey: string
}

/** A pod as the rule sees it: who it is, its labels, where it runs and its required terms. */
export interface AffinityPod {
  readonly name: string
  readonly namespace: string
  readonly labels: Labels
  readonly nodeName: string
  readonly requiredAffinity: readonly PodAffinityTerm[]
  readonly requiredAntiAffinity: readonly PodAffinityTerm[]
  /** `spec.priority`; null when unset (DefaultPreemption compares it). */
  readonly priority: number | null
}

export const REASON_POD_AFFINITY = "node(s) didn't match pod affinity rules"
export const REASON_POD_ANTI_AFFINITY = "node(s) didn't match pod anti-affinity rules"
export const REASON_EXISTING_ANTI_AFFINITY =
  "node(s) didn't satisfy existing pods anti-affinity rules"

/** Namespace name → labels, for namespaceSelector. */
export type NamespaceLabels = ReadonlyMap<string, Labels>

function isEmptySelector(selector: LabelSelector): boolean {
  return Object.keys(selector.matchLabels).length === 0 && selector.matchExpressions.length === 0
}

/**
 * `newAffinityTerm` + `GetNamespacesFromPodAffinityTerm`: the namespaces a term of `owner` looks
 * in — its own namespace when both `namespaces` and `namespaceSelector` are unset.
 */
function termNamespaces(owner: AffinityPod, term: PodAffinityTerm): Set<string> {
  if (term.namespaces.length === 0 && term.namespaceSelector === null)
    return new Set([owner.namespace])
  return new Set(term.namespaces)
}

/**
 * The incoming pod's term after `mergeAffinityTermNamespacesIfNotEmpty`: a non-empty
 * namespaceSelector adds the namespaces it selects; an empty one (`{}`) selects every namespace.
 */
interface IncomingTerm {
  readonly index: number
  readonly term: PodAffinityTerm
  readonly namespaces: Set<string>
  readonly everyNamespace: boolean
}

function incomingTerms(
  pod: AffinityPod,
  terms: readonly PodAffinityTerm[],
  namespaces: NamespaceLabels
): IncomingTerm[] {
  return terms.map((term, index) => {
    const names = termNamespaces(pod, term)
    const selector = term.namespaceSelector
    const everyNamespace = selector !== null && isEmptySelector(selector)
    if (selector !== null && !everyNamespace) {
      for (const [name, labels] of namespaces)
        if (labelSelectorMatches(selector, labels)) names.add(name)
    }
    return { index, term, namespaces: names, everyNamespace }
  })
}

/** `AffinityTerm.Matches` for an incoming term (its selector already merged into names). */
function incomingTermMatches(t: IncomingTerm, target: AffinityPod): boolean {
  if (!t.everyNamespace && !t.namespaces.has(target.namespace)) return false
  return labelSelectorMatches(t.term.labelSelector, target.labels)
}

/**
 * `AffinityTerm.Matches` for an existing pod's anti-affinity term against the incoming pod, with
 * the incoming pod's namespace labels (none when the namespace is unknown).
 */
function existingTermMatches(
  owner: AffinityPod,
  term: PodAffinityTerm,
  incoming: AffinityPod,
  namespaces: NamespaceLabels
): boolean {
  const inNamespace =
    termNamespaces(owner, term).has(incoming.namespace) ||
    (term.namespaceSelector !== null &&
      labelSelectorMatches(term.namespaceSelector, namespaces.get(incoming.namespace) ?? {}))
  return inNamespace && labelSelectorMatches(term.labelSelector, incoming.labels)
}

/** Which pod, by which of its terms, put a count on a topology pair. */
export interface TermMatch {
  readonly pod: AffinityPod
  readonly termIndex: number
}

/** topologyToMatchedTermCount, keeping who counted rather than how many. */
class TopologyCounts {
  readonly #pairs = new Map<string, TermMatch[]>()

  static key(topologyKey: string, value: string): string {
    return `${topologyKey}\u0000${value}`
  }

  add(node: LabelledNode, topologyKey: string, match: TermMatch): void {
    const value = labelOf(node.labels, topologyKey)
    if (value === undefined) return
    const key = TopologyCounts.key(topologyKey, value)
    const list = this.#pairs.get(key) ?? []
    list.push(match)
    this.#pairs.set(key, list)
  }

  get(topologyKey: string, value: string): readonly TermMatch[] {
    return this.#pairs.get(TopologyCounts.key(topologyKey, value)) ?? []
  }

  get size(): number {
    return this.#pairs.size
  }
}

/** What InterPodAffinity PreFilter computes once for the incoming pod over the placed pods. */
export class InterPodAffinityState {
  readonly #affinity: IncomingTerm[]
  readonly #antiAffinity: IncomingTerm[]
  readonly #affinityCounts = new TopologyCounts()
  readonly #antiAffinityCounts = new TopologyCounts()
  readonly #existingCounts = new TopologyCounts()
  readonly #pod: AffinityPod

  /** `placed`: the pods bound to the nodes given (terminal pods already left out). */
  constructor(
    pod: AffinityPod,
    placed: readonly AffinityPod[],
    nodes: readonly LabelledNode[],
    namespaces: NamespaceLabels
  ) {
    this.#pod = pod
    this.#affinity = incomingTerms(pod, pod.requiredAffinity, namespaces)
    this.#antiAffinity = incomingTerms(pod, pod.requiredAntiAffinity, namespaces)
    const nodeByName = new Map(nodes.map((n) => [n.name, n]))
    for (const other of placed) {
      const node = nodeByName.get(other.nodeName)
      if (node === undefined) continue
      this.#count(other, node, namespaces)
    }
  }

  /** getExistingAntiAffinityCounts and getIncomingAffinityAntiAffinityCounts, for one pod. */
  #count(other: AffinityPod, node: LabelledNode, namespaces: NamespaceLabels): void {
    for (const [termIndex, term] of other.requiredAntiAffinity.entries()) {
      if (existingTermMatches(other, term, this.#pod, namespaces))
        this.#existingCounts.add(node, term.topologyKey, { pod: other, termIndex })
    }
    // An affinity pair counts only when the pod matches ALL the incoming affinity terms.
    if (this.#affinity.length > 0 && this.#affinity.every((t) => incomingTermMatches(t, other))) {
      for (const t of this.#affinity)
        this.#affinityCounts.add(node, t.term.topologyKey, { pod: other, termIndex: t.index })
    }
    for (const t of this.#antiAffinity) {
      if (incomingTermMatches(t, other))
        this.#antiAffinityCounts.add(node, t.term.topologyKey, { pod: other, termIndex: t.index })
    }
  }

  /** PreFilter's Skip: nothing to check when no term is involved either way. */
  get skipped(): boolean {
    return (
      this.#existingCounts.size === 0 &&
      this.#affinity.length === 0 &&
      this.#antiAffinity.length === 0
    )
  }

  /** Filter for one node: null when it passes, else upstream's reason and what decided it. */
  filter(node: LabelledNode): { reason: string; detail: string } | null {
    const affinity = this.#affinityMiss(node)
    if (affinity !== null) return { reason: REASON_POD_AFFINITY, detail: affinity }
    const anti = this.#antiAffinityHit(node)
    if (anti !== null) return { reason: REASON_POD_ANTI_AFFINITY, detail: anti }
    const existing = this.#existingHit(node)
    if (existing !== null) return { reason: REASON_EXISTING_ANTI_AFFINITY, detail: existing }
    return null
  }

  /**
   * satisfyPodAffinity: every term's topology label must be on the node and have a matching pod
   * in its domain — unless no pod matches anywhere and the pod matches all its own terms (the
   * first of a group with affinity to itself).
   */
  #affinityMiss(node: LabelledNode): string | null {
    let miss: string | null = null
    for (const t of this.#affinity) {
      const value = labelOf(node.labels, t.term.topologyKey)
      if (value === undefined)
        return `affinity term ${t.index}: node has no label ${t.term.topologyKey}`
      if (miss === null && this.#affinityCounts.get(t.term.topologyKey, value).length === 0)
        miss = `affinity term ${t.index}: no matching pod in ${t.term.topologyKey}=${value}`
    }
    if (miss === null) return null
    const selfMatch =
      this.#affinityCounts.size === 0 &&
      this.#affinity.every((t) => incomingTermMatches(t, this.#pod))
    return selfMatch ? null : miss
  }

  /** satisfyPodAntiAffinity: no pod a term matches in the node's domain for that topology key. */
  #antiAffinityHit(node: LabelledNode): string | null {
    for (const t of this.#antiAffinity) {
      const value = labelOf(node.labels, t.term.topologyKey)
      if (value === undefined) continue
      const hits = this.#antiAffinityCounts.get(t.term.topologyKey, value)
      const first = hits[0]
      if (first !== undefined)
        return `anti-affinity term ${t.index}: ${podName(first.pod)} in ${t.term.topologyKey}=${value}`
    }
    return null
  }

  /** satisfyExistingPodsAntiAffinity: any of the node's label pairs counted by a placed pod. */
  #existingHit(node: LabelledNode): string | null {
    for (const [key, value] of Object.entries(node.labels)) {
      const first = this.#existingCounts.get(key, value)[0]
      if (first !== undefined)
        return `${podName(first.pod)} (anti-affinity term ${first.termIndex}) in ${key}=${value}`
    }
    return null
  }
}

function podName(pod: AffinityPod): string {
  return `${pod.namespace}/${pod.name}`
}
