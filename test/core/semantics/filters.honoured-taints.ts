import { filter, gt, lt, NE, NS, PNS, tainted, UNTOLERATED } from './rows.js'
import type { FilterCase } from './types.js'

export const HONOURED_TAINT_FILTERS: readonly FilterCase[] = [
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
