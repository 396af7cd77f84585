import { describe, expect, it } from 'vitest'
import type {
  NodeTaintsAt,
  RejectionReason,
  RuleOptions,
  Taint,
  Toleration,
} from '../../src/core/index.js'
import { REASON_UNSCHEDULABLE, REASON_UNTOLERATED_TAINT } from '../../src/core/index.js'
import { node, taint, toleration, type TolerationSpec } from './builders.js'

/**
 * The one semantics table every implementation of the taint rules must pass, written from
 * upstream-semantics.md (§1 ToleratesTaint, §2 helpers, §3 TaintToleration and NodeUnschedulable,
 * §7 upstream test tables), never from the code under test. Expected values are worked out by
 * hand; the score level uses the extender's 0–10 scale: `10 - floor(10 * count / max)`, and 10
 * for every node when no node has an untolerated PreferNoSchedule taint.
 */

/** Which state of the TaintTolerationComparisonOperators gate a row runs under. */
export type Gate = 'on' | 'off' | 'either'

export interface PairCase {
  readonly name: string
  readonly toleration: Toleration
  readonly taint: Taint
  readonly gate: Gate
  readonly tolerated: boolean
}

export interface FilterCase {
  readonly name: string
  readonly tolerations: readonly Toleration[]
  readonly node: NodeTaintsAt
  readonly gate: Gate
  readonly reason: RejectionReason | null
}

export interface ScoreCase {
  readonly name: string
  readonly tolerations: readonly Toleration[]
  readonly nodes: readonly NodeTaintsAt[]
  readonly gate: Gate
  readonly scores: readonly number[]
}

/** An implementation of the rules, seen from the outside. */
export interface RuleSet {
  /** Whether any of the tolerations tolerates the taint (`TolerationsTolerateTaint`). */
  tolerates(tolerations: readonly Toleration[], taint: Taint, options: RuleOptions): boolean
  /** NodeUnschedulable then TaintToleration Filter: null when the node fits. */
  filterNode(
    tolerations: readonly Toleration[],
    node: NodeTaintsAt,
    options: RuleOptions
  ): RejectionReason | null
  /** Normalised 0–10 scores of exactly these nodes, in their order. */
  scores(
    tolerations: readonly Toleration[],
    nodes: readonly NodeTaintsAt[],
    options: RuleOptions
  ): readonly number[]
}

const NS = 'NoSchedule'
const NE = 'NoExecute'
const PNS = 'PreferNoSchedule'
const UNSCHEDULABLE_KEY = 'node.kubernetes.io/unschedulable'

const INT64_MAX = '9223372036854775807'
const INT64_MAX_MINUS_1 = '9223372036854775806'
const INT64_MIN = '-9223372036854775808'
const INT64_MIN_PLUS_1 = '-9223372036854775807'

function pair(
  name: string,
  tol: TolerationSpec,
  taintSpec: string,
  tolerated: boolean,
  gate: Gate = 'either'
): PairCase {
  return { name, toleration: toleration(tol), taint: taint(taintSpec), gate, tolerated }
}

function gt(key: string, value: string, effect = ''): TolerationSpec {
  return { key, operator: 'Gt', value, effect }
}

function lt(key: string, value: string, effect = ''): TolerationSpec {
  return { key, operator: 'Lt', value, effect }
}

// ---------------------------------------------------------------------------------------------
// Level a: one toleration against one taint.
// ---------------------------------------------------------------------------------------------

