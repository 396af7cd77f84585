import { node } from '../builders.js'
import {
  cordoned,
  filter,
  gt,
  lt,
  NS,
  PNS,
  tainted,
  UNSCHEDULABLE,
  UNSCHEDULABLE_KEY,
  UNTOLERATED,
} from './rows.js'
import type { FilterCase } from './types.js'

export const UPSTREAM_FILTERS: readonly FilterCase[] = [
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
]
