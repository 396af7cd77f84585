import {
  cordoned,
  filter,
  gt,
  INT64_MIN,
  lt,
  NE,
  NS,
  PNS,
  tainted,
  UNSCHEDULABLE,
  UNSCHEDULABLE_KEY,
  UNTOLERATED,
} from './rows.js'
import type { FilterCase } from './types.js'

export const CORDON_FILTERS: readonly FilterCase[] = [
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
]