export const PAIR_CASES: readonly PairCase[] = [
  // upstream-semantics §1.4 and kubernetes/api TestTolerationToleratesTaint.
  pair(
    'a toleration with operator Exists tolerates a taint with the same key and effect that has no value',
    { key: 'foo', operator: 'Exists', effect: NS },
    'foo:NoSchedule',
    true
  ),
  pair(
    'a toleration with operator Exists tolerates a taint with the same key and effect whatever its value',
    { key: 'foo', operator: 'Exists', effect: NS },
    'foo=bar:NoSchedule',
    true
  ),
  pair(
    'a toleration with an empty key and operator Exists tolerates a taint of any key with the same effect',
    { key: '', operator: 'Exists', effect: NS },
    'foo=bar:NoSchedule',
    true
  ),
  pair(
    'a toleration with operator Equal tolerates a taint with the same key, value and effect',
    { key: 'foo', operator: 'Equal', value: 'bar', effect: NS },
    'foo=bar:NoSchedule',
    true
  ),
  pair(
    'a toleration with operator Equal does not tolerate a taint with the same key but a different value',
    { key: 'foo', operator: 'Equal', value: 'value1' },
    'foo=value2:NoSchedule',
    false
  ),
  pair(
    'a toleration with the same key and value but a different non-empty effect does not tolerate the taint',
    { key: 'foo', operator: 'Equal', value: 'bar', effect: NS },
    'foo=bar:NoExecute',
    false
  ),
  pair(
    'a toleration with an omitted operator and an omitted effect tolerates a taint with the same key and value',
    { key: 'foo', value: 'bar' },
    'foo=bar:NoSchedule',
    true
  ),
  pair(
    'a Gt toleration does not tolerate a taint whose value is below the threshold',
    gt('sla', '950', NS),
    'sla=800:NoSchedule',
    false,
    'on'
  ),
  pair(
    'a Gt toleration tolerates a taint whose value is above the threshold',
    gt('sla', '750', NS),
    'sla=950:NoSchedule',
    true,
    'on'
  ),
  pair(
    'an Lt toleration does not tolerate a taint whose value is above the threshold',
    lt('sla', '800', NS),
    'sla=950:NoSchedule',
    false,
    'on'
  ),
  pair(
    'an Lt toleration tolerates a taint whose value is below the threshold',
    lt('sla', '950', NS),
    'sla=800:NoSchedule',
    true,
    'on'
  ),
  pair(
    'a Gt toleration does not tolerate a taint whose value equals the threshold',
    gt('sla', '950', NS),
    'sla=950:NoSchedule',
    false,
    'on'
  ),
  pair(
    'a Gt toleration does not tolerate a taint whose value is not an integer',
    gt('sla', '950', NS),
    'sla=high:NoSchedule',
    false,
    'on'
  ),
  pair(
    'a Gt toleration with threshold -100 does not tolerate a taint with the lower value -200',
    gt('sla', '-100', NS),
    'sla=-200:NoSchedule',
    false,
    'on'
  ),
  pair(
    'a Gt toleration with threshold int64 max minus one does not tolerate a taint with value 100',
    gt('sla', INT64_MAX_MINUS_1, NS),
    'sla=100:NoSchedule',
    false,
    'on'
  ),
  pair(
    'a Gt toleration with threshold int64 max minus one tolerates a taint with value int64 max',
    gt('sla', INT64_MAX_MINUS_1, NS),
    `sla=${INT64_MAX}:NoSchedule`,
    true,
    'on'
  ),
  pair(
    'an Lt toleration with threshold 0 tolerates a taint with value int64 min',
    lt('sla', '0', NS),
    `sla=${INT64_MIN}:NoSchedule`,
    true,
    'on'
  ),

  // TestCompareNumericValues: greater, less and equal for both operators.
  pair(
    'a Gt toleration tolerates a taint one above the threshold',
    gt('sla', '100'),
    'sla=101:NoSchedule',
    true,
    'on'
  ),
  pair(
    'a Gt toleration does not tolerate a taint one below the threshold',
    gt('sla', '100'),
    'sla=99:NoSchedule',
    false,
    'on'
  ),
  pair(
    'a Gt toleration with threshold 100 does not tolerate a taint with value 100',
    gt('sla', '100'),
    'sla=100:NoSchedule',
    false,
    'on'
  ),
  pair(
    'an Lt toleration tolerates a taint one below the threshold',
    lt('sla', '100'),
    'sla=99:NoSchedule',
    true,
    'on'
  ),
  pair(
    'an Lt toleration does not tolerate a taint one above the threshold',
    lt('sla', '100'),
    'sla=101:NoSchedule',
    false,
    'on'
  ),
  pair(
    'an Lt toleration does not tolerate a taint whose value equals the threshold',
    lt('sla', '100'),
    'sla=100:NoSchedule',
    false,
    'on'
  ),
  pair(
    'a Gt toleration compares numbers, not strings: 10 is greater than 9',
    gt('sla', '9'),
    'sla=10:NoSchedule',
    true,
    'on'
  ),
  pair(
    'an Lt toleration compares numbers, not strings: 9 is less than 10',
    lt('sla', '10'),
    'sla=9:NoSchedule',
    true,
    'on'
  ),
  // Negative numbers.
  pair(
    'a Gt toleration with threshold -100 tolerates a taint with the higher value -50',
    gt('sla', '-100'),
    'sla=-50:NoSchedule',
    true,
    'on'
  ),
  pair(
    'an Lt toleration with threshold -100 tolerates a taint with the lower value -200',
    lt('sla', '-100'),
    'sla=-200:NoSchedule',
    true,
    'on'
  ),
  pair(
    'an Lt toleration with threshold -100 does not tolerate a taint with the higher value -50',
    lt('sla', '-100'),
    'sla=-50:NoSchedule',
    false,
    'on'
  ),
  pair(
    'an Lt toleration with threshold -100 does not tolerate a taint with value -100',
    lt('sla', '-100'),
    'sla=-100:NoSchedule',
    false,
    'on'
  ),
  // Zero against one and minus one.
  pair(
    'a Gt toleration with threshold 0 tolerates a taint with value 1',
    gt('sla', '0'),
    'sla=1:NoSchedule',
    true,
    'on'
  ),
  pair(
    'a Gt toleration with threshold 0 does not tolerate a taint with value -1',
    gt('sla', '0'),
    'sla=-1:NoSchedule',
    false,
    'on'
  ),
  pair(
    'an Lt toleration with threshold 0 tolerates a taint with value -1',
    lt('sla', '0'),
    'sla=-1:NoSchedule',
    true,
    'on'
  ),
  pair(
    'an Lt toleration with threshold 0 does not tolerate a taint with value 1',
    lt('sla', '0'),
    'sla=1:NoSchedule',
    false,
    'on'
  ),
  pair(
    'a Gt toleration with threshold 1 does not tolerate a taint with value 0',
    gt('sla', '1'),
    'sla=0:NoSchedule',
    false,
    'on'
  ),
  pair(
    'a Gt toleration with threshold -1 tolerates a taint with value 0',
    gt('sla', '-1'),
    'sla=0:NoSchedule',
    true,
    'on'
  ),
  pair(
    'an Lt toleration with threshold 1 tolerates a taint with value 0',
    lt('sla', '1'),
    'sla=0:NoSchedule',
    true,
    'on'
  ),
  pair(
    'an Lt toleration with threshold -1 does not tolerate a taint with value 0',
    lt('sla', '-1'),
    'sla=0:NoSchedule',
    false,
    'on'
  ),
  pair(
    'a Gt toleration with threshold 0 does not tolerate a taint with value 0',
    gt('sla', '0'),
    'sla=0:NoSchedule',
    false,
    'on'
  ),
  pair(
    'an Lt toleration with threshold 0 does not tolerate a taint with value 0',
    lt('sla', '0'),
    'sla=0:NoSchedule',
    false,
    'on'
  ),
  // int64 extremes as taint values.
  pair(
    'a Gt toleration with threshold 100 tolerates a taint with value int64 max',
    gt('sla', '100'),
    `sla=${INT64_MAX}:NoSchedule`,
    true,
    'on'
  ),
  pair(
    'an Lt toleration with threshold 100 does not tolerate a taint with value int64 max',
    lt('sla', '100'),
    `sla=${INT64_MAX}:NoSchedule`,
    false,
    'on'
  ),
  pair(
    'an Lt toleration with threshold 100 tolerates a taint with value int64 min',
    lt('sla', '100'),
    `sla=${INT64_MIN}:NoSchedule`,
    true,
    'on'
  ),
  pair(
    'a Gt toleration with threshold 100 does not tolerate a taint with value int64 min',
    gt('sla', '100'),
    `sla=${INT64_MIN}:NoSchedule`,
    false,
    'on'
  ),
  // int64 extremes as thresholds are accepted.
  pair(
    'an Lt toleration with threshold int64 max tolerates a taint with value int64 max minus one',
    lt('sla', INT64_MAX),
    `sla=${INT64_MAX_MINUS_1}:NoSchedule`,
    true,
    'on'
  ),
  pair(
    'an Lt toleration with threshold int64 max does not tolerate a taint with value int64 max',
    lt('sla', INT64_MAX),
    `sla=${INT64_MAX}:NoSchedule`,
    false,
    'on'
  ),
  pair(
    'a Gt toleration with threshold int64 min tolerates a taint with value int64 min plus one',
    gt('sla', INT64_MIN),
    `sla=${INT64_MIN_PLUS_1}:NoSchedule`,
    true,
    'on'
  ),
  pair(
    'a Gt toleration with threshold int64 min does not tolerate a taint with value int64 min',
    gt('sla', INT64_MIN),
    `sla=${INT64_MIN}:NoSchedule`,
    false,
    'on'
  ),
  pair(
    'a Gt toleration compares beyond 2^53 exactly: 9007199254740993 is greater than 9007199254740992',
    gt('sla', '9007199254740992'),
    'sla=9007199254740993:NoSchedule',
    true,
    'on'
  ),
  // Out of int64 range: grammar passes, range fails, so never tolerated.
  pair(
    'an Lt toleration whose threshold 12345678901234567890 is out of int64 range tolerates nothing',
    lt('sla', '12345678901234567890'),
    'sla=100:NoSchedule',
    false,
    'on'
  ),
  pair(
    'an Lt toleration whose threshold 9223372036854775808 (int64 max plus one) tolerates nothing',
    lt('sla', '9223372036854775808'),
    'sla=100:NoSchedule',
    false,
    'on'
  ),
  pair(
    'a Gt toleration whose threshold -9223372036854775809 (int64 min minus one) tolerates nothing',
    gt('sla', '-9223372036854775809'),
    'sla=100:NoSchedule',
    false,
    'on'
  ),
  pair(
    'a Gt toleration does not tolerate a taint whose value 12345678901234567890 is out of int64 range',
    gt('sla', '100'),
    'sla=12345678901234567890:NoSchedule',
    false,
    'on'
  ),
  pair(
    'a Gt toleration does not tolerate a taint whose value 9223372036854775808 is out of int64 range',
    gt('sla', '100'),
    'sla=9223372036854775808:NoSchedule',
    false,
    'on'
  ),
  pair(
    'an Lt toleration does not tolerate a taint whose value -9223372036854775809 is out of int64 range',
    lt('sla', '100'),
    'sla=-9223372036854775809:NoSchedule',
    false,
    'on'
  ),
  // Invalid thresholds (each would parse under Number() to something below 200).
  pair(
    'a Gt toleration whose threshold 0100 has a leading zero tolerates nothing',
    gt('sla', '0100'),
    'sla=200:NoSchedule',
    false,
    'on'
  ),
  pair(
    'a Gt toleration whose threshold +100 has a plus sign tolerates nothing',
    gt('sla', '+100'),
    'sla=200:NoSchedule',
    false,
    'on'
  ),
  pair(
    'a Gt toleration whose threshold 100.5 is a decimal fraction tolerates nothing',
    gt('sla', '100.5'),
    'sla=200:NoSchedule',
    false,
    'on'
  ),
  pair(
    'a Gt toleration whose threshold is a lone minus sign tolerates nothing',
    gt('sla', '-'),
    'sla=200:NoSchedule',
    false,
    'on'
  ),
  pair(
    'a Gt toleration whose threshold is empty tolerates nothing',
    gt('sla', ''),
    'sla=200:NoSchedule',
    false,
    'on'
  ),
  pair(
    'a Gt toleration whose threshold abc is not a number tolerates nothing',
    gt('sla', 'abc'),
    'sla=200:NoSchedule',
    false,
    'on'
  ),
  pair(
    'a Gt toleration whose threshold 1e2 uses an exponent tolerates nothing',
    gt('sla', '1e2'),
    'sla=200:NoSchedule',
    false,
    'on'
  ),
  pair(
    'a Gt toleration whose threshold has a leading blank tolerates nothing',
    gt('sla', ' 100'),
    'sla=200:NoSchedule',
    false,
    'on'
  ),
  pair(
    'a Gt toleration whose threshold 0x10 is hexadecimal tolerates nothing',
    gt('sla', '0x10'),
    'sla=200:NoSchedule',
    false,
    'on'
  ),
  pair(
    'an Lt toleration whose threshold -0 is a negative zero tolerates nothing',
    lt('sla', '-0'),
    'sla=-1:NoSchedule',
    false,
    'on'
  ),
  pair(
    'a Gt toleration whose threshold uses the Unicode minus sign U+2212 tolerates nothing',
    gt('sla', '\u2212100'),
    'sla=200:NoSchedule',
    false,
    'on'
  ),
  pair(
    'a Gt toleration whose threshold uses full-width digits tolerates nothing',
    gt('sla', '\uff11\uff10\uff10'),
    'sla=200:NoSchedule',
    false,
    'on'
  ),
  // Invalid taint values.
  pair(
    'a Gt toleration does not tolerate a taint whose value 0200 has a leading zero',
    gt('sla', '100'),
    'sla=0200:NoSchedule',
    false,
    'on'
  ),
  pair(
    'a Gt toleration does not tolerate a taint with an empty value',
    gt('sla', '100'),
    'sla:NoSchedule',
    false,
    'on'
  ),
  pair(
    'a Gt toleration does not tolerate a taint whose value xyz is not a number',
    gt('sla', '100'),
    'sla=xyz:NoSchedule',
    false,
    'on'
  ),
  pair(
    'an Lt toleration does not tolerate a taint whose value +200 has a plus sign',
    lt('sla', '100'),
    'sla=+200:NoSchedule',
    false,
    'on'
  ),
  pair(
    'an Lt toleration does not tolerate a taint whose value " 200 " is padded with blanks',
    lt('sla', '100'),
    'sla= 200 :NoSchedule',
    false,
    'on'
  ),
  pair(
    'a Gt toleration does not tolerate a taint whose value +200 has a plus sign',
    gt('sla', '100'),
    'sla=+200:NoSchedule',
    false,
    'on'
  ),
  pair(
    'a Gt toleration does not tolerate a taint whose value " 200 " is padded with blanks',
    gt('sla', '100'),
    'sla= 200 :NoSchedule',
    false,
    'on'
  ),
  pair(
    'an Lt toleration does not tolerate a taint with an empty value, which is not zero',
    lt('sla', '100'),
    'sla:NoSchedule',
    false,
    'on'
  ),
  pair(
    'an Lt toleration does not tolerate a taint whose value -0 is a negative zero',
    lt('sla', '100'),
    'sla=-0:NoSchedule',
    false,
    'on'
  ),
  pair(
    'an Lt toleration does not tolerate a taint whose value -050 has a leading zero',
    lt('sla', '100'),
    'sla=-050:NoSchedule',
    false,
    'on'
  ),
  pair(
    'a Gt toleration does not tolerate a taint whose value 2e2 uses an exponent',
    gt('sla', '100'),
    'sla=2e2:NoSchedule',
    false,
    'on'
  ),
  pair(
    'a Gt toleration does not tolerate a taint whose value 200.0 is a decimal fraction',
    gt('sla', '100'),
    'sla=200.0:NoSchedule',
    false,
    'on'
  ),
  pair(
    'an Lt toleration does not tolerate a taint whose value uses the Unicode minus sign U+2212',
    lt('sla', '100'),
    'sla=\u22125:NoSchedule',
    false,
    'on'
  ),
  pair(
    'a Gt toleration does not tolerate a taint whose value uses full-width digits',
    gt('sla', '1'),
    'sla=\uff15:NoSchedule',
    false,
    'on'
  ),
  // Numeric operators and the other fields.
  pair(
    'a Gt toleration does not tolerate a taint with a different key even when the value is above the threshold',
    gt('sla', '100', NS),
    'other=200:NoSchedule',
    false,
    'on'
  ),
  pair(
    'a Gt toleration with effect NoExecute does not tolerate a NoSchedule taint above the threshold',
    gt('sla', '100', NE),
    'sla=200:NoSchedule',
    false,
    'on'
  ),
  pair(
    'a Gt toleration with effect NoExecute tolerates a NoExecute taint above the threshold',
    gt('sla', '100', NE),
    'sla=200:NoExecute',
    true,
    'on'
  ),
  pair(
    'an Lt toleration with effect PreferNoSchedule tolerates a PreferNoSchedule taint below the threshold',
    lt('sla', '100', PNS),
    'sla=50:PreferNoSchedule',
    true,
    'on'
  ),
  pair(
    'a Gt toleration with an empty key tolerates a taint of any key whose value is above the threshold',
    gt('', '5'),
    'anything=10:NoSchedule',
    true,
    'on'
  ),
  pair(
    'a Gt toleration with an empty key does not tolerate a taint whose value equals the threshold',
    gt('', '5'),
    'anything=5:NoSchedule',
    false,
    'on'
  ),
  // Gate off: Lt and Gt never match.
  pair(
    'a Gt toleration never tolerates while the comparison-operator gate is off, even above the threshold',
    gt('sla', '750', NS),
    'sla=950:NoSchedule',
    false,
    'off'
  ),
  pair(
    'an Lt toleration never tolerates while the comparison-operator gate is off, even below the threshold',
    lt('sla', '950', NS),
    'sla=800:NoSchedule',
    false,
    'off'
  ),
  pair(
    'a Gt toleration with an empty key tolerates nothing while the comparison-operator gate is off',
    gt('', '5'),
    'anything=10:NoSchedule',
    false,
    'off'
  ),
  pair(
    'an Lt toleration for PreferNoSchedule tolerates nothing while the comparison-operator gate is off',
    lt('sla', '100', PNS),
    'sla=50:PreferNoSchedule',
    false,
    'off'
  ),
  pair(
    'a Gt toleration for NoExecute tolerates nothing while the comparison-operator gate is off',
    gt('sla', '100', NE),
    'sla=200:NoExecute',
    false,
    'off'
  ),
  pair(
    'a Gt toleration with threshold int64 min tolerates nothing while the comparison-operator gate is off',
    gt('sla', INT64_MIN),
    'sla=0:NoSchedule',
    false,
    'off'
  ),

  // Unknown operators: exact, case-sensitive strings only.
  pair(
    'a toleration with the lower-case operator exists tolerates nothing',
    { key: 'foo', operator: 'exists' },
    'foo=bar:NoSchedule',
    false
  ),
  pair(
    'a toleration with an empty key and the lower-case operator exists tolerates nothing',
    { key: '', operator: 'exists' },
    'foo:NoSchedule',
    false
  ),
  pair(
    'a toleration with the upper-case operator EQUAL does not tolerate a taint with the same key and value',
    { key: 'foo', operator: 'EQUAL', value: 'bar' },
    'foo=bar:NoSchedule',
    false
  ),
  pair(
    'a toleration with the lower-case operator equal does not tolerate a taint with the same key and value',
    { key: 'foo', operator: 'equal', value: 'bar' },
    'foo=bar:NoSchedule',
    false
  ),
  pair(
    'a toleration with the unknown operator Ge does not tolerate a taint above its value',
    { key: 'sla', operator: 'Ge', value: '100' },
    'sla=200:NoSchedule',
    false,
    'on'
  ),
  pair(
    'a toleration with the unknown operator Ge does not tolerate a taint equal to its value',
    { key: 'sla', operator: 'Ge', value: '100' },
    'sla=100:NoSchedule',
    false,
    'on'
  ),
  pair(
    'a toleration with the unknown operator Le does not tolerate a taint below its value',
    { key: 'sla', operator: 'Le', value: '300' },
    'sla=200:NoSchedule',
    false,
    'on'
  ),
  pair(
    'a toleration with the upper-case operator GT does not tolerate a taint above its value',
    { key: 'sla', operator: 'GT', value: '100' },
    'sla=200:NoSchedule',
    false,
    'on'
  ),
  pair(
    'a toleration with the lower-case operator lt does not tolerate a taint below its value',
    { key: 'sla', operator: 'lt', value: '300' },
    'sla=200:NoSchedule',
    false,
    'on'
  ),
  pair(
    'a toleration whose operator Exists has a trailing blank tolerates nothing',
    { key: 'foo', operator: 'Exists ' },
    'foo=bar:NoSchedule',
    false
  ),
  pair(
    'a toleration with an empty key and the unknown operator Ge tolerates nothing',
    { key: '', operator: 'Ge', value: '1' },
    'a=5:NoSchedule',
    false,
    'on'
  ),

  // Empty key is a wildcard for every operator, not only Exists (§1.2).
  pair(
    'a toleration with an empty key and operator Equal tolerates a taint of any key that has its value',
    { key: '', operator: 'Equal', value: 'bar', effect: NS },
    'foo=bar:NoSchedule',
    true
  ),
  pair(
    'a toleration with an empty key, operator Equal and an empty effect tolerates a NoExecute taint of another key with its value',
    { key: '', operator: 'Equal', value: 'bar' },
    'other=bar:NoExecute',
    true
  ),
  pair(
    'a toleration with an empty key and operator Equal does not tolerate a taint with a different value',
    { key: '', operator: 'Equal', value: 'bar' },
    'foo=baz:NoSchedule',
    false
  ),
  pair(
    'a toleration with every field empty tolerates any taint that has an empty value',
    {},
    'foo:NoSchedule',
    true
  ),
  pair(
    'a toleration with every field empty does not tolerate a taint that has a value',
    {},
    'foo=bar:NoSchedule',
    false
  ),
  pair(
    'a toleration with every field empty except operator Exists tolerates any taint of any effect',
    { operator: 'Exists' },
    'foo=bar:PreferNoSchedule',
    true
  ),
  pair(
    'a toleration with an empty key, operator Exists and an empty effect tolerates a taint with an unknown effect',
    { operator: 'Exists' },
    'foo=bar:Custom',
    true
  ),
  pair(
    'a toleration with an empty key and operator Exists tolerates a taint whose key and value are both empty',
    { operator: 'Exists', effect: NS },
    ':NoSchedule',
    true
  ),

  // Exists ignores the value completely.
  pair(
    'a toleration with operator Exists and a value still tolerates a taint with another value',
    { key: 'foo', operator: 'Exists', value: 'other', effect: NS },
    'foo=bar:NoSchedule',
    true
  ),
  pair(
    'a toleration with operator Exists and a value tolerates a taint of the same key with no value',
    { key: 'foo', operator: 'Exists', value: 'other' },
    'foo:NoExecute',
    true
  ),
  pair(
    'a toleration with operator Exists does not tolerate a taint of another key even with the same value',
    { key: 'foo', operator: 'Exists', value: 'bar' },
    'baz=bar:NoSchedule',
    false
  ),

  // Effect is checked first; effects and keys are compared byte for byte.
  pair(
    'a toleration with an empty key and operator Exists does not tolerate a taint with a different effect',
    { key: '', operator: 'Exists', effect: NE },
    'foo=bar:NoSchedule',
    false
  ),
  pair(
    'a toleration with the right effect but a different key does not tolerate the taint',
    { key: 'other', operator: 'Exists', effect: NS },
    'foo:NoSchedule',
    false
  ),
  pair(
    'a toleration with effect PreferNoSchedule does not tolerate a NoSchedule taint with the same key and value',
    { key: 'foo', operator: 'Equal', value: 'bar', effect: PNS },
    'foo=bar:NoSchedule',
    false
  ),
  pair(
    'a toleration with effect NoSchedule does not tolerate a PreferNoSchedule taint with the same key and value',
    { key: 'foo', operator: 'Equal', value: 'bar', effect: NS },
    'foo=bar:PreferNoSchedule',
    false
  ),
  pair(
    'a toleration with an empty effect tolerates a NoExecute taint of its key',
    { key: 'foo', operator: 'Exists' },
    'foo:NoExecute',
    true
  ),
  pair(
    'a toleration with an empty effect tolerates a PreferNoSchedule taint with its key and value',
    { key: 'foo', operator: 'Equal', value: 'bar' },
    'foo=bar:PreferNoSchedule',
    true
  ),
  pair(
    'a toleration with effect NoSchedule does not tolerate a taint with the unknown effect NoScheduleNoAdmit',
    { key: 'foo', operator: 'Exists', effect: NS },
    'foo=bar:NoScheduleNoAdmit',
    false
  ),
  pair(
    'a toleration with the unknown effect NoScheduleNoAdmit tolerates a taint with that same effect string',
    { key: 'foo', operator: 'Exists', effect: 'NoScheduleNoAdmit' },
    'foo=bar:NoScheduleNoAdmit',
    true
  ),
  pair(
    'a toleration with an unknown effect does not tolerate a NoSchedule taint',
    { key: 'foo', operator: 'Exists', effect: 'Custom' },
    'foo=bar:NoSchedule',
    false
  ),
  pair(
    'a toleration with an empty effect tolerates a taint with an unknown effect',
    { key: 'foo', operator: 'Exists' },
    'foo=bar:Custom',
    true
  ),
  pair(
    'a toleration with the lower-case effect noschedule does not tolerate a NoSchedule taint',
    { key: 'foo', operator: 'Exists', effect: 'noschedule' },
    'foo:NoSchedule',
    false
  ),
  pair(
    'a toleration whose effect NoSchedule has a trailing blank does not tolerate a NoSchedule taint',
    { key: 'foo', operator: 'Exists', effect: 'NoSchedule ' },
    'foo:NoSchedule',
    false
  ),
  pair(
    'a toleration with effect NoSchedule does not tolerate a taint with an empty effect',
    { key: 'foo', operator: 'Exists', effect: NS },
    'foo=bar:',
    false
  ),
  pair(
    'a toleration with an empty effect tolerates a taint with an empty effect',
    { key: 'foo', operator: 'Exists' },
    'foo=bar:',
    true
  ),
  pair(
    'a toleration key differing only in case does not tolerate the taint',
    { key: 'Foo', operator: 'Exists' },
    'foo:NoSchedule',
    false
  ),
  pair(
    'a toleration key with a trailing blank does not tolerate the taint',
    { key: 'foo ', operator: 'Exists' },
    'foo:NoSchedule',
    false
  ),
  pair(
    'a toleration value differing only in case does not tolerate the taint',
    { key: 'foo', operator: 'Equal', value: 'Bar' },
    'foo=bar:NoSchedule',
    false
  ),
  pair(
    'a toleration with operator Equal and an empty value tolerates a taint of its key with no value',
    { key: 'foo', operator: 'Equal', value: '' },
    'foo:NoSchedule',
    true
  ),
  pair(
    'a toleration with operator Equal and an empty value does not tolerate a taint of its key with a value',
    { key: 'foo', operator: 'Equal', value: '' },
    'foo=bar:NoSchedule',
    false
  ),
  pair(
    'a toleration with operator Equal and a value does not tolerate a taint of its key with no value',
    { key: 'foo', operator: 'Equal', value: 'bar' },
    'foo:NoSchedule',
    false
  ),

  // tolerationSeconds plays no part in matching.
  pair(
    'a NoExecute toleration with tolerationSeconds 0 still tolerates the NoExecute taint',
    { key: 'foo', operator: 'Exists', effect: NE, tolerationSeconds: 0n },
    'foo=bar:NoExecute',
    true
  ),
  pair(
    'a NoExecute toleration with tolerationSeconds 3600 tolerates the NoExecute taint like one without',
    { key: 'foo', operator: 'Equal', value: 'bar', effect: NE, tolerationSeconds: 3600n },
    'foo=bar:NoExecute',
    true
  ),
  pair(
    'a NoSchedule toleration with a negative tolerationSeconds still tolerates the NoSchedule taint',
    { key: 'foo', operator: 'Equal', value: 'bar', effect: NS, tolerationSeconds: -1n },
    'foo=bar:NoSchedule',
    true
  ),
  pair(
    'tolerationSeconds does not make a toleration with another value tolerate the taint',
    { key: 'foo', operator: 'Equal', value: 'other', effect: NE, tolerationSeconds: 3600n },
    'foo=bar:NoExecute',
    false
  ),
]

