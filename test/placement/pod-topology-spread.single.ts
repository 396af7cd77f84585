import type { SpreadNode, SpreadPod } from '../../src/placement/pod-topology-spread-constraints.js'
import {
  ALL_FIT,
  BAR,
  bar,
  byNode,
  byZone,
  constraint,
  CORDON_TAINT,
  FOO,
  foo,
  FOO_ON_A_B_Y,
  FOUR_NODES,
  NODES_2_1_0_3,
  on,
  ONLY_X,
  req,
  spreadNode,
  spreadPod,
  type Outcome,
  type SpreadCase,
} from './spread-builders.js'

/**
 * PodTopologySpread Filter with one constraint, the plugin alone: the facts of upstream's
 * TestSingleConstraint (pkg/scheduler/framework/plugins/podtopologyspread/filtering_test.go,
 * v1.35) in this table's form. Where a row's pod also has node affinity, the nodes NodeAffinity
 * would turn away still pass here, as they do there.
 */

const HOSTS = ['node-a', 'node-b', 'node-c'].map((n) => spreadNode(n, { node: n }))
const FOO_LABELLED = [
  spreadNode('node-a', { node: 'node-a', foo: '' }),
  spreadNode('node-b', { node: 'node-b', foo: '' }),
  spreadNode('node-x', { node: 'node-x', foo: '' }),
]
function minDomainsCase(
  name: string,
  key: 'node' | 'zone',
  minDomains: number,
  expected: Readonly<Record<string, Outcome>>
): SpreadCase {
  const pods =
    key === 'node'
      ? [...on('node-a', foo, 2), ...on('node-b', foo, 2), ...on('node-c', foo)]
      : FOO_ON_A_B_Y
  return {
    name,
    pod: spreadPod({ labels: foo }, constraint(2, key, FOO, { minDomains })),
    nodes: key === 'node' ? HOSTS : FOUR_NODES,
    pods,
    expected,
  }
}

function policyCase(
  name: string,
  pod: SpreadPod,
  taintY: boolean,
  expected: Readonly<Record<string, Outcome>>
): SpreadCase {
  const y = spreadNode('node-y', { node: 'node-y' }, taintY ? [CORDON_TAINT] : [])
  return { name, pod, nodes: [...FOO_LABELLED, y], pods: FOO_ON_A_B_Y, expected }
}

