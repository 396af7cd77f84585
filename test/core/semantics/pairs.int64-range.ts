import { gt, INT64_MAX, INT64_MAX_MINUS_1, INT64_MIN, INT64_MIN_PLUS_1, lt, pair } from './rows.js'
import type { PairCase } from './types.js'

export const INT64_RANGE_PAIRS: readonly PairCase[] = [
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
]
