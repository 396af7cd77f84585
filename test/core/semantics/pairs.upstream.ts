import { gt, INT64_MAX, INT64_MAX_MINUS_1, INT64_MIN, lt, NS, pair } from './rows.js'
import type { PairCase } from './types.js'

export const UPSTREAM_PAIRS: readonly PairCase[] = [
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
]
