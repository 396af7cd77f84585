import { isLabelKey, isLabelValue } from '../core/index.js'

/**
 * Label requirements as apimachinery's `labels.Requirement` holds and matches them
 * (k8s.io/apimachinery/pkg/labels/selector.go `NewRequirement`, `Requirement.Matches`), and
 * metav1.LabelSelector (`LabelSelectorAsSelector`): the matching the node affinity and
 * inter-pod affinity rules share. Parsing of selector strings stays with the tools.
 */

export type RequirementOperator = 'In' | 'NotIn' | 'Exists' | 'DoesNotExist' | 'Gt' | 'Lt'

export const REQUIREMENT_OPERATORS: readonly RequirementOperator[] = [
  'In',
  'NotIn',
  'Exists',
  'DoesNotExist',
  'Gt',
  'Lt',
]

/** A NodeSelectorRequirement or LabelSelectorRequirement, operator as written. */
export interface LabelRequirement {
  readonly key: string
  readonly operator: string
  readonly values: readonly string[]
}

/** metav1.LabelSelector: every matchLabels pair and every expression must hold. */
export interface LabelSelector {
  readonly matchLabels: Readonly<Record<string, string>>
  readonly matchExpressions: readonly LabelRequirement[]
}

export type Labels = Readonly<Record<string, string>>

/** v1.LabelHostname: the node label the kubelet sets to the node's hostname. */
export const LABEL_HOSTNAME = 'kubernetes.io/hostname'

const INT64_MIN = -(2n ** 63n)
const INT64_MAX = 2n ** 63n - 1n

/**
 * Go's `strconv.ParseInt(s, 10, 64)`, which `Requirement.Matches` applies to a label value for
 * `Gt`/`Lt`: an optional `+` or `-`, ASCII digits (leading zeros allowed), within int64.
 */
export function parseGoInt64(text: string): bigint | null {
  if (!/^[+-]?[0-9]+$/.test(text)) return null
  const n = BigInt(text)
  return n >= INT64_MIN && n <= INT64_MAX ? n : null
}

/**
 * The label's value; undefined when the map lacks it. A value is a string and nothing that
 * Object.prototype holds is, so one lookup tells an own label from an inherited name such as
 * `constructor` (this runs for every pod and node a term or selector is matched against).
 */
export function labelOf(labels: Labels, key: string): string | undefined {
  const value = labels[key]
  return typeof value === 'string' ? value : undefined
}

/**
 * What the API server's validation refuses in a node selector requirement
 * (pkg/apis/core/validation `ValidateNodeSelectorRequirement`): an unknown operator, values
 * where they do not belong, a key that is not a label name. It does not look at the values.
 */
export function requirementValidationProblem(r: LabelRequirement): string | null {
  if (r.key === '') return 'key is empty'
  if (!isLabelKey(r.key)) return `key "${r.key}" is not a valid label key`
  switch (r.operator) {
    case 'In':
    case 'NotIn':
      return r.values.length === 0 ? `operator ${r.operator} needs at least one value` : null
    case 'Exists':
    case 'DoesNotExist':
      return r.values.length !== 0 ? `operator ${r.operator} takes no values` : null
    case 'Gt':
    case 'Lt':
      return r.values.length !== 1 ? `operator ${r.operator} takes exactly one value` : null
    default:
      return `unknown operator "${r.operator}" (${REQUIREMENT_OPERATORS.join(', ')})`
  }
}

/**
 * `NewRequirement`'s checks, which the scheduler applies when it parses a term: validation's,
 * and besides an integer `Gt`/`Lt` bound and label-value syntax for every value. A requirement
 * the API server admits can still fail here, and its term then never matches.
 */
export function requirementProblem(r: LabelRequirement): string | null {
  const invalid = requirementValidationProblem(r)
  if (invalid !== null) return invalid
  if ((r.operator === 'Gt' || r.operator === 'Lt') && parseGoInt64(r.values[0] as string) === null)
    return `operator ${r.operator} needs an integer value, not "${r.values[0]}"`
  const bad = r.values.find((v) => !isLabelValue(v))
  return bad === undefined ? null : `value "${bad}" is not a valid label value`
}

/** `Requirement.Matches`: a missing label fails In, Exists, Gt and Lt, and passes NotIn. */
export function requirementMatches(r: LabelRequirement, labels: Labels): boolean {
  const value = labelOf(labels, r.key)
  switch (r.operator) {
    case 'In':
      return value !== undefined && r.values.includes(value)
    case 'NotIn':
      return value === undefined || !r.values.includes(value)
    case 'Exists':
      return value !== undefined
    case 'DoesNotExist':
      return value === undefined
    case 'Gt':
    case 'Lt': {
      const observed = value === undefined ? null : parseGoInt64(value)
      const bound = r.values.length === 1 ? parseGoInt64(r.values[0] as string) : null
      if (observed === null || bound === null) return false
      return r.operator === 'Gt' ? observed > bound : observed < bound
    }
    default:
      return false
  }
}

/** `LabelSelectorAsSelector`'s checks: only In, NotIn, Exists and DoesNotExist are allowed. */
export function labelSelectorProblem(selector: LabelSelector): string | null {
  for (const key in selector.matchLabels) {
    const value = selector.matchLabels[key] as string
    // The pair as an `In` requirement of one value; built only to name what is wrong with it,
    // since every placed pod's terms are checked and almost all of them hold.
    if (isLabelKey(key) && isLabelValue(value)) continue
    const problem = requirementProblem({ key, operator: 'In', values: [value] })
    if (problem !== null) return `matchLabels: ${problem}`
  }
  for (const [i, r] of selector.matchExpressions.entries()) {
    if (r.operator === 'Gt' || r.operator === 'Lt')
      return `matchExpressions[${i}]: "${r.operator}" is not a valid label selector operator`
    const problem = requirementProblem(r)
    if (problem !== null) return `matchExpressions[${i}]: ${problem}`
  }
  return null
}

/**
 * `LabelSelectorAsSelector(...).Matches`: a null selector selects nothing, an empty one
 * everything.
 */
export function labelSelectorMatches(selector: LabelSelector | null, labels: Labels): boolean {
  if (selector === null) return false
  // for…in rather than Object.entries: this runs for every candidate pod of every term judged,
  // and the decoded maps carry own keys only (Object.prototype has no enumerable key).
  const pairs = selector.matchLabels
  for (const key in pairs) if (labelOf(labels, key) !== pairs[key]) return false
  for (const r of selector.matchExpressions) if (!requirementMatches(r, labels)) return false
  return true
}

/** `key in (a,b)`, `key>5`, `!key`: a requirement as a selector string shows it. */
export function formatRequirement(r: LabelRequirement): string {
  switch (r.operator) {
    case 'Exists':
      return r.key
    case 'DoesNotExist':
      return `!${r.key}`
    case 'Gt':
      return `${r.key}>${r.values.join(',')}`
    case 'Lt':
      return `${r.key}<${r.values.join(',')}`
    default:
      return `${r.key} ${r.operator === 'In' ? 'in' : 'notin'} (${r.values.join(',')})`
  }
}
