import { gt, INT64_MIN, lt, NE, NS, pair, PNS } from './rows.js'
import type { PairCase } from './types.js'

export const OPERATOR_AND_GATE_PAIRS: readonly PairCase[] = [
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
]
