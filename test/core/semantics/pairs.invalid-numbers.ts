import { gt, lt, pair } from './rows.js'
import type { PairCase } from './types.js'

export const INVALID_NUMBER_PAIRS: readonly PairCase[] = [
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
]
