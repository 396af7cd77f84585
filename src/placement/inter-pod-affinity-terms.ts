import { labelSelectorMatches, type LabelSelector, type Labels } from './label-requirements.js'
import type { AffinityPod, ClusterPod, PodAffinityTerm } from './cluster-pod.js'
import type { Snapshot } from './snapshot.js'

/**
 * Pod affinity terms as InterPodAffinity reads them (interpodaffinity filtering.go over
 * framework types.go `AffinityTerm`): the namespaces a term looks in, and whether it matches a pod.
 */

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
export interface IncomingTerm {
  readonly index: number
  readonly term: PodAffinityTerm
  readonly namespaces: Set<string>
  readonly everyNamespace: boolean
}

export function incomingTerms(
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
export function incomingTermMatches(t: IncomingTerm, target: AffinityPod): boolean {
  if (!t.everyNamespace && !t.namespaces.has(target.namespace)) return false
  return labelSelectorMatches(t.term.labelSelector, target.labels)
}

/**
 * `AffinityTerm.Matches` for an existing pod's anti-affinity term against the incoming pod, with
 * the incoming pod's namespace labels (none when the namespace is unknown).
 */
export function existingTermMatches(
  owner: AffinityPod,
  term: PodAffinityTerm,
  incoming: AffinityPod,
  namespaces: NamespaceLabels
): boolean {
  // termNamespaces(owner, term).has(…) without building the set: this runs for every existing
  // pod with required anti-affinity, for every pod judged.
  const named =
    term.namespaces.length === 0 && term.namespaceSelector === null
      ? owner.namespace === incoming.namespace
      : term.namespaces.includes(incoming.namespace)
  const inNamespace =
    named ||
    (term.namespaceSelector !== null &&
      labelSelectorMatches(term.namespaceSelector, namespaces.get(incoming.namespace) ?? {}))
  return inNamespace && labelSelectorMatches(term.labelSelector, incoming.labels)
}

/**
 * The pods of the snapshot a term may match: in the namespaces it names, or every one of the
 * snapshot, those its selector may match by the snapshot's index.
 */
export function termCandidates(t: IncomingTerm, snapshot: Snapshot): ClusterPod[] {
  const found: ClusterPod[] = []
  for (const pods of termCandidateSets(t, snapshot)) for (const pod of pods) found.push(pod)
  return found
}

/** termCandidates, one collection per namespace, as the index holds them (nothing copied). */
export function termCandidateSets(t: IncomingTerm, snapshot: Snapshot): Iterable<ClusterPod>[] {
  const namespaces = t.everyNamespace ? snapshot.namespaces() : t.namespaces
  const sets: Iterable<ClusterPod>[] = []
  for (const namespace of namespaces)
    sets.push(snapshot.candidates(namespace, t.term.labelSelector))
  return sets
}

/**
 * Whether the term's candidates are exactly the pods it matches: a selector of one matchLabels
 * pair, for which the index hands over the pods of its namespaces with that pair, and nothing
 * else (pod-index.ts `candidates`).
 */
export function candidatesAreMatches(t: IncomingTerm): boolean {
  const selector = t.term.labelSelector
  if (selector === null || selector.matchExpressions.length > 0) return false
  let pairs = 0
  for (const _ in selector.matchLabels) pairs++
  return pairs === 1
}