export const SINGLE_CONSTRAINT: readonly SpreadCase[] = [
  {
    name: 'with no pods placed every node fits',
    pod: spreadPod({ labels: foo }, byZone),
    nodes: FOUR_NODES,
    pods: [],
    expected: ALL_FIT,
  },
  {
    name: 'with no pods placed every node fits even when the pod does not match its own selector',
    pod: spreadPod({ labels: foo }, constraint(1, 'zone', BAR)),
    nodes: FOUR_NODES,
    pods: [],
    expected: ALL_FIT,
  },
  {
    name: 'pods of other namespaces are not counted, so only the emptier zone fits',
    pod: spreadPod({ labels: foo }, byZone),
    nodes: FOUR_NODES,
    pods: [
      ...on('node-a', foo, 1, { namespace: 'ns1' }),
      ...on('node-a', foo, 1, { namespace: 'ns2' }),
      ...on('node-x', foo),
      ...on('node-y', foo),
    ],
    expected: { 'node-a': 'fits', 'node-b': 'fits', 'node-x': 'skew', 'node-y': 'skew' },
  },
  {
    name: 'a null label selector matches no pod, so every node fits',
    pod: spreadPod({ labels: foo }, constraint(1, 'zone', null)),
    nodes: FOUR_NODES,
    pods: [...on('node-x', foo), ...on('node-y', foo)],
    expected: ALL_FIT,
  },
  {
    name: 'pods spread 3/3 over two zones: every node fits',
    pod: spreadPod({ labels: foo }, byZone),
    nodes: FOUR_NODES,
    pods: NODES_2_1_0_3,
    expected: ALL_FIT,
  },
  {
    name: 'a node whose label key is misspelt has no domain: its pods are not counted and it is unresolvable',
    pod: spreadPod({ labels: foo }, byZone),
    nodes: [
      spreadNode('node-a', { zone: 'zone1', node: 'node-a' }),
      spreadNode('node-b', { zon: 'zone1', node: 'node-b' }),
      spreadNode('node-x', { zone: 'zone2', node: 'node-x' }),
      spreadNode('node-y', { zone: 'zone2', node: 'node-y' }),
    ],
    pods: [...on('node-a', foo), ...on('node-b', foo), ...on('node-x', foo), ...on('node-y', foo)],
    expected: { 'node-a': 'fits', 'node-b': 'no label', 'node-x': 'skew', 'node-y': 'skew' },
  },
  {
    name: 'when no node has the topology key every node is unresolvable',
    pod: spreadPod({ labels: foo }, constraint(1, 'rack', FOO)),
    nodes: [FOUR_NODES[0] as SpreadNode, FOUR_NODES[2] as SpreadNode],
    pods: [],
    expected: { 'node-a': 'no label', 'node-x': 'no label' },
  },
  {
    name: 'pods spread 2/1/0/3 over four hosts with maxSkew 1: only the empty host fits',
    pod: spreadPod({ labels: foo }, byNode),
    nodes: FOUR_NODES,
    pods: NODES_2_1_0_3,
    expected: ONLY_X,
  },
  {
    name: 'pods spread 2/1/0/3 over four hosts with maxSkew 2: the hosts with 1 and 0 fit',
    pod: spreadPod({ labels: foo }, constraint(2, 'node', FOO)),
    nodes: FOUR_NODES,
    pods: NODES_2_1_0_3,
    expected: { 'node-a': 'skew', 'node-b': 'fits', 'node-x': 'fits', 'node-y': 'skew' },
  },
  {
    name: 'a pod its own selector does not match adds nothing to the skew: hosts with 1 and 0 fit',
    pod: spreadPod({ labels: bar }, byNode),
    nodes: FOUR_NODES,
    pods: NODES_2_1_0_3,
    expected: { 'node-a': 'skew', 'node-b': 'fits', 'node-x': 'fits', 'node-y': 'skew' },
  },
  {
    name: 'required node affinity leaves only two hosts counted (2/3), so the host with 2 fits',
    pod: spreadPod(
      {
        labels: foo,
        required: [{ matchExpressions: [req('node', 'In', 'node-a', 'node-y')], matchFields: [] }],
      },
      byNode
    ),
    nodes: FOUR_NODES,
    pods: NODES_2_1_0_3,
    expected: { 'node-a': 'fits', 'node-b': 'fits', 'node-x': 'fits', 'node-y': 'skew' },
  },
  {
    name: 'a terminating pod is not counted',
    pod: spreadPod({ labels: foo }, byNode),
    nodes: [spreadNode('node-a', { node: 'node-a' }), spreadNode('node-b', { node: 'node-b' })],
    pods: [...on('node-a', foo, 1, { terminating: true }), ...on('node-b', foo)],
    expected: { 'node-a': 'fits', 'node-b': 'skew' },
  },
  {
    name: 'required node affinity excluding a host leaves its pods uncounted in its zone (0/1)',
    pod: spreadPod(
      {
        labels: foo,
        required: [{ matchExpressions: [req('node', 'NotIn', 'node-b')], matchFields: [] }],
      },
      byZone
    ),
    nodes: FOUR_NODES,
    pods: [...on('node-b', foo, 2), ...on('node-y', foo)],
    expected: { 'node-a': 'fits', 'node-b': 'fits', 'node-x': 'skew', 'node-y': 'skew' },
  },
  minDomainsCase(
    'hosts at 2/2/1 with maxSkew 2 and minDomains 4 above the 3 domains: the minimum is 0, only the third fits',
    'node',
    4,
    { 'node-a': 'skew', 'node-b': 'skew', 'node-c': 'fits' }
  ),
  minDomainsCase(
    'hosts at 2/2/1 with maxSkew 2 and minDomains 2 below the 3 domains: every host fits',
    'node',
    2,
    { 'node-a': 'fits', 'node-b': 'fits', 'node-c': 'fits' }
  ),
  minDomainsCase(
    'zones at 2/1 with maxSkew 2 and minDomains 3 above the 2 domains: only the second zone fits',
    'zone',
    3,
    { 'node-a': 'skew', 'node-b': 'skew', 'node-x': 'fits', 'node-y': 'fits' }
  ),
  minDomainsCase(
    'zones at 2/1 with maxSkew 2 and minDomains 1: every node fits',
    'zone',
    1,
    ALL_FIT
  ),
  policyCase(
    'nodeAffinityPolicy Honor by default: a host the nodeSelector misses is not counted (1/1/0/-)',
    spreadPod({ labels: foo, nodeSelector: foo }, byNode),
    false,
    { 'node-a': 'skew', 'node-b': 'skew', 'node-x': 'fits', 'node-y': 'fits' }
  ),
  policyCase(
    'nodeAffinityPolicy Ignore: the host the nodeSelector misses is counted (1/1/0/1)',
    spreadPod(
      { labels: foo, nodeSelector: foo },
      constraint(1, 'node', FOO, { nodeAffinityPolicy: 'Ignore' })
    ),
    false,
    ONLY_X
  ),
  policyCase(
    'nodeAffinityPolicy Honor applies required node affinity as it does the nodeSelector',
    spreadPod(
      { labels: foo, required: [{ matchExpressions: [req('foo', 'In', '')], matchFields: [] }] },
      byNode
    ),
    false,
    { 'node-a': 'skew', 'node-b': 'skew', 'node-x': 'fits', 'node-y': 'fits' }
  ),
  policyCase(
    'nodeAffinityPolicy Ignore counts the host required node affinity misses',
    spreadPod(
      { labels: foo, required: [{ matchExpressions: [req('foo', 'In', '')], matchFields: [] }] },
      constraint(1, 'node', FOO, { nodeAffinityPolicy: 'Ignore' })
    ),
    false,
    ONLY_X
  ),
  policyCase(
    'nodeTaintsPolicy Honor: a host with an untolerated NoSchedule taint is not counted',
    spreadPod({ labels: foo }, constraint(1, 'node', FOO, { nodeTaintsPolicy: 'Honor' })),
    true,
    { 'node-a': 'skew', 'node-b': 'skew', 'node-x': 'fits', 'node-y': 'fits' }
  ),
  policyCase(
    'nodeTaintsPolicy Ignore by default: the tainted host is counted',
    spreadPod({ labels: foo }, byNode),
    true,
    ONLY_X
  ),
]
