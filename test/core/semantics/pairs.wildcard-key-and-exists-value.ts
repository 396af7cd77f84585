import { NS, pair } from './rows.js'
import type { PairCase } from './types.js'

export const WILDCARD_KEY_AND_EXISTS_VALUE_PAIRS: readonly PairCase[] = [
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
]
