import { REASON_UNSCHEDULABLE, REASON_UNTOLERATED_TAINT } from '../../src/core/index.js'
import { REASON_NODE_AFFINITY as AFFINITY } from '../../src/placement/index.js'
import {
  REASON_NODE_NAME,
  REASON_POD_ANTI_AFFINITY,
  type PlacementPod,
} from '../../src/placement/index.js'
import { fieldTerm, node, placed, pod, podTerm, req, selector, type Cluster } from './builders.js'

/**
 * The diagnosis over the plugins: the default profile's Filter order decides which reason a node
 * gets, NodeAffinity's PreFilter narrows or rejects before Filter, and the summary is FitError's
 * (counts per reason, `"%v %v"` strings sorted as Go's sort.Strings, TestFitError's facts).
 */

export interface DiagnosisCase {
  readonly name: string
  readonly pod: PlacementPod
  readonly cluster: Cluster
  /** Node name → [plugin, reason], or null when it fits. */
  readonly expected: Readonly<Record<string, readonly [string, string] | null>>
  readonly summary: string
}

const EVERYTHING_WRONG = {
  labels: { disk: 'hdd', zone: 'a' },
  taints: ['dedicated=db:NoSchedule'],
  unschedulable: true,
}
const wantsSsd = pod({ nodeSelector: { disk: 'ssd' } })

/**
 * What PostFilter appends when every node is UnschedulableAndUnresolvable: DynamicResources has
 * no claim to free, and DefaultPreemption's own FitError counts every node as beyond its help.
 */
export const helpless = (total: number): string =>
  ` no new claims to deallocate, preemption: 0/${total} nodes are available: ${total} Preemption is not helpful for scheduling.`
const many = (count: number, prefix: string, spec: Parameters<typeof node>[1]) =>
  Array.from({ length: count }, (_, i) => node(`${prefix}-${i}`, spec))

