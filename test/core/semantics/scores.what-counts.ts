import { node } from '../builders.js'
import { gt, lt, NE, nodeA, nodeB, nodeC, nodeD, NS, PNS, score } from './rows.js'
import type { ScoreCase } from './types.js'

export const WHAT_COUNTS_SCORES: readonly ScoreCase[] = [
  // What counts.
  score(
    'a PreferNoSchedule taint that appears twice on a node is counted twice',
    [],
    [
      nodeA('foo=bar:PreferNoSchedule', 'foo=bar:PreferNoSchedule'),
      nodeB('foo=bar:PreferNoSchedule'),
    ],
    [0, 5]
  ),
  score(
    'a tolerated PreferNoSchedule taint that appears twice still counts zero',
    [{ key: 'foo', operator: 'Exists', effect: PNS }],
    [nodeA('foo=bar:PreferNoSchedule', 'foo=bar:PreferNoSchedule'), nodeB('baz:PreferNoSchedule')],
    [10, 0]
  ),
  score(
    'a node with both tolerated and untolerated PreferNoSchedule taints counts only the untolerated ones',
    [{ key: 'a', operator: 'Exists', effect: PNS }],
    [
      nodeA('a=1:PreferNoSchedule', 'a=2:PreferNoSchedule', 'b=1:PreferNoSchedule'),
      nodeB('b=1:PreferNoSchedule', 'b=2:PreferNoSchedule'),
      nodeC(),
    ],
    [5, 0, 10]
  ),
  score(
    'a NoSchedule toleration does not lower the count of a matching PreferNoSchedule taint',
    [{ key: 'foo', operator: 'Equal', value: 'bar', effect: NS }],
    [nodeA('foo=bar:PreferNoSchedule'), nodeB()],
    [0, 10]
  ),
  score(
    'a NoExecute toleration does not lower the count of a matching PreferNoSchedule taint',
    [{ key: 'foo', operator: 'Exists', effect: NE }],
    [nodeA('foo:PreferNoSchedule'), nodeB()],
    [0, 10]
  ),
  score(
    'a toleration with an empty effect tolerates PreferNoSchedule taints for scoring',
    [{ key: 'foo', operator: 'Equal', value: 'bar' }],
    [nodeA('foo=bar:PreferNoSchedule'), nodeB('foo=baz:PreferNoSchedule')],
    [10, 0]
  ),
  score(
    'NoSchedule and NoExecute taints do not lower a node score',
    [],
    [nodeA('a:NoSchedule', 'b=1:NoSchedule', 'c:NoExecute'), nodeB('d:PreferNoSchedule')],
    [10, 0]
  ),
  score(
    'taints with unknown or empty effects do not lower a node score',
    [],
    [nodeA('foo:Custom', 'foo=bar:', 'foo:preferNoSchedule'), nodeB('foo:PreferNoSchedule')],
    [10, 0]
  ),
  score(
    'every node scores 10 when none has an untolerated PreferNoSchedule taint, even if some carry tolerated ones',
    [{ operator: 'Exists', effect: PNS }],
    [nodeA('x:PreferNoSchedule', 'y=1:PreferNoSchedule'), nodeB(), nodeC('z:NoSchedule')],
    [10, 10, 10]
  ),
  score(
    'an empty-key Exists toleration limited to NoSchedule does not help scoring',
    [{ operator: 'Exists', effect: NS }],
    [nodeA('foo:PreferNoSchedule'), nodeB()],
    [0, 10]
  ),
  score(
    'an empty-key Equal toleration tolerates every PreferNoSchedule taint carrying its value',
    [{ operator: 'Equal', value: 'spot' }],
    [
      nodeA('a=spot:PreferNoSchedule', 'b=spot:PreferNoSchedule'),
      nodeB('a=ondemand:PreferNoSchedule'),
    ],
    [10, 0]
  ),
  score(
    'an Equal and an Exists toleration for different keys each lower the count by their own taints',
    [
      { key: 'a', operator: 'Equal', value: '1' },
      { key: 'b', operator: 'Exists', effect: PNS },
    ],
    [
      nodeA('a=1:PreferNoSchedule', 'b=x:PreferNoSchedule', 'c=y:PreferNoSchedule'),
      nodeB('a=2:PreferNoSchedule', 'b=x:PreferNoSchedule'),
      nodeC('c=y:PreferNoSchedule', 'c=z:PreferNoSchedule'),
    ],
    [5, 5, 0]
  ),
  score(
    'a toleration with the lower-case operator exists tolerates nothing for scoring',
    [{ key: 'foo', operator: 'exists' }],
    [nodeA('foo=bar:PreferNoSchedule'), nodeB()],
    [0, 10]
  ),
  score(
    'cordoned nodes are scored like any other node',
    [],
    [node('cordoned', { unschedulable: true }), nodeB('foo:PreferNoSchedule')],
    [10, 0]
  ),
  score(
    'a Gt toleration for PreferNoSchedule tolerates only taints strictly above its threshold',
    [gt('sla', '100', PNS)],
    [
      nodeA('sla=200:PreferNoSchedule'),
      nodeB('sla=50:PreferNoSchedule'),
      nodeC('sla=100:PreferNoSchedule'),
    ],
    [10, 0, 0],
    'on'
  ),
  score(
    'a Gt toleration for PreferNoSchedule tolerates nothing for scoring while the gate is off',
    [gt('sla', '100', PNS)],
    [
      nodeA('sla=200:PreferNoSchedule'),
      nodeB('sla=50:PreferNoSchedule'),
      nodeC('sla=100:PreferNoSchedule'),
    ],
    [0, 0, 0],
    'off'
  ),
  score(
    'an Lt toleration with an empty effect tolerates PreferNoSchedule taints strictly below its threshold',
    [lt('sla', '100')],
    [
      nodeA('sla=50:PreferNoSchedule'),
      nodeB('sla=150:PreferNoSchedule'),
      nodeC('sla=high:PreferNoSchedule'),
      nodeD(),
    ],
    [10, 0, 0, 10],
    'on'
  ),
  score(
    'an Lt toleration with an empty effect tolerates nothing for scoring while the gate is off',
    [lt('sla', '100')],
    [
      nodeA('sla=50:PreferNoSchedule'),
      nodeB('sla=150:PreferNoSchedule'),
      nodeC('sla=high:PreferNoSchedule'),
      nodeD(),
    ],
    [0, 0, 0, 10],
    'off'
  ),
  score(
    'several Gt tolerations for the same key tolerate PreferNoSchedule taints above the smallest threshold',
    [gt('sla', '500'), gt('sla', '100')],
    [nodeA('sla=200:PreferNoSchedule'), nodeB('sla=50:PreferNoSchedule')],
    [10, 0],
    'on'
  ),
  score(
    'several Lt tolerations for the same key tolerate PreferNoSchedule taints below the largest threshold',
    [lt('sla', '100'), lt('sla', '500')],
    [nodeA('sla=200:PreferNoSchedule'), nodeB('sla=700:PreferNoSchedule')],
    [10, 0],
    'on'
  ),
]
