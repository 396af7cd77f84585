import {
  labelOf,
  labelSelectorMatches,
  type LabelSelector,
  type Labels,
} from './label-requirements.js'
import type { LabelledNode } from './node-affinity.js'

import type { AffinityPod, PodAffinityTerm } from './cluster-pod.js'
import {
  ChangedCounts,
  newCountSet,
  type Counts,
  type CountSet,
  type TopologyCounts,
} from './inter-pod-affinity-counts.js'

export type { AffinityPod, PodAffinityTerm } from './cluster-pod.js'

/**
 * The InterPodAffinity Filter (kubernetes pkg/scheduler/framework/plugins/interpodaffinity
 * filtering.go): the incoming pod's required affinity and anti-affinity, and the required
 * anti-affinity of the pods already placed, counted per topology pair as PreFilter counts them.
 */

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

/** The counts of no pod: what a pass that adds none contributes. */
const NO_COUNTS = newCountSet()

/** Pods added to or taken off the nodes for one Filter pass (framework.ts `PodChanges`). */
export interface AffinityChanges {
  readonly added: readonly AffinityPod[]
  readonly removed: ReadonlySet<AffinityPod>
}

/** What InterPodAffinity PreFilter computes once for the incoming pod over the placed pods. */
export class InterPodAffinityState {
  readonly #affinity: IncomingTerm[]
  readonly #antiAffinity: IncomingTerm[]
  readonly #counts = newCountSet()
  readonly #pod: AffinityPod
  readonly #nodeByName: ReadonlyMap<string, LabelledNode>
  readonly #namespaces: NamespaceLabels

  /** `placed`: the pods bound to the nodes given (terminal pods already left out). */
  constructor(
    pod: AffinityPod,
    placed: readonly AffinityPod[],
    nodes: readonly LabelledNode[],
    namespaces: NamespaceLabels
  ) {
    this.#pod = pod
    this.#namespaces = namespaces
    this.#affinity = incomingTerms(pod, pod.requiredAffinity, namespaces)
    this.#antiAffinity = incomingTerms(pod, pod.requiredAntiAffinity, namespaces)
    this.#nodeByName = new Map(nodes.map((n) => [n.name, n]))
    for (const other of placed) this.#count(other, this.#counts)
  }

  /** getExistingAntiAffinityCounts and getIncomingAffinityAntiAffinityCounts, for one pod. */
  #count(other: AffinityPod, into: CountSet<TopologyCounts>): void {
    const node = this.#nodeByName.get(other.nodeName)
    if (node === undefined) return
    for (const [termIndex, term] of other.requiredAntiAffinity.entries()) {
      if (existingTermMatches(other, term, this.#pod, this.#namespaces))
        into.existing.add(node, term.topologyKey, { pod: other, termIndex })
    }
    // An affinity pair counts only when the pod matches ALL the incoming affinity terms.
    if (this.#affinity.length > 0 && this.#affinity.every((t) => incomingTermMatches(t, other))) {
      for (const t of this.#affinity)
        into.affinity.add(node, t.term.topologyKey, { pod: other, termIndex: t.index })
    }
    for (const t of this.#antiAffinity) {
      if (incomingTermMatches(t, other))
        into.antiAffinity.add(node, t.term.topologyKey, { pod: other, termIndex: t.index })
    }
  }

  /** PreFilter's Skip: nothing to check when no term is involved either way. */
  get skipped(): boolean {
    return (
      this.#counts.existing.empty && this.#affinity.length === 0 && this.#antiAffinity.length === 0
    )
  }

  /** Filter for one node: null when it passes, else upstream's reason and what decided it. */
  filter(node: LabelledNode, changes?: AffinityChanges): { reason: string; detail: string } | null {
    const counts = this.#changed(changes)
    const affinity = this.#affinityMiss(node, counts)
    if (affinity !== null) return { reason: REASON_POD_AFFINITY, detail: affinity }
    const anti = this.#antiAffinityHit(node, counts)
    if (anti !== null) return { reason: REASON_POD_ANTI_AFFINITY, detail: anti }
    const existing = this.#existingHit(node, counts)
    if (existing !== null) return { reason: REASON_EXISTING_ANTI_AFFINITY, detail: existing }
    return null
  }

  /** The counts as AddPod and RemovePod leave them for this pass. */
  #changed(changes: AffinityChanges | undefined): CountSet<Counts> {
    if (changes === undefined || (changes.added.length === 0 && changes.removed.size === 0))
      return this.#counts
    const extra = changes.added.length === 0 ? NO_COUNTS : newCountSet()
    for (const pod of changes.added) this.#count(pod, extra)
    const view = (key: keyof CountSet<Counts>) =>
      new ChangedCounts(this.#counts[key], extra[key], changes.removed)
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
  #affinityMiss(node: LabelledNode, counts: CountSet<Counts>): string | null {
    let miss: string | null = null
    for (const t of this.#affinity) {
      const value = labelOf(node.labels, t.term.topologyKey)
      if (value === undefined)
        return `affinity term ${t.index}: node has no label ${t.term.topologyKey}`
      if (miss === null && counts.affinity.first(t.term.topologyKey, value) === undefined)
        miss = `affinity term ${t.index}: no matching pod in ${t.term.topologyKey}=${value}`
    }
    if (miss === null) return null
    const selfMatch =
      counts.affinity.empty && this.#affinity.every((t) => incomingTermMatches(t, this.#pod))
    return selfMatch ? null : miss
  }

  /** satisfyPodAntiAffinity: no pod a term matches in the node's domain for that topology key. */
  #antiAffinityHit(node: LabelledNode, counts: CountSet<Counts>): string | null {
    for (const t of this.#antiAffinity) {
      const value = labelOf(node.labels, t.term.topologyKey)
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

function podName(pod: AffinityPod): string {
  return `${pod.namespace}/${pod.name}`
}
