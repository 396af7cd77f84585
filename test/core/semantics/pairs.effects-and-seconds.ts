import { NE, NS, pair, PNS } from './rows.js'
import type { PairCase } from './types.js'

export const EFFECT_AND_SECONDS_PAIRS: readonly PairCase[] = [
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
