import { parseInt64 } from './decimal-integer.js'
import type { RuleOptions, Taint, Toleration } from './types.js'
import {
  TOLERATION_OP_EQUAL,
  TOLERATION_OP_EXISTS,
  TOLERATION_OP_GT,
  TOLERATION_OP_LT,
} from './types.js'

/**
 * Whether one toleration tolerates one taint: the readable reference, a line-for-line mirror of
 * kubernetes/api core/v1 `(*Toleration).ToleratesTaint` (v1.35+). The order of checks is
 * upstream's: effect, then key, then the operator.
 *
 * 1. An empty toleration effect matches every effect.
 * 2. An empty toleration key matches every key, for every operator (only API validation limits
 *    it to `Exists`; the matching code does not).
 * 3. An empty operator means `Equal`; `Exists` ignores the value.
 * 4. `Lt`/`Gt` compare the taint value (left) against the toleration value (right) as int64,
 *    strictly, and never match while the comparison-operator gate is off.
 * 5. Any other operator (`exists`, `EQUAL`, `Ge`) never matches.
 */
export function toleratesTaint(
  toleration: Toleration,
  taint: Taint,
  options: RuleOptions
): boolean {
  if (toleration.effect !== '' && toleration.effect !== taint.effect) return false
  if (toleration.key !== '' && toleration.key !== taint.key) return false
  switch (toleration.operator) {
    case '':
    case TOLERATION_OP_EQUAL:
      return toleration.value === taint.value
    case TOLERATION_OP_EXISTS:
      return true
    case TOLERATION_OP_LT:
    case TOLERATION_OP_GT:
      if (!options.comparisonOperators) return false
      return compareNumericValues(toleration.value, taint.value, toleration.operator)
    default:
      return false
  }
}

/**
 * Upstream's `compareNumericValues`: the toleration value is parsed first, then the taint value;
 * either failing makes the toleration not match.
 */
function compareNumericValues(
  tolerationValue: string,
  taintValue: string,
  operator: string
): boolean {
  const threshold = parseInt64(tolerationValue)
  if (threshold === null) return false
  const observed = parseInt64(taintValue)
  if (observed === null) return false
  return operator === TOLERATION_OP_LT ? observed < threshold : observed > threshold
}

/**
 * True iff any toleration in the list tolerates the taint (component-helpers
 * `TolerationsTolerateTaint`); an empty list tolerates nothing.
 */
export function tolerationsTolerateTaint(
  tolerations: readonly Toleration[],
  taint: Taint,
  options: RuleOptions
): boolean {
  for (const toleration of tolerations) {
    if (toleratesTaint(toleration, taint, options)) return true
  }
  return false
}

/**
 * The first taint, in node order, that passes `include` and that no toleration tolerates
 * (component-helpers `FindMatchingUntoleratedTaint`); undefined when every such taint is
 * tolerated.
 */
export function findMatchingUntoleratedTaint(
  taints: readonly Taint[],
  tolerations: readonly Toleration[],
  include: (taint: Taint) => boolean,
  options: RuleOptions
): Taint | undefined {
  for (const taint of taints) {
    if (include(taint) && !tolerationsTolerateTaint(tolerations, taint, options)) return taint
  }
  return undefined
}