// ---------------------------------------------------------------------------------------------
// Level b: a pod's tolerations against one node (NodeUnschedulable, then TaintToleration Filter).
// ---------------------------------------------------------------------------------------------

function filter(
  name: string,
  tolerations: readonly TolerationSpec[],
  target: NodeTaintsAt,
  reason: RejectionReason | null,
  gate: Gate = 'either'
): FilterCase {
  return { name, tolerations: tolerations.map((t) => toleration(t)), node: target, gate, reason }
}

const UNTOLERATED = REASON_UNTOLERATED_TAINT
const UNSCHEDULABLE = REASON_UNSCHEDULABLE
const cordoned = (taints: readonly string[] = []) =>
  node('cordoned', { unschedulable: true, taints })
const tainted = (...taints: string[]) => node('tainted', { taints })

export const FILTER_CASES: readonly FilterCase[] = [
  // TestTaintTolerationFilter.
  filter(
    'a pod having no tolerations cannot be scheduled onto a node with a NoSchedule taint',
    [],
    tainted('dedicated=user1:NoSchedule'),
    UNTOLERATED
  ),
  filter(
    'a pod whose toleration omits the operator can be scheduled onto a node dedicated to it with effect NoSchedule',
    [{ key: 'dedicated', value: 'user1', effect: NS }],
    tainted('dedicated=user1:NoSchedule'),
    null
  ),
  filter(
    'a pod tolerating dedicated=user2 cannot be scheduled onto a node dedicated to user1 with effect NoSchedule',
    [{ key: 'dedicated', operator: 'Equal', value: 'user2', effect: NS }],
    tainted('dedicated=user1:NoSchedule'),
    UNTOLERATED
  ),
  filter(
    'a pod whose toleration uses operator Exists can be scheduled onto a node whose taint has that key',
    [{ key: 'foo', operator: 'Exists', effect: NS }],
    tainted('foo=bar:NoSchedule'),
    null
  ),
  filter(
    'a pod with multiple tolerations can be scheduled onto a node whose multiple taints are all tolerated',
    [
      { key: 'dedicated', operator: 'Equal', value: 'user2', effect: NS },
      { key: 'foo', operator: 'Exists', effect: NS },
    ],
    tainted('dedicated=user2:NoSchedule', 'foo=bar:NoSchedule'),
    null
  ),
  filter(
    'a pod whose toleration matches key and value but has a different non-empty effect cannot be scheduled',
    [{ key: 'foo', operator: 'Equal', value: 'bar', effect: PNS }],
    tainted('foo=bar:NoSchedule'),
    UNTOLERATED
  ),
  filter(
    'a pod whose toleration matches key and value with an empty effect can be scheduled onto a node with that NoSchedule taint',
    [{ key: 'foo', operator: 'Equal', value: 'bar' }],
    tainted('foo=bar:NoSchedule'),
    null
  ),
  filter(
    'a pod whose toleration does not match can still be scheduled when the only taint is PreferNoSchedule',
    [{ key: 'dedicated', operator: 'Equal', value: 'user2', effect: NS }],
    tainted('dedicated=user1:PreferNoSchedule'),
    null
  ),
  filter(
    'a pod having no tolerations can be scheduled onto a node whose only taint is PreferNoSchedule',
    [],
    tainted('dedicated=user1:PreferNoSchedule'),
    null
  ),

  // NodeUnschedulable.
  filter(
    'a pod having no tolerations cannot be scheduled onto a cordoned node',
    [],
    cordoned(),
    UNSCHEDULABLE
  ),
  filter(
    'a pod having no tolerations can be scheduled onto a node that is explicitly not cordoned',
    [],
    node('schedulable', { unschedulable: false }),
    null
  ),
  filter(
    'a pod tolerating node.kubernetes.io/unschedulable:NoSchedule with operator Exists can be scheduled onto a cordoned node',
    [{ key: UNSCHEDULABLE_KEY, operator: 'Exists', effect: NS }],
    cordoned(),
    null
  ),

  // TestFindMatchingUntoleratedTaint, through the NoSchedule/NoExecute filter.
  filter(
    'an empty toleration list and an empty taint list leave the node feasible',
    [],
    node('bare'),
    null
  ),
  filter(
    'tolerations on a node without taints leave the node feasible',
    [{ key: 'foo', operator: 'Exists', effect: NS }],
    node('bare'),
    null
  ),
  filter(
    'a node whose NoSchedule taints are all tolerated is feasible',
    [{ key: 'foo', operator: 'Equal', value: 'bar', effect: NS }],
    tainted('foo=bar:NoSchedule'),
    null
  ),
  filter(
    'a node whose taints are all left out by the filter (PreferNoSchedule or unknown effect) is feasible without tolerations',
    [],
    tainted('foo=bar:PreferNoSchedule', 'baz:Custom'),
    null
  ),
  filter(
    'a Gt toleration with threshold 950 leaves a NoSchedule taint with value 800 untolerated',
    [gt('sla', '950', NS)],
    tainted('sla=800:NoSchedule'),
    UNTOLERATED,
    'on'
  ),
  filter(
    'a Gt toleration with threshold 750 tolerates a NoSchedule taint with value 950',
    [gt('sla', '750', NS)],
    tainted('sla=950:NoSchedule'),
    null,
    'on'
  ),
  filter(
    'an Lt toleration with threshold 800 leaves a NoSchedule taint with value 950 untolerated',
    [lt('sla', '800', NS)],
    tainted('sla=950:NoSchedule'),
    UNTOLERATED,
    'on'
  ),
  filter(
    'a Gt toleration leaves a NoSchedule taint with the non-numeric value high untolerated',
    [gt('sla', '950', NS)],
    tainted('sla=high:NoSchedule'),
    UNTOLERATED,
    'on'
  ),
  filter(
    'a Gt toleration with threshold 750 leaves a taint with value 950 untolerated while the gate is off',
    [gt('sla', '750', NS)],
    tainted('sla=950:NoSchedule'),
    UNTOLERATED,
    'off'
  ),
  filter(
    'an Lt toleration with threshold 950 leaves a NoExecute taint with value 800 untolerated while the gate is off',
    [lt('sla', '950')],
    tainted('sla=800:NoExecute'),
    UNTOLERATED,
    'off'
  ),

  // Cordon and the real unschedulable taint (§3.7).
  filter(
    'a cordoned node that also carries the real node.kubernetes.io/unschedulable taint is reported as unschedulable, not as an untolerated taint',
    [],
    cordoned([`${UNSCHEDULABLE_KEY}:NoSchedule`]),
    UNSCHEDULABLE
  ),
  filter(
    'a cordoned node with another untolerated taint is reported as unschedulable because NodeUnschedulable runs first',
    [],
    cordoned(['dedicated=user1:NoSchedule']),
    UNSCHEDULABLE
  ),
  filter(
    'a cordoned node is reported as unschedulable even when the pod tolerates all of its taints',
    [{ key: 'foo', operator: 'Exists' }],
    cordoned(['foo=bar:NoSchedule']),
    UNSCHEDULABLE
  ),
  filter(
    'a pod tolerating the cordon but not another NoSchedule taint of the cordoned node is rejected for the untolerated taint',
    [{ key: UNSCHEDULABLE_KEY, operator: 'Exists', effect: NS }],
    cordoned([`${UNSCHEDULABLE_KEY}:NoSchedule`, 'dedicated=user1:NoSchedule']),
    UNTOLERATED
  ),
  filter(
    'a node that is not cordoned but still carries the node.kubernetes.io/unschedulable taint is rejected for the untolerated taint',
    [],
    tainted(`${UNSCHEDULABLE_KEY}:NoSchedule`),
    UNTOLERATED
  ),
  filter(
    'a pod tolerating node.kubernetes.io/unschedulable with Exists can be scheduled onto a cordoned node carrying the real taint',
    [{ key: UNSCHEDULABLE_KEY, operator: 'Exists' }],
    cordoned([`${UNSCHEDULABLE_KEY}:NoSchedule`]),
    null
  ),
  filter(
    'an Equal toleration of node.kubernetes.io/unschedulable with an empty value tolerates the cordon',
    [{ key: UNSCHEDULABLE_KEY, operator: 'Equal', value: '', effect: NS }],
    cordoned(),
    null
  ),
  filter(
    'a toleration naming only the key node.kubernetes.io/unschedulable tolerates the cordon',
    [{ key: UNSCHEDULABLE_KEY }],
    cordoned(),
    null
  ),
  filter(
    'an empty-key Exists toleration tolerates the cordon',
    [{ operator: 'Exists' }],
    cordoned(),
    null
  ),
  filter(
    'an empty-key Exists toleration with effect NoSchedule tolerates the cordon',
    [{ operator: 'Exists', effect: NS }],
    cordoned(),
    null
  ),
  filter(
    'a toleration with every field empty tolerates the cordon, whose synthetic taint has an empty value',
    [{}],
    cordoned(),
    null
  ),
  filter(
    'an empty-key Exists toleration with effect NoExecute does not tolerate the cordon',
    [{ operator: 'Exists', effect: NE }],
    cordoned(),
    UNSCHEDULABLE
  ),
  filter(
    'an Exists toleration of node.kubernetes.io/unschedulable with effect NoExecute does not tolerate the cordon',
    [{ key: UNSCHEDULABLE_KEY, operator: 'Exists', effect: NE }],
    cordoned(),
    UNSCHEDULABLE
  ),
  filter(
    'an Exists toleration of node.kubernetes.io/unschedulable with effect PreferNoSchedule does not tolerate the cordon',
    [{ key: UNSCHEDULABLE_KEY, operator: 'Exists', effect: PNS }],
    cordoned(),
    UNSCHEDULABLE
  ),
  filter(
    'an Equal toleration of node.kubernetes.io/unschedulable with the value true does not tolerate the cordon',
    [{ key: UNSCHEDULABLE_KEY, operator: 'Equal', value: 'true' }],
    cordoned(),
    UNSCHEDULABLE
  ),
  filter(
    'an Exists toleration of the key in another case does not tolerate the cordon',
    [{ key: 'Node.kubernetes.io/unschedulable', operator: 'Exists' }],
    cordoned(),
    UNSCHEDULABLE
  ),
  filter(
    'an Lt toleration of node.kubernetes.io/unschedulable never tolerates the cordon, whose empty value is not an integer',
    [lt(UNSCHEDULABLE_KEY, '1')],
    cordoned(),
    UNSCHEDULABLE,
    'on'
  ),
  filter(
    'a Gt toleration of node.kubernetes.io/unschedulable never tolerates the cordon, whose empty value is not an integer',
    [gt(UNSCHEDULABLE_KEY, '-1')],
    cordoned(),
    UNSCHEDULABLE,
    'on'
  ),
  filter(
    'an empty-key Gt toleration never tolerates the cordon',
    [gt('', INT64_MIN)],
    cordoned(),
    UNSCHEDULABLE,
    'on'
  ),
  filter(
    'a Gt toleration of node.kubernetes.io/unschedulable does not tolerate the cordon while the gate is off',
    [gt(UNSCHEDULABLE_KEY, '-1')],
    cordoned(),
    UNSCHEDULABLE,
    'off'
  ),

  // Which taints the Filter honours.
  filter(
    'PreferNoSchedule taints never fail the filter, however many the node has',
    [],
    tainted('a=1:PreferNoSchedule', 'b=2:PreferNoSchedule', 'c:PreferNoSchedule'),
    null
  ),
  filter(
    'a pod having no tolerations cannot be scheduled onto a node with a NoExecute taint',
    [],
    tainted('foo=bar:NoExecute'),
    UNTOLERATED
  ),
  filter(
    'a NoExecute toleration with tolerationSeconds 0 still lets the pod be scheduled onto the NoExecute node',
    [{ key: 'foo', operator: 'Exists', effect: NE, tolerationSeconds: 0n }],
    tainted('foo=bar:NoExecute'),
    null
  ),
  filter(
    'taints with unknown, lower-case or empty effects are ignored by the filter',
    [],
    tainted('foo=bar:NoScheduleNoAdmit', 'foo=bar:noschedule', 'foo=bar:', 'foo=bar:Custom'),
    null
  ),
  filter(
    'a pod tolerating the first NoSchedule taint but not the second cannot be scheduled',
    [{ key: 'a', operator: 'Exists' }],
    tainted('a=1:NoSchedule', 'b=2:NoSchedule'),
    UNTOLERATED
  ),
  filter(
    'a pod tolerating the second NoSchedule taint but not the first cannot be scheduled',
    [{ key: 'b', operator: 'Exists' }],
    tainted('a=1:NoSchedule', 'b=2:NoSchedule'),
    UNTOLERATED
  ),
  filter(
    'a NoSchedule toleration does not cover a NoExecute taint of the same key',
    [{ key: 'foo', operator: 'Exists', effect: NS }],
    tainted('foo=bar:NoSchedule', 'foo=bar:NoExecute'),
    UNTOLERATED
  ),
  filter(
    'an empty-key Exists toleration with an empty effect tolerates every NoSchedule and NoExecute taint',
    [{ operator: 'Exists' }],
    tainted('a=1:NoSchedule', 'b:NoExecute', 'c=3:PreferNoSchedule'),
    null
  ),
  filter(
    'an empty-key Exists toleration limited to NoSchedule leaves a NoExecute taint untolerated',
    [{ operator: 'Exists', effect: NS }],
    tainted('a=1:NoSchedule', 'b:NoExecute'),
    UNTOLERATED
  ),
  filter(
    'an empty-key Exists toleration limited to NoExecute leaves a NoSchedule taint untolerated',
    [{ operator: 'Exists', effect: NE }],
    tainted('b:NoExecute', 'a=1:NoSchedule'),
    UNTOLERATED
  ),
  filter(
    'empty-key Exists tolerations for NoSchedule and for NoExecute together tolerate every hard taint',
    [
      { operator: 'Exists', effect: NS },
      { operator: 'Exists', effect: NE },
    ],
    tainted('a=1:NoSchedule', 'b:NoExecute'),
    null
  ),
  filter(
    'an empty-key Exists toleration limited to PreferNoSchedule leaves a NoSchedule taint untolerated',
    [{ operator: 'Exists', effect: PNS }],
    tainted('a=1:NoSchedule'),
    UNTOLERATED
  ),
  filter(
    'an empty-key Equal toleration tolerates every hard taint carrying its value, whatever the key',
    [{ operator: 'Equal', value: 'gpu' }],
    tainted('a=gpu:NoSchedule', 'b=gpu:NoExecute'),
    null
  ),
  filter(
    'an empty-key Equal toleration leaves a hard taint with another value untolerated',
    [{ operator: 'Equal', value: 'gpu' }],
    tainted('a=gpu:NoSchedule', 'b=cpu:NoExecute'),
    UNTOLERATED
  ),
  filter(
    'an empty-key Equal toleration and a keyed Exists toleration together cover their own taints',
    [
      { operator: 'Equal', value: 'gpu' },
      { key: 'b', operator: 'Exists' },
    ],
    tainted('a=gpu:NoSchedule', 'b=cpu:NoExecute'),
    null
  ),
  filter(
    'an empty-key Gt toleration tolerates every hard taint whose value is above the threshold',
    [gt('', '100')],
    tainted('a=200:NoSchedule', 'b=300:NoExecute'),
    null,
    'on'
  ),
  filter(
    'an empty-key Gt toleration leaves a hard taint with a value below the threshold untolerated',
    [gt('', '100')],
    tainted('a=200:NoSchedule', 'b=50:NoExecute'),
    UNTOLERATED,
    'on'
  ),
  filter(
    'an empty-key Gt toleration tolerates no hard taint while the gate is off',
    [gt('', '100')],
    tainted('a=200:NoSchedule', 'b=300:NoExecute'),
    UNTOLERATED,
    'off'
  ),
  filter(
    'several Gt tolerations for the same key tolerate a taint above the smallest threshold',
    [gt('sla', '500'), gt('sla', '100')],
    tainted('sla=200:NoSchedule'),
    null,
    'on'
  ),
  filter(
    'several Lt tolerations for the same key tolerate a taint below the largest threshold',
    [lt('sla', '100'), lt('sla', '500')],
    tainted('sla=200:NoSchedule'),
    null,
    'on'
  ),
  filter(
    'a Gt and an Lt toleration for the same key leave a taint between the two thresholds untolerated',
    [gt('sla', '900'), lt('sla', '100')],
    tainted('sla=500:NoSchedule'),
    UNTOLERATED,
    'on'
  ),
  filter(
    'a Gt and an Lt toleration for the same key tolerate taints on either side of the gap',
    [gt('sla', '900'), lt('sla', '100')],
    tainted('sla=50:NoSchedule', 'sla=950:NoExecute'),
    null,
    'on'
  ),
  filter(
    'an invalid Gt threshold next to a valid one does not hide the valid one',
    [gt('sla', 'abc'), gt('sla', '100')],
    tainted('sla=200:NoSchedule'),
    null,
    'on'
  ),
  filter(
    'an out-of-range Lt threshold next to a valid one does not widen what is tolerated',
    [lt('sla', '9223372036854775808'), lt('sla', '100')],
    tainted('sla=200:NoSchedule'),
    UNTOLERATED,
    'on'
  ),
  filter(
    'an Equal and a Gt toleration for the same key tolerate the union of what each tolerates',
    [{ key: 'sla', operator: 'Equal', value: 'high' }, gt('sla', '100')],
    tainted('sla=high:NoSchedule', 'sla=200:NoExecute'),
    null,
    'on'
  ),
  filter(
    'an Equal toleration of a numeric value does not extend to greater values',
    [{ key: 'sla', operator: 'Equal', value: '100' }],
    tainted('sla=100:NoSchedule', 'sla=200:NoSchedule'),
    UNTOLERATED,
    'on'
  ),
  filter(
    'a toleration with the lower-case operator exists does not tolerate a NoSchedule taint',
    [{ key: 'foo', operator: 'exists' }],
    tainted('foo=bar:NoSchedule'),
    UNTOLERATED
  ),
  filter(
    'an empty-key toleration with the unknown operator Ge tolerates no hard taint',
    [{ operator: 'Ge', value: '1' }],
    tainted('a=5:NoSchedule'),
    UNTOLERATED,
    'on'
  ),
  filter(
    'a toleration with an unknown effect does not help the pod onto a node with NoSchedule taints',
    [{ key: 'foo', operator: 'Exists', effect: 'Custom' }],
    tainted('foo=bar:NoSchedule', 'foo=bar:Custom'),
    UNTOLERATED
  ),
]

