import { gt, lt, pair } from './rows.js'
import type { PairCase } from './types.js'

export const NUMERIC_COMPARISON_PAIRS: readonly PairCase[] = [
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
]
