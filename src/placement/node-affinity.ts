import {
  formatRequirement,
  labelOf,
  requirementMatches,
  requirementProblem,
  requirementValidationProblem,
  type LabelRequirement,
  type Labels,
} from './label-requirements.js'
import { defaultNormalizeScore } from './normalize-score.js'
export { MAX_NODE_SCORE } from './normalize-score.js'

/**
 * The NodeAffinity plugin (kubernetes pkg/scheduler/framework/plugins/nodeaffinity) over the
 * matching of component-helpers scheduling/corev1/nodeaffinity: `nodeSelector` AND the required
 * terms, terms ORed, expressions ANDed, and the preferred terms' weights for Score.
 */

export interface NodeSelectorTerm {
  readonly matchExpressions: readonly LabelRequirement[]
  readonly matchFields: readonly LabelRequirement[]
}

export interface PreferredSchedulingTerm {
  readonly weight: number
  readonly preference: NodeSelectorTerm
}

export interface NodeAffinitySpec {
  /** `spec.nodeSelector`; empty when unset (upstream builds no selector for an empty map). */
  readonly nodeSelector: Labels
  /** `requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms`; null when unset. */
  readonly required: readonly NodeSelectorTerm[] | null
  readonly preferred: readonly PreferredSchedulingTerm[]
}

/** The node facts the rules read: its name (the one field matchFields knows) and labels. */
export interface LabelledNode {
  readonly name: string
  readonly labels: Labels
}

export const REASON_NODE_AFFINITY = "node(s) didn't match Pod's node affinity/selector"
export const REASON_NODE_AFFINITY_CONFLICT = 'pod affinity terms conflict'
export const METADATA_NAME = 'metadata.name'

/** `isEmptyNodeSelectorTerm`: a term with neither list selects nothing and is dropped. */
function isEmptyTerm(term: NodeSelectorTerm): boolean {
  return term.matchExpressions.length === 0 && term.matchFields.length === 0
}

/**
 * `nodeSelectorRequirementsAsFieldSelector`: In or NotIn with exactly one value. API validation
 * also allows no key but `metadata.name`, so the tools refuse any other as bad input.
 */
export function fieldRequirementProblem(r: LabelRequirement): string | null {
  if (r.key !== METADATA_NAME) return `field "${r.key}" is not supported (only metadata.name)`
  if (r.operator !== 'In' && r.operator !== 'NotIn')
    return `unknown operator "${r.operator}" for a field (In, NotIn)`
  return r.values.length === 1 ? null : 'a field requirement takes exactly one value'
}

/** What makes a term unparsable (`newNodeSelectorTerm`'s parse errors), or null. */
export function termProblem(term: NodeSelectorTerm): string | null {
  return termCheck(term, requirementProblem)
}

/**
 * What the API server refuses in a term (`ValidateNodeSelectorTerm`), or null: a pod it admits
 * may still hold a term the scheduler cannot parse (see termProblem).
 */
export function termValidationProblem(term: NodeSelectorTerm): string | null {
  return termCheck(term, requirementValidationProblem)
}

function termCheck(
  term: NodeSelectorTerm,
  expressionProblem: (r: LabelRequirement) => string | null
): string | null {
  for (const [i, r] of term.matchExpressions.entries()) {
    const problem = expressionProblem(r)
    if (problem !== null) return `matchExpressions[${i}]: ${problem}`
  }
  for (const [i, r] of term.matchFields.entries()) {
    const problem = fieldRequirementProblem(r)
    if (problem !== null) return `matchFields[${i}]: ${problem}`
  }
  return null
}

/** A field selector compares `metadata.name` with the node's name; any other field reads "". */
function fieldMatches(r: LabelRequirement, node: LabelledNode): boolean {
  const value = r.key === METADATA_NAME ? node.name : ''
  return r.operator === 'In' ? value === r.values[0] : value !== r.values[0]
}

/** The terms that can match any node: not empty, and parsable (the others never match). */
export function matchableTerms(terms: readonly NodeSelectorTerm[]): NodeSelectorTerm[] {
  return terms.filter((term) => !isEmptyTerm(term) && termProblem(term) === null)
}