// ---------------------------------------------------------------------------------------------
// Level c: a pod's tolerations against a list of nodes, scored 0–10.
// ---------------------------------------------------------------------------------------------

function score(
  name: string,
  tolerations: readonly TolerationSpec[],
  nodes: readonly NodeTaintsAt[],
  scores: readonly number[],
  gate: Gate = 'either'
): ScoreCase {
  return { name, tolerations: tolerations.map((t) => toleration(t)), nodes, gate, scores }
}

/** Nodes named n0, n1, … carrying the given numbers of distinct PreferNoSchedule taints. */
function softTaintCounts(...counts: number[]): NodeTaintsAt[] {
  return counts.map((count, i) =>
    node(`n${i}`, { taints: Array.from({ length: count }, (_, j) => `k${j}=v:PreferNoSchedule`) })
  )
}

const nodeA = (...taints: string[]) => node('nodeA', { taints })
const nodeB = (...taints: string[]) => node('nodeB', { taints })
const nodeC = (...taints: string[]) => node('nodeC', { taints })
const nodeD = (...taints: string[]) => node('nodeD', { taints })

export const SCORE_CASES: readonly ScoreCase[] = [
  // TestTaintTolerationScore, rescaled from 0..100 to 0..10.
  score(
    'a node whose PreferNoSchedule taint is tolerated scores higher than a node whose one is not',
    [{ key: 'foo', operator: 'Equal', value: 'bar', effect: PNS }],
    [nodeA('foo=bar:PreferNoSchedule'), nodeB('foo=blah:PreferNoSchedule')],
    [10, 0]
  ),
  score(
    'the number of tolerated PreferNoSchedule taints on a node does not matter',
    [
      { key: 'cpu-type', operator: 'Equal', value: 'arm64', effect: PNS },
      { key: 'disk-type', operator: 'Equal', value: 'ssd', effect: PNS },
    ],
    [
      nodeA(),
      nodeB('cpu-type=arm64:PreferNoSchedule'),
      nodeC('cpu-type=arm64:PreferNoSchedule', 'disk-type=ssd:PreferNoSchedule'),
    ],
    [10, 10, 10]
  ),
  score(
    'the more untolerated PreferNoSchedule taints a node has, the lower its score',
    [{ key: 'foo', operator: 'Equal', value: 'bar', effect: PNS }],
    [
      nodeA(),
      nodeB('cpu-type=arm64:PreferNoSchedule'),
      nodeC('cpu-type=arm64:PreferNoSchedule', 'disk-type=ssd:PreferNoSchedule'),
    ],
    [10, 5, 0]
  ),
  score(
    'only taints and tolerations with effect PreferNoSchedule are taken into account by scoring',
    [
      { key: 'cpu-type', operator: 'Equal', value: 'arm64', effect: NS },
      { key: 'disk-type', operator: 'Equal', value: 'ssd', effect: NS },
    ],
    [
      nodeA(),
      nodeB('cpu-type=arm64:NoSchedule'),
      nodeC('cpu-type=arm64:PreferNoSchedule', 'disk-type=ssd:PreferNoSchedule'),
    ],
    [10, 10, 0]
  ),
  score(
    'a pod having no tolerations prefers a node without PreferNoSchedule taints',
    [],
    [nodeA(), nodeB('cpu-type=arm64:PreferNoSchedule')],
    [10, 0]
  ),

  // DefaultNormalizeScore (§3.4), rescaled: 10 - floor(10 * count / max).
  score('counts 0, 1, 2 normalise to 10, 5, 0', [], softTaintCounts(0, 1, 2), [10, 5, 0]),
  score(
    'counts 0, 1, 3 normalise to 10, 7, 0 (10 - floor(10/3))',
    [],
    softTaintCounts(0, 1, 3),
    [10, 7, 0]
  ),
  score(
    'counts 0, 1, 2, 3 normalise to 10, 7, 4, 0 (floor, not rounding, of 20/3)',
    [],
    softTaintCounts(0, 1, 2, 3),
    [10, 7, 4, 0]
  ),
  score(
    'counts 0, 0 normalise to 10, 10 because the maximum count is zero',
    [],
    softTaintCounts(0, 0),
    [10, 10]
  ),
  score(
    'counts 2, 2 normalise to 0, 0 because every node has the maximum count',
    [],
    softTaintCounts(2, 2),
    [0, 0]
  ),
  score('counts 1, 3 normalise to 7, 0', [], softTaintCounts(1, 3), [7, 0]),
  score(
    'counts 2, 3 normalise to 4, 0 (10 - floor(20/3), truncating 6.67)',
    [],
    softTaintCounts(2, 3),
    [4, 0]
  ),
  score('counts 1, 4 normalise to 8, 0 (10 - floor(2.5))', [], softTaintCounts(1, 4), [8, 0]),
  score('counts 3, 4 normalise to 3, 0 (10 - floor(7.5))', [], softTaintCounts(3, 4), [3, 0]),
  score('counts 3, 1 keep the node order and normalise to 0, 7', [], softTaintCounts(3, 1), [0, 7]),
  score('counts 5, 1 normalise to 0, 8 (10 - floor(10/5))', [], softTaintCounts(5, 1), [0, 8]),
  score(
    'counts 0, 7, 3 normalise to 10, 0, 6 (10 - floor(30/7))',
    [],
    softTaintCounts(0, 7, 3),
    [10, 0, 6]
  ),
  score('counts 1, 1, 2 normalise to 5, 5, 0', [], softTaintCounts(1, 1, 2), [5, 5, 0]),
  score(
    'a single node with an untolerated PreferNoSchedule taint scores 0',
    [],
    softTaintCounts(1),
    [0]
  ),
  score('a single node without taints scores 10', [], softTaintCounts(0), [10]),
  score('an empty node list gives an empty score list', [], [], []),

  // What counts.
  score(
    'a PreferNoSchedule taint that appears twice on a node is counted twice',
    [],
    [
      nodeA('foo=bar:PreferNoSchedule', 'foo=bar:PreferNoSchedule'),
      nodeB('foo=bar:PreferNoSchedule'),
    ],
    [0, 5]
  ),
  score(
    'a tolerated PreferNoSchedule taint that appears twice still counts zero',
    [{ key: 'foo', operator: 'Exists', effect: PNS }],
    [nodeA('foo=bar:PreferNoSchedule', 'foo=bar:PreferNoSchedule'), nodeB('baz:PreferNoSchedule')],
    [10, 0]
  ),
  score(
    'a node with both tolerated and untolerated PreferNoSchedule taints counts only the untolerated ones',
    [{ key: 'a', operator: 'Exists', effect: PNS }],
    [
      nodeA('a=1:PreferNoSchedule', 'a=2:PreferNoSchedule', 'b=1:PreferNoSchedule'),
      nodeB('b=1:PreferNoSchedule', 'b=2:PreferNoSchedule'),
      nodeC(),
    ],
    [5, 0, 10]
  ),
  score(
    'a NoSchedule toleration does not lower the count of a matching PreferNoSchedule taint',
    [{ key: 'foo', operator: 'Equal', value: 'bar', effect: NS }],
    [nodeA('foo=bar:PreferNoSchedule'), nodeB()],
    [0, 10]
  ),
  score(
    'a NoExecute toleration does not lower the count of a matching PreferNoSchedule taint',
    [{ key: 'foo', operator: 'Exists', effect: NE }],
    [nodeA('foo:PreferNoSchedule'), nodeB()],
    [0, 10]
  ),
  score(
    'a toleration with an empty effect tolerates PreferNoSchedule taints for scoring',
    [{ key: 'foo', operator: 'Equal', value: 'bar' }],
    [nodeA('foo=bar:PreferNoSchedule'), nodeB('foo=baz:PreferNoSchedule')],
    [10, 0]
  ),
  score(
    'NoSchedule and NoExecute taints do not lower a node score',
    [],
    [nodeA('a:NoSchedule', 'b=1:NoSchedule', 'c:NoExecute'), nodeB('d:PreferNoSchedule')],
    [10, 0]
  ),
  score(
    'taints with unknown or empty effects do not lower a node score',
    [],
    [nodeA('foo:Custom', 'foo=bar:', 'foo:preferNoSchedule'), nodeB('foo:PreferNoSchedule')],
    [10, 0]
  ),
  score(
    'every node scores 10 when none has an untolerated PreferNoSchedule taint, even if some carry tolerated ones',
    [{ operator: 'Exists', effect: PNS }],
    [nodeA('x:PreferNoSchedule', 'y=1:PreferNoSchedule'), nodeB(), nodeC('z:NoSchedule')],
    [10, 10, 10]
  ),
  score(
    'an empty-key Exists toleration limited to NoSchedule does not help scoring',
    [{ operator: 'Exists', effect: NS }],
    [nodeA('foo:PreferNoSchedule'), nodeB()],
    [0, 10]
  ),
  score(
    'an empty-key Equal toleration tolerates every PreferNoSchedule taint carrying its value',
    [{ operator: 'Equal', value: 'spot' }],
    [
      nodeA('a=spot:PreferNoSchedule', 'b=spot:PreferNoSchedule'),
      nodeB('a=ondemand:PreferNoSchedule'),
    ],
    [10, 0]
  ),
  score(
    'an Equal and an Exists toleration for different keys each lower the count by their own taints',
    [
      { key: 'a', operator: 'Equal', value: '1' },
      { key: 'b', operator: 'Exists', effect: PNS },
    ],
    [
      nodeA('a=1:PreferNoSchedule', 'b=x:PreferNoSchedule', 'c=y:PreferNoSchedule'),
      nodeB('a=2:PreferNoSchedule', 'b=x:PreferNoSchedule'),
      nodeC('c=y:PreferNoSchedule', 'c=z:PreferNoSchedule'),
    ],
    [5, 5, 0]
  ),
  score(
    'a toleration with the lower-case operator exists tolerates nothing for scoring',
    [{ key: 'foo', operator: 'exists' }],
    [nodeA('foo=bar:PreferNoSchedule'), nodeB()],
    [0, 10]
  ),
  score(
    'cordoned nodes are scored like any other node',
    [],
    [node('cordoned', { unschedulable: true }), nodeB('foo:PreferNoSchedule')],
    [10, 0]
  ),
  score(
    'a Gt toleration for PreferNoSchedule tolerates only taints strictly above its threshold',
    [gt('sla', '100', PNS)],
    [
      nodeA('sla=200:PreferNoSchedule'),
      nodeB('sla=50:PreferNoSchedule'),
      nodeC('sla=100:PreferNoSchedule'),
    ],
    [10, 0, 0],
    'on'
  ),
  score(
    'a Gt toleration for PreferNoSchedule tolerates nothing for scoring while the gate is off',
    [gt('sla', '100', PNS)],
    [
      nodeA('sla=200:PreferNoSchedule'),
      nodeB('sla=50:PreferNoSchedule'),
      nodeC('sla=100:PreferNoSchedule'),
    ],
    [0, 0, 0],
    'off'
  ),
  score(
    'an Lt toleration with an empty effect tolerates PreferNoSchedule taints strictly below its threshold',
    [lt('sla', '100')],
    [
      nodeA('sla=50:PreferNoSchedule'),
      nodeB('sla=150:PreferNoSchedule'),
      nodeC('sla=high:PreferNoSchedule'),
      nodeD(),
    ],
    [10, 0, 0, 10],
    'on'
  ),
  score(
    'an Lt toleration with an empty effect tolerates nothing for scoring while the gate is off',
    [lt('sla', '100')],
    [
      nodeA('sla=50:PreferNoSchedule'),
      nodeB('sla=150:PreferNoSchedule'),
      nodeC('sla=high:PreferNoSchedule'),
      nodeD(),
    ],
    [0, 0, 0, 10],
    'off'
  ),
  score(
    'several Gt tolerations for the same key tolerate PreferNoSchedule taints above the smallest threshold',
    [gt('sla', '500'), gt('sla', '100')],
    [nodeA('sla=200:PreferNoSchedule'), nodeB('sla=50:PreferNoSchedule')],
    [10, 0],
    'on'
  ),
  score(
    'several Lt tolerations for the same key tolerate PreferNoSchedule taints below the largest threshold',
    [lt('sla', '100'), lt('sla', '500')],
    [nodeA('sla=200:PreferNoSchedule'), nodeB('sla=700:PreferNoSchedule')],
    [10, 0],
    'on'
  ),
]

