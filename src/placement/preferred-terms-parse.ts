import {
  aggregateText,
  fieldErrorText,
  labelKeyErrors,
  labelValueErrors,
  supportedValuesDetail,
  type FieldError,
} from './field-errors.js'
import { parseGoInt64, REQUIREMENT_OPERATORS, type LabelRequirement } from './label-requirements.js'
import type { NodeSelectorTerm, PreferredSchedulingTerm } from './node-affinity.js'

/**
 * The parse errors of preferred node affinity terms, as component-helpers
 * scheduling/corev1/nodeaffinity `NewPreferredSchedulingTerms` collects them over
 * `newNodeSelectorTerm`, `nodeSelectorRequirementsAsSelector` (labels `NewRequirement`) and
 * `nodeSelectorRequirementsAsFieldSelector`, in that order.
 */

const FIELD_OPERATORS = ['In', 'NotIn'] as const

const child = (path: string, name: string): string => (path === '' ? name : `${path}.${name}`)

function invalid(field: string, badValue: FieldError['badValue'], detail: string): FieldError {
  return { type: 'Invalid', field, badValue, detail }
}

function strings(values: readonly string[]): FieldError['badValue'] {
  return { kind: 'strings', values }
}

/** The value-count rule `NewRequirement` applies for the operator, or null when it holds. */
function valueCountError(r: LabelRequirement, valuesPath: string): FieldError | null {
  const count = r.values.length
  if ((r.operator === 'In' || r.operator === 'NotIn') && count === 0)
    return invalid(
      valuesPath,
      strings(r.values),
      "for 'in', 'notin' operators, values set can't be empty"
    )
  if ((r.operator === 'Exists' || r.operator === 'DoesNotExist') && count !== 0)
    return invalid(
      valuesPath,
      strings(r.values),
      'values set must be empty for exists and does not exist'
    )
  if ((r.operator === 'Gt' || r.operator === 'Lt') && count !== 1)
    return invalid(
      valuesPath,
      strings(r.values),
      "for 'Gt', 'Lt' operators, exactly one value is required"
    )
  return null
}

/**
 * labels `NewRequirement` at `path`: the key, the value count, each `Gt`/`Lt` bound as an
 * int64, then each value as a label value (keyed by the requirement's key in the path).
 */
function newRequirementErrors(r: LabelRequirement, path: string): FieldError[] {
  const errors: FieldError[] = []
  const keyErrors = labelKeyErrors(r.key)
  if (keyErrors.length > 0)
    errors.push(invalid(child(path, 'key'), { kind: 'string', value: r.key }, keyErrors.join('; ')))
  const valuesPath = child(path, 'values')
  const count = valueCountError(r, valuesPath)
  if (count !== null) errors.push(count)
  if (r.operator === 'Gt' || r.operator === 'Lt') {
    for (const [i, value] of r.values.entries()) {
      if (parseGoInt64(value) === null)
        errors.push(
          invalid(
            `${valuesPath}[${i}]`,
            { kind: 'string', value },
            "for 'Gt', 'Lt' operators, the value must be an integer"
          )
        )
    }
  }
  for (const [i, value] of r.values.entries()) {
    const valueErrors = labelValueErrors(value)
    if (valueErrors.length > 0)
      errors.push(
        invalid(`${valuesPath}[${i}][${r.key}]`, { kind: 'string', value }, valueErrors.join('; '))
      )
  }
  return errors
}

function notSupported(path: string, operator: string, supported: readonly string[]): FieldError {
  const detail = supportedValuesDetail(supported)
  return {
    type: 'NotSupported',
    field: child(path, 'operator'),
    badValue: { kind: 'string', value: operator },
    detail,
  }
}

/** `nodeSelectorRequirementsAsSelector`: an unknown operator is reported instead of parsed. */
function expressionErrors(expressions: readonly LabelRequirement[], path: string): FieldError[] {
  return expressions.flatMap((r, i) => {
    const at = `${path}[${i}]`
    if (!(REQUIREMENT_OPERATORS as readonly string[]).includes(r.operator))
      return [notSupported(at, r.operator, REQUIREMENT_OPERATORS)]
    return newRequirementErrors(r, at)
  })
}

/** `nodeSelectorRequirementsAsFieldSelector`: In or NotIn with exactly one value; no key check. */
function fieldErrors(fields: readonly LabelRequirement[], path: string): FieldError[] {
  return fields.flatMap((r, i) => {
    const at = `${path}[${i}]`
    if (r.operator !== 'In' && r.operator !== 'NotIn')
      return [notSupported(at, r.operator, FIELD_OPERATORS)]
    return r.values.length === 1
      ? []
      : [invalid(child(at, 'values'), strings(r.values), 'must have one element')]
  })
}

/** `newNodeSelectorTerm` at `path`: the expressions' errors, then the fields'. */
export function termParseErrors(term: NodeSelectorTerm, path: string): FieldError[] {
  return [
    ...expressionErrors(term.matchExpressions, child(path, 'matchExpressions')),
    ...fieldErrors(term.matchFields, child(path, 'matchFields')),
  ]
}

/**
 * `NewPreferredSchedulingTerms` as NodeAffinity's `getPodPreferredNodeAffinity` calls it, with
 * no root path, so each term is named `[i]`; terms of weight 0 and empty terms are skipped
 * unparsed. The aggregate's text, or null when every term parses.
 */
export function preferredTermsParseError(terms: readonly PreferredSchedulingTerm[]): string | null {
  const errors = terms.flatMap(({ weight, preference }, i) => {
    const empty = preference.matchExpressions.length === 0 && preference.matchFields.length === 0
    return weight === 0 || empty ? [] : termParseErrors(preference, `[${i}]`)
  })
  return errors.length === 0 ? null : aggregateText(errors.map(fieldErrorText))
}
