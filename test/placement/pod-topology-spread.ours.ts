import type { SpreadPlacedPod } from '../../src/placement/pod-topology-spread.js'
import {
  constraint,
  FOO,
  FOUR_NODES,
  on,
  selector,
  spreadNode,
  spreadPod,
  type SpreadCase,
} from './spread-builders.js'

/**
 * PodTopologySpread Filter rows of our own, each a fact read in v1.35's code rather than in its
 * tests: which constraints filter, matchLabelKeys, the empty selector, which pods and nodes count.
 */

const foo = { foo: '' }
const ALL_FIT = { 'node-a': 'fits', 'node-b': 'fits', 'node-x': 'fits', 'node-y': 'fits' } as const
const ZONE2_ONLY = {
  'node-a': 'skew',
  'node-b': 'skew',
  'node-x': 'fits',
  'node-y': 'fits',
} as const
/** Three matching pods in zone1, none in zone2. */
const THREE_IN_ZONE1: readonly SpreadPlacedPod[] = on('node-a', foo, 3)

export const OUR_SPREAD_CASES: readonly SpreadCase[] = [
  {
    name: 'a ScheduleAnyway constraint never filters, however skewed the domains',
    pod: spreadPod(
      { labels: foo },
      constraint(1, 'zone', FOO, { whenUnsatisfiable: 'ScheduleAnyway' })
    ),
    nodes: FOUR_NODES,
    pods: THREE_IN_ZONE1,
    expected: ALL_FIT,
  },
  {
    name: 'whenUnsatisfiable must be exactly DoNotSchedule to filter',
    pod: spreadPod(
      { labels: foo },
      constraint(1, 'zone', FOO, { whenUnsatisfiable: 'donotschedule' })
    ),
    nodes: FOUR_NODES,
    pods: THREE_IN_ZONE1,
    expected: ALL_FIT,
  },
  {
    name: 'beside a ScheduleAnyway constraint a DoNotSchedule one still filters',
    pod: spreadPod(
      { labels: foo },
      constraint(1, 'node', FOO, { whenUnsatisfiable: 'ScheduleAnyway' }),
      constraint(1, 'zone', FOO)
    ),
    nodes: FOUR_NODES,
    pods: THREE_IN_ZONE1,
    expected: ZONE2_ONLY,
  },
  {
    name: "matchLabelKeys adds the pod's own value: pods of another revision are not counted",
    pod: spreadPod(
      { labels: { foo: '', rev: '2' } },
      constraint(1, 'zone', FOO, { matchLabelKeys: ['rev'] })
    ),
    nodes: FOUR_NODES,
    pods: [...on('node-a', { foo: '', rev: '1' }, 3), ...on('node-x', { foo: '', rev: '2' })],
    expected: { 'node-a': 'fits', 'node-b': 'fits', 'node-x': 'skew', 'node-y': 'skew' },
  },
  {
    name: 'a matchLabelKeys key the pod does not carry adds nothing to the selector',
    pod: spreadPod({ labels: foo }, constraint(1, 'zone', FOO, { matchLabelKeys: ['rev'] })),
    nodes: FOUR_NODES,
    pods: [...on('node-a', { foo: '', rev: '1' }, 3)],
    expected: ZONE2_ONLY,
  },
  {
    name: 'the selector the API server stored with matchLabelKeys merged gives the same answer',
    pod: spreadPod(
      { labels: { foo: '', rev: '2' } },
      constraint(1, 'zone', selector({ rev: '2' }, ...FOO.matchExpressions), {
        matchLabelKeys: ['rev'],
      })
    ),
    nodes: FOUR_NODES,
    pods: [...on('node-a', { foo: '', rev: '1' }, 3), ...on('node-x', { foo: '', rev: '2' })],
    expected: { 'node-a': 'fits', 'node-b': 'fits', 'node-x': 'skew', 'node-y': 'skew' },
  },
  {
    name: 'an empty label selector counts no pod in v1.35, so the constraint never rejects for skew',
    pod: spreadPod({ labels: foo }, constraint(1, 'zone', selector())),
    nodes: FOUR_NODES,
    pods: THREE_IN_ZONE1,
    expected: ALL_FIT,
  },
  {
    name: 'an empty label selector still needs the topology key on the node',
    pod: spreadPod({ labels: foo }, constraint(1, 'rack', selector())),
    nodes: [FOUR_NODES[0]!],
    pods: [],
    expected: { 'node-a': 'no label' },
  },
  {
    name: 'an empty label selector with a matchLabelKeys value the pod carries counts again',
    pod: spreadPod(
      { labels: { foo: '', rev: '2' } },
      constraint(1, 'zone', selector(), { matchLabelKeys: ['rev'] })
    ),
    nodes: FOUR_NODES,
    pods: on('node-a', { rev: '2' }, 3),
    expected: ZONE2_ONLY,
  },
  {
    name: 'pods on nodes not in the snapshot are not counted',
    pod: spreadPod({ labels: foo }, constraint(1, 'zone', FOO)),
    nodes: FOUR_NODES,
    pods: on('node-gone', foo, 3),
    expected: ALL_FIT,
  },
  {
    name: 'a domain every node of which the policy leaves out is judged with 0 pods',
    pod: spreadPod({ labels: foo, nodeSelector: { pool: 'web' } }, constraint(1, 'zone', FOO)),
    nodes: [
      spreadNode('node-a', { zone: 'zone1', pool: 'web' }),
      spreadNode('node-x', { zone: 'zone2', pool: 'batch' }),
    ],
    pods: [...on('node-a', foo), ...on('node-x', foo, 3)],
    expected: { 'node-a': 'fits', 'node-x': 'fits' },
  },
  {
    name: 'a NoSchedule taint the pod tolerates keeps the node counted under nodeTaintsPolicy Honor',
    pod: spreadPod(
      {
        labels: foo,
        tolerations: [
          { key: 'dedicated', operator: 'Exists', value: '', effect: '', tolerationSeconds: null },
        ],
      },
      constraint(1, 'node', FOO, { nodeTaintsPolicy: 'Honor' })
    ),
    nodes: [
      spreadNode('node-a', { node: 'node-a' }, ['dedicated=db:NoSchedule']),
      spreadNode('node-b', { node: 'node-b' }, ['other=x:PreferNoSchedule']),
    ],
    pods: on('node-a', foo, 2),
    expected: { 'node-a': 'skew', 'node-b': 'fits' },
  },
  {
    name: 'the pods of a node lacking any one topology key count for no constraint',
    pod: spreadPod({ labels: foo }, constraint(1, 'zone', FOO), constraint(1, 'rack', FOO)),
    nodes: [
      spreadNode('node-a', { zone: 'zone1', rack: 'r1' }),
      spreadNode('node-x', { zone: 'zone2', rack: 'r2' }),
      spreadNode('node-h', { zone: 'zone2' }),
    ],
    pods: on('node-h', foo, 2),
    expected: { 'node-a': 'fits', 'node-x': 'fits', 'node-h': 'no label' },
  },
  {
    name: 'constraints are checked in order: a skew on the first decides before a missing second key',
    pod: spreadPod({ labels: foo }, constraint(1, 'zone', FOO), constraint(1, 'rack', FOO)),
    nodes: [
      spreadNode('node-a', { zone: 'zone1', rack: 'r1' }),
      spreadNode('node-x', { zone: 'zone2', rack: 'r2' }),
      spreadNode('node-y', { zone: 'zone1' }),
      spreadNode('node-z', { zone: 'zone2' }),
    ],
    pods: THREE_IN_ZONE1,
    expected: { 'node-a': 'skew', 'node-x': 'fits', 'node-y': 'skew', 'node-z': 'no label' },
  },
]