// ---------------------------------------------------------------------------------------------
// Registration.
// ---------------------------------------------------------------------------------------------

const GATE_ON: RuleOptions = Object.freeze({ comparisonOperators: true })
const GATE_OFF: RuleOptions = Object.freeze({ comparisonOperators: false })

function expandGate(gate: Gate): readonly [string, RuleOptions][] {
  switch (gate) {
    case 'on':
      return [['gate on', GATE_ON]]
    case 'off':
      return [['gate off', GATE_OFF]]
    case 'either':
      return [
        ['gate on', GATE_ON],
        ['gate off', GATE_OFF],
      ]
  }
}

const HARD_EFFECTS = new Set(['NoSchedule', 'NoExecute'])

/**
 * Options for one run of the table. `knownFailures` maps a case name (without the gate suffix)
 * to the reason a given implementation is known to get it wrong: such rows are registered with
 * `it.fails`, so the suite stays green while the discrepancy is on record, and turns red the
 * day the implementation is fixed.
 */
export interface TableOptions {
  readonly knownFailures?: Readonly<Record<string, string>>
}

/** Registers describe/it blocks for every row of the table against one implementation. */
export function runSemanticsTable(name: string, rules: RuleSet, table: TableOptions = {}): void {
  const knownFailures = table.knownFailures ?? {}
  const row = (caseName: string, gateName: string, fn: () => void) => {
    const title = `${caseName} (${gateName})`
    if (Object.hasOwn(knownFailures, caseName)) it.fails(title, fn)
    else it(title, fn)
  }

  describe(`${name}: one toleration against one taint`, () => {
    for (const c of PAIR_CASES) {
      for (const [gateName, options] of expandGate(c.gate)) {
        row(c.name, gateName, () => {
          expect(rules.tolerates([c.toleration], c.taint, options)).toBe(c.tolerated)
        })
      }
    }
  })

  // The same pairs seen through the two other entry points: a node carrying just that taint is
  // rejected by Filter iff the taint is NoSchedule/NoExecute and not tolerated, and scores below
  // an untainted node iff the taint is PreferNoSchedule and not tolerated.
  describe(`${name}: one toleration against one taint, through the node filter`, () => {
    for (const c of PAIR_CASES) {
      const expected = HARD_EFFECTS.has(c.taint.effect) && !c.tolerated ? UNTOLERATED : null
      const target = node('tainted', { taints: [c.taint] })
      for (const [gateName, options] of expandGate(c.gate)) {
        row(c.name, gateName, () => {
          expect(rules.filterNode([c.toleration], target, options)).toBe(expected)
        })
      }
    }
  })

  describe(`${name}: one toleration against one taint, through scoring`, () => {
    for (const c of PAIR_CASES) {
      const expected = c.taint.effect === 'PreferNoSchedule' && !c.tolerated ? [10, 0] : [10, 10]
      const nodes = [node('untainted'), node('tainted', { taints: [c.taint] })]
      for (const [gateName, options] of expandGate(c.gate)) {
        row(c.name, gateName, () => {
          expect([...rules.scores([c.toleration], nodes, options)]).toEqual(expected)
        })
      }
    }
  })

  describe(`${name}: node filter`, () => {
    for (const c of FILTER_CASES) {
      for (const [gateName, options] of expandGate(c.gate)) {
        row(c.name, gateName, () => {
          expect(rules.filterNode(c.tolerations, c.node, options)).toBe(c.reason)
        })
      }
    }
  })

  describe(`${name}: scores`, () => {
    for (const c of SCORE_CASES) {
      for (const [gateName, options] of expandGate(c.gate)) {
        row(c.name, gateName, () => {
          expect([...rules.scores(c.tolerations, c.nodes, options)]).toEqual(c.scores)
        })
      }
    }
  })
}
