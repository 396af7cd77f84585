import type { SpreadNode } from '../../src/placement/pod-topology-spread-constraints.js'
import {
  BAR,
  bar,
  byNode,
  byZone,
  constraint,
  CORDON_TAINT,
  FOO,
  foo,
  fooBar,
  FOO_ON_A_B_Y,
  FOUR_NODES,
  NODES_2_1_0_3,
  NONE,
  on,
  ONLY_X,
  spreadNode,
  spreadPod,
  type SpreadCase,
} from './spread-builders.js'

/**
 * PodTopologySpread Filter with several constraints, each judged on its own counts: the facts of
 * upstream's TestMultipleConstraints (podtopologyspread/filtering_test.go, v1.35).
 */

export const MULTIPLE_CONSTRAINTS: readonly SpreadCase[] = [
  {
    name: 'zone 3/3 and hosts 2/1/0/3: only the empty host satisfies both',
    pod: spreadPod({ labels: foo }, byZone, byNode),
    nodes: FOUR_NODES,
    pods: NODES_2_1_0_3,
    expected: ONLY_X,
  },
  {
    name: 'zone 3/4 and hosts 2/1/0/4: the zone wants zone1, the hosts want node-x, no node fits',
    pod: spreadPod({ labels: foo }, byZone, byNode),
    nodes: FOUR_NODES,
    pods: [...on('node-a', foo, 2), ...on('node-b', foo), ...on('node-y', foo, 4)],
    expected: NONE,
  },
  {
    name: 'different selectors, zone 1/0 and hosts 1/0/0/1: only node-x fits',
    pod: spreadPod({ labels: fooBar }, byZone, constraint(1, 'node', BAR)),
    nodes: FOUR_NODES,
    pods: [...on('node-a', foo), ...on('node-y', bar)],
    expected: ONLY_X,
  },
  {
    name: 'different selectors, zone 1/0 and hosts 0/0/1/1: no node fits',
    pod: spreadPod({ labels: fooBar }, byZone, constraint(1, 'node', BAR)),
    nodes: FOUR_NODES,
    pods: [...on('node-a', foo), ...on('node-x', bar), ...on('node-y', bar)],
    expected: NONE,
  },
  {
    name: 'different selectors, zone 2/3 and hosts 1/0/0/1: only node-b fits',
    pod: spreadPod({ labels: fooBar }, byZone, constraint(1, 'node', BAR)),
    nodes: FOUR_NODES,
    pods: [
      ...on('node-a', foo),
      ...on('node-a', fooBar),
      ...on('node-y', foo),
      ...on('node-y', fooBar),
      ...on('node-y', foo),
    ],
    expected: { 'node-a': 'skew', 'node-b': 'fits', 'node-x': 'skew', 'node-y': 'skew' },
  },
  {
    name: 'the pod does not match its zone selector, so only the host constraint decides',
    pod: spreadPod({ labels: bar }, byZone, constraint(1, 'node', BAR)),
    nodes: FOUR_NODES,
    pods: [...on('node-a', foo), ...on('node-x', bar), ...on('node-y', bar)],
    expected: { 'node-a': 'fits', 'node-b': 'fits', 'node-x': 'skew', 'node-y': 'skew' },
  },
  {
    name: 'a node without the host key is unresolvable and leaves the zone count too',
    pod: spreadPod({ labels: foo }, byZone, byNode),
    nodes: [
      FOUR_NODES[0] as SpreadNode,
      FOUR_NODES[1] as SpreadNode,
      spreadNode('node-x', { zone: 'zone2' }),
      FOUR_NODES[3] as SpreadNode,
    ],
    pods: [...on('node-a', foo), ...on('node-y', foo)],
    expected: { 'node-a': 'skew', 'node-b': 'fits', 'node-x': 'no label', 'node-y': 'skew' },
  },
  {
    name: 'each constraint applies its own nodeAffinityPolicy: zone Honor, host Ignore',
    pod: spreadPod(
      { labels: foo, nodeSelector: foo },
      byZone,
      constraint(1, 'node', FOO, { nodeAffinityPolicy: 'Ignore' })
    ),
    nodes: [
      spreadNode('node-a', { zone: 'zone1', node: 'node-a', foo: '' }),
      spreadNode('node-b', { zone: 'zone1', node: 'node-b', foo: '' }),
      spreadNode('node-x', { zone: 'zone2', node: 'node-x', foo: '' }),
      spreadNode('node-y', { zone: 'zone2', node: 'node-y' }),
    ],
    pods: FOO_ON_A_B_Y,
    expected: ONLY_X,
  },
  {
    name: 'each constraint applies its own nodeTaintsPolicy: zone Honor, host Ignore',
    pod: spreadPod(
      { labels: foo },
      constraint(1, 'zone', FOO, { nodeTaintsPolicy: 'Honor' }),
      byNode
    ),
    nodes: [
      spreadNode('node-a', { zone: 'zone1', node: 'node-a', foo: '' }),
      spreadNode('node-b', { zone: 'zone1', node: 'node-b', foo: '' }),
      spreadNode('node-x', { zone: 'zone2', node: 'node-x', foo: '' }),
      spreadNode('node-y', { zone: 'zone2', node: 'node-y' }, [CORDON_TAINT]),
    ],
    pods: FOO_ON_A_B_Y,
    expected: ONLY_X,
  },
]