/**
 * Whether a term of matchableTerms matches the node: termMismatch's answer without its words,
 * for a caller that asks it of many volumes on every node.
 */
export function matchableTermMatches(term: NodeSelectorTerm, node: LabelledNode): boolean {
  for (const r of term.matchExpressions) if (!requirementMatches(r, node.labels)) return false
  for (const r of term.matchFields) if (!fieldMatches(r, node)) return false
  return true
}

function describeLabel(labels: Labels, key: string): string {
  const value = labelOf(labels, key)
  return value === undefined ? `node has no label ${key}` : `node has ${key}=${value}`
}

/** Why a term does not match this node (its first failing requirement), or null when it does. */
export function termMismatch(term: NodeSelectorTerm, node: LabelledNode): string | null {
  const problem = termProblem(term)
  if (problem !== null) return `invalid, never matches (${problem})`
  for (const r of term.matchExpressions) {
    if (!requirementMatches(r, node.labels))
      return `${formatRequirement(r)}: ${describeLabel(node.labels, r.key)}`
  }
  for (const r of term.matchFields) {
    if (!fieldMatches(r, node))
      return `${r.key} ${r.operator === 'In' ? '=' : '!='} ${r.values[0] ?? ''}: node is ${node.name}`
  }
  return null
}

/**
 * NodeAffinity Filter (`RequiredNodeAffinity.Match` of `GetRequiredNodeAffinity`): null when the
 * node passes, else what failed. nodeSelector first, then the terms; a term that cannot be parsed
 * never matches (Filter ignores the parse error), and a list of only empty terms matches nothing.
 */
export function nodeAffinityMismatch(spec: NodeAffinitySpec, node: LabelledNode): string | null {
  for (const [key, value] of Object.entries(spec.nodeSelector)) {
    if (labelOf(node.labels, key) !== value)
      return `nodeSelector ${key}=${value}: ${describeLabel(node.labels, key)}`
  }
  if (spec.required === null) return null
  const terms = spec.required.map((term, i) => ({ term, i })).filter((t) => !isEmptyTerm(t.term))
  if (terms.length === 0) return 'required node affinity has no term that can match'
  const misses: string[] = []
  for (const { term, i } of terms) {
    const miss = termMismatch(term, node)
    if (miss === null) return null
    misses.push(`term ${i}: ${miss}`)
  }
  return misses.join('; ')
}

/**
 * NodeAffinity PreFilter: the node names the required terms confine the pod to, when every term
 * has a `metadata.name In` field (intersected within a term, united across terms); null when
 * every node stays a candidate. An empty set is the conflict upstream rejects outright.
 */
export function nodeAffinityPreFilterNames(spec: NodeAffinitySpec): Set<string> | null {
  if (spec.required === null || spec.required.length === 0) return null
  const names = new Set<string>()
  for (const term of spec.required) {
    let termNames: Set<string> | null = null
    for (const r of term.matchFields) {
      if (r.key !== METADATA_NAME || r.operator !== 'In') continue
      termNames = intersect(termNames, new Set(r.values))
    }
    if (termNames === null) return null
    for (const name of termNames) names.add(name)
  }
  return names
}

function intersect(a: Set<string> | null, b: Set<string>): Set<string> {
  return a === null ? b : new Set([...a].filter((n) => b.has(n)))
}

/**
 * NodeAffinity Score (`PreferredSchedulingTerms.Score`): the sum of the weights of the preferred
 * terms that match; terms of weight 0 and empty terms are skipped, as upstream skips them.
 */
export function preferredNodeAffinityWeight(spec: NodeAffinitySpec, node: LabelledNode): number {
  let sum = 0
  for (const { weight, preference } of spec.preferred) {
    if (weight === 0 || isEmptyTerm(preference)) continue
    if (termMismatch(preference, node) === null) sum += weight
  }
  return sum
}

/**
 * `helper.DefaultNormalizeScore(MaxNodeScore, reverse=false)`, as NodeAffinity's NormalizeScore
 * calls it: `floor(100 * weight / maxWeight)`, and 0 everywhere when no node gets any weight.
 */
export function normalizeNodeAffinityScores(weights: readonly number[]): number[] {
  const scores = [...weights]
  defaultNormalizeScore(scores, false)
  return scores
}