export const DIAGNOSIS_CASES: readonly DiagnosisCase[] = [
  {
    name: 'a cordoned node is reported as NodeUnschedulable whatever else is wrong with it',
    pod: wantsSsd,
    cluster: { nodes: [node('n', EVERYTHING_WRONG)] },
    expected: { n: ['NodeUnschedulable', REASON_UNSCHEDULABLE] },
    summary: '0/1 nodes are available: 1 node(s) were unschedulable.' + helpless(1),
  },
  {
    name: 'NodeName comes after the cordon and before the taints',
    pod: pod({ nodeName: 'elsewhere', nodeSelector: { disk: 'ssd' } }),
    cluster: {
      nodes: [
        node('cordoned', EVERYTHING_WRONG),
        node('tainted', { ...EVERYTHING_WRONG, unschedulable: false }),
        node('elsewhere', { labels: { disk: 'ssd' } }),
      ],
    },
    expected: {
      cordoned: ['NodeUnschedulable', REASON_UNSCHEDULABLE],
      tainted: ['NodeName', REASON_NODE_NAME],
      elsewhere: null,
    },
    summary:
      "1/3 nodes are available: 1 node(s) didn't match the requested node name, 1 node(s) were unschedulable.",
  },
  {
    name: 'an untolerated taint decides before node affinity',
    pod: wantsSsd,
    cluster: { nodes: [node('n', { ...EVERYTHING_WRONG, unschedulable: false })] },
    expected: { n: ['TaintToleration', REASON_UNTOLERATED_TAINT] },
    summary: '0/1 nodes are available: 1 node(s) had untolerated taint(s).' + helpless(1),
  },
  {
    name: 'node affinity decides before inter-pod affinity',
    pod: pod({ nodeSelector: { disk: 'ssd' }, antiAffinity: [podTerm('zone', selector())] }),
    cluster: {
      nodes: [
        node('hdd', { labels: { disk: 'hdd', zone: 'a' } }),
        node('ssd', { labels: { disk: 'ssd', zone: 'a' } }),
      ],
      pods: [placed('hdd')],
    },
    expected: {
      hdd: ['NodeAffinity', AFFINITY],
      ssd: ['InterPodAffinity', REASON_POD_ANTI_AFFINITY],
    },
    summary:
      "0/2 nodes are available: 1 node(s) didn't match Pod's node affinity/selector, 1 node(s) didn't match pod anti-affinity rules.",
  },
  {
    name: 'PreFilter narrows to the metadata.name fields and the others count as not satisfying NodeAffinity',
    pod: pod({
      required: [
        fieldTerm([req('metadata.name', 'In', 'a')]),
        fieldTerm([req('metadata.name', 'In', 'missing')]),
      ],
    }),
    cluster: { nodes: [node('a', { taints: ['x=y:NoSchedule'] }), node('b'), node('c')] },
    expected: {
      a: ['TaintToleration', REASON_UNTOLERATED_TAINT],
      b: ['NodeAffinity', "node(s) didn't satisfy plugin(s) [NodeAffinity]"],
      c: ['NodeAffinity', "node(s) didn't satisfy plugin(s) [NodeAffinity]"],
    },
    summary:
      "0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 node(s) didn't satisfy plugin(s) [NodeAffinity]." +
      helpless(3),
  },
  {
    name: 'PreFilter rejects every node when one term names two nodes at once, with its own message',
    pod: pod({
      required: [fieldTerm([req('metadata.name', 'In', 'a'), req('metadata.name', 'In', 'b')])],
    }),
    cluster: { nodes: [node('a'), node('b'), node('c', { unschedulable: true })] },
    expected: {
      a: ['NodeAffinity', 'pod affinity terms conflict'],
      b: ['NodeAffinity', 'pod affinity terms conflict'],
      c: ['NodeAffinity', 'pod affinity terms conflict'],
    },
    summary: '0/3 nodes are available: pod affinity terms conflict.' + helpless(3),
  },
  {
    name: 'a pod naming a node that does not exist reaches Filter everywhere, as v1.35 NodeName has no PreFilter',
    pod: pod({ nodeName: 'gone' }),
    cluster: { nodes: [node('a'), node('b')] },
    expected: { a: ['NodeName', REASON_NODE_NAME], b: ['NodeName', REASON_NODE_NAME] },
    summary:
      "0/2 nodes are available: 2 node(s) didn't match the requested node name." + helpless(2),
  },
  {
    name: 'PreFilter names that match no existing node leave every node with the absent-nodes status',
    pod: pod({ required: [fieldTerm([req('metadata.name', 'In', 'gone')])] }),
    cluster: { nodes: [node('a'), node('b'), node('c')] },
    expected: {
      a: ['NodeAffinity', "node(s) didn't satisfy plugin(s) [NodeAffinity]"],
      b: ['NodeAffinity', "node(s) didn't satisfy plugin(s) [NodeAffinity]"],
      c: ['NodeAffinity', "node(s) didn't satisfy plugin(s) [NodeAffinity]"],
    },
    summary:
      "0/3 nodes are available: 3 node(s) didn't satisfy plugin(s) [NodeAffinity]." + helpless(3),
  },
  {
    name: 'NodeAffinity PreFilter narrows first and NodeName Filter then rejects the named node it kept',
    pod: pod({ nodeName: 'b', required: [fieldTerm([req('metadata.name', 'In', 'a')])] }),
    cluster: { nodes: [node('a'), node('b'), node('c')] },
    expected: {
      a: ['NodeName', REASON_NODE_NAME],
      b: ['NodeAffinity', "node(s) didn't satisfy plugin(s) [NodeAffinity]"],
      c: ['NodeAffinity', "node(s) didn't satisfy plugin(s) [NodeAffinity]"],
    },
    summary:
      "0/3 nodes are available: 1 node(s) didn't match the requested node name, 2 node(s) didn't satisfy plugin(s) [NodeAffinity]." +
      helpless(3),
  },
  {
    name: 'a term without metadata.name keeps every node a candidate for PreFilter',
    pod: pod({
      required: [
        fieldTerm([req('metadata.name', 'In', 'a')]),
        fieldTerm([], [req('disk', 'Exists')]),
      ],
    }),
    cluster: { nodes: [node('a'), node('b', { labels: { disk: 'x' } }), node('c')] },
    expected: { a: null, b: null, c: ['NodeAffinity', AFFINITY] },
    summary: "2/3 nodes are available: 1 node(s) didn't match Pod's node affinity/selector.",
  },
  {
    name: 'the summary sorts "count reason" strings bytewise, so 10 comes before 2',
    pod: wantsSsd,
    cluster: {
      nodes: [
        ...many(10, 'hdd', { labels: { disk: 'hdd' } }),
        ...many(2, 'tainted', { taints: ['a=b:NoExecute'] }),
      ],
    },
    expected: {},
    summary:
      "0/12 nodes are available: 10 node(s) didn't match Pod's node affinity/selector, 2 node(s) had untolerated taint(s)." +
      helpless(12),
  },
  {
    name: 'a pod with preemptionPolicy Never gets DefaultPreemption refusal, whatever the nodes',
    pod: pod({ preemptionPolicy: 'Never', antiAffinity: [podTerm('zone', selector())] }),
    cluster: { nodes: [node('a', { labels: { zone: 'a' } })], pods: [placed('a')] },
    expected: { a: ['InterPodAffinity', REASON_POD_ANTI_AFFINITY] },
    summary:
      "0/1 nodes are available: 1 node(s) didn't match pod anti-affinity rules. no new claims to deallocate, preemption: not eligible due to preemptionPolicy=Never.",
  },
  {
    name: 'a pod with resource claims gets no PostFilter part: DRA is not judged',
    pod: pod({ resourceClaims: 1, nodeSelector: { disk: 'ssd' } }),
    cluster: { nodes: [node('a')] },
    expected: { a: ['NodeAffinity', AFFINITY] },
    summary: "0/1 nodes are available: 1 node(s) didn't match Pod's node affinity/selector.",
  },
]
