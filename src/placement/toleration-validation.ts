import {
  fieldErrorText,
  invalidString,
  labelKeyErrors,
  labelValueErrors,
  supportedValuesDetail,
  type FieldError,
} from './field-errors.js'
import {
  TAINT_EFFECT_NO_EXECUTE,
  TAINT_EFFECT_NO_SCHEDULE,
  TAINT_EFFECT_PREFER_NO_SCHEDULE,
  TOLERATION_OP_EQUAL,
  TOLERATION_OP_EXISTS,
  TOLERATION_OP_GT,
  TOLERATION_OP_LT,
  type Toleration,
} from '../core/index.js'

/**
 * A pod's tolerations checked as the API server checks them before it stores the pod:
 * pkg/apis/core/validation `ValidateTolerations`, each problem as its `field.Error` text. A pod
 * file the API server would refuse gets the API server's answer rather than an explanation.
 *
 * `Lt` and `Gt` pass, as on an API server with TaintTolerationComparisonOperators on (or one
 * that ratchets a pod already stored with them): the file may come from such a cluster, and
 * this cannot see its gates. Their values are judged where they are compared, not here.
 */

const EFFECTS = [TAINT_EFFECT_NO_SCHEDULE, TAINT_EFFECT_PREFER_NO_SCHEDULE, TAINT_EFFECT_NO_EXECUTE]
const OPERATORS = [TOLERATION_OP_EQUAL, TOLERATION_OP_EXISTS]

/** Every problem of one toleration, in ValidateTolerations' order. */
function tolerationProblems(t: Toleration, at: string): FieldError[] {
  const problems: FieldError[] = []
  if (t.key !== '')
    problems.push(...labelKeyErrors(t.key).map((m) => invalidString(`${at}.key`, t.key, m)))
  if (t.key === '' && t.operator !== TOLERATION_OP_EXISTS)
    problems.push(
      invalidString(
        `${at}.operator`,
        t.operator,
        'operator must be Exists when `key` is empty, which means "match all values and all keys"'
      )
    )
  if (t.tolerationSeconds !== null && t.effect !== TAINT_EFFECT_NO_EXECUTE)
    problems.push(
      invalidString(
        `${at}.effect`,
        t.effect,
        "effect must be 'NoExecute' when `tolerationSeconds` is set"
      )
    )
  problems.push(...operatorProblems(t, at))
  if (t.effect !== '' && !EFFECTS.includes(t.effect))
    problems.push({
      type: 'NotSupported',
      field: `${at}.effect`,
      badValue: { kind: 'string', value: t.effect },
      detail: supportedValuesDetail(EFFECTS),
    })
  return problems
}

function operatorProblems(t: Toleration, at: string): FieldError[] {
  switch (t.operator) {
    case TOLERATION_OP_EQUAL:
    case '': {
      const errors = labelValueErrors(t.value)
      return errors.length === 0 ? [] : [invalidString(`${at}.operator`, t.value, errors.join(';'))]
    }
    case TOLERATION_OP_EXISTS:
      // Upstream shows the whole toleration as the bad value (Go's %#v of the struct); the
      // operator and value it objects to are shown instead.
      return t.value === ''
        ? []
        : [
            invalidString(
              `${at}.operator`,
              t.value,
              "value must be empty when `operator` is 'Exists'"
            ),
          ]
    case TOLERATION_OP_LT:
    case TOLERATION_OP_GT:
      return []
    default:
      return [
        {
          type: 'NotSupported',
          field: `${at}.operator`,
          badValue: { kind: 'string', value: t.operator },
          detail: supportedValuesDetail(OPERATORS),
        },
      ]
  }
}

/** The API server's messages for `spec.tolerations`, one per problem; none when it accepts them. */
export function tolerationValidationErrors(tolerations: readonly Toleration[]): string[] {
  return tolerations.flatMap((t, i) =>
    tolerationProblems(t, `spec.tolerations[${i}]`).map(fieldErrorText)
  )
}
