import { REASON_NODE_AFFINITY } from '../../../src/core/index.js'
import { fieldTerm, node, pod, req, term, type PodSpec, type TestNode } from './builders.js'
import type { PlacementPod } from '../../../src/core/index.js'

/**
 * NodeAffinity Filter, one pod against one node. The rows up to "ours" carry the facts of
 * upstream's TestNodeAffinity (pkg/scheduler/framework/plugins/nodeaffinity/node_affinity_test.go)
 * and TestNodeSelectorMatch / TestGetRequiredNodeAffinity (component-helpers nodeaffinity), in
 * this table's form; the rest are ours.
 */

export interface NodeAffinityCase {
  readonly name: string
  readonly pod: PlacementPod
  readonly node: TestNode
  readonly reason: string | null
}

const MISS = REASON_NODE_AFFINITY

function row(
  name: string,
  spec: PodSpec,
  labels: Record<string, string>,
  fits: boolean,
  nodeName = 'node-1'
): NodeAffinityCase {
  return { name, pod: pod(spec), node: node(nodeName, { labels }), reason: fits ? null : MISS }
}

export const NODE_AFFINITY_CASES: readonly NodeAffinityCase[] = [
  // Upstream's facts.
  row(
    'a pod whose nodeSelector names a label the node lacks does not fit',
    { nodeSelector: { foo: 'bar' } },
    {},
    false
  ),
  row(
    'a pod whose nodeSelector equals the node labels fits',
    { nodeSelector: { foo: 'bar' } },
    { foo: 'bar' },
    true
  ),
  row(
    'a node whose labels are a superset of the nodeSelector fits',
    { nodeSelector: { foo: 'bar' } },
    { foo: 'bar', baz: 'blah' },
    true
  ),
  row(
    'a node whose labels are a subset of the nodeSelector does not fit',
    { nodeSelector: { foo: 'bar', baz: 'blah' } },
    { foo: 'bar' },
    false
  ),
  row(
    'an In expression matching the node label fits',
    { required: [term(req('foo', 'In', 'bar', 'value2'))] },
    { foo: 'bar' },
    true
  ),
  row(
    'Gt compares label values as integers, leading zeros allowed: 0206 > 0204 fits',
    { required: [term(req('kernel-version', 'Gt', '0204'))] },
    { 'kernel-version': '0206' },
    true
  ),
  row(
    'a NotIn expression whose values the node label avoids fits',
    { required: [term(req('mem-type', 'NotIn', 'DDR', 'DDR2'))] },
    { 'mem-type': 'DDR3' },
    true
  ),
  row(
    'an Exists expression fits a node carrying the key with any value',
    { required: [term(req('GPU', 'Exists'))] },
    { GPU: 'NVIDIA-GRID-K1' },
    true
  ),
  row(
    'an In expression whose values miss the node label does not fit',
    { required: [term(req('foo', 'In', 'value1', 'value2'))] },
    { foo: 'bar' },
    false
  ),
  row(
    'a term with empty matchExpressions matches nothing, so the pod fits no node',
    { required: [term()] },
    { foo: 'bar' },
    false
  ),
  row('a pod with no affinity fits any node', {}, { foo: 'bar' }, true),
  row(
    'a pod with affinity but no required node selector fits any node',
    { required: null },
    { foo: 'bar' },
    true
  ),
  row(
    'expressions of one term are ANDed: Exists and NotIn both hold, so it fits',
    { required: [term(req('GPU', 'Exists'), req('GPU', 'NotIn', 'AMD', 'INTER'))] },
    { GPU: 'NVIDIA-GRID-K1' },
    true
  ),
  row(
    'expressions of one term are ANDed: Exists holds but In does not, so it does not fit',
    { required: [term(req('GPU', 'Exists'), req('GPU', 'In', 'AMD', 'INTER'))] },
    { GPU: 'NVIDIA-GRID-K1' },
    false
  ),
  row(
    'terms are ORed: the first term matches though the second does not, so it fits',
    {
      required: [
        term(req('foo', 'In', 'bar', 'value2')),
        term(req('diffkey', 'In', 'wrong', 'value2')),
      ],
    },
    { foo: 'bar' },
    true
  ),
  row(
    'nodeSelector and required affinity both satisfied fits',
    { nodeSelector: { foo: 'bar' }, required: [term(req('foo', 'Exists'))] },
    { foo: 'bar' },
    true
  ),
  row(
    'required affinity satisfied but nodeSelector not does not fit',
    { nodeSelector: { foo: 'bar' }, required: [term(req('foo', 'Exists'))] },
    { foo: 'barrrrrr' },
    false
  ),
  row(
    'a term with an invalid value never matches, and the node does not fit',
    { required: [term(req('foo', 'NotIn', 'invalid value: ___@#$%^'))] },
    { foo: 'bar' },
    false
  ),
  row(
    'matchFields metadata.name In the node name fits',
    { required: [fieldTerm([req('metadata.name', 'In', 'node-1')])] },
    {},
    true
  ),
  row(
    'two terms, matchFields misses but the other term matchExpressions matches: fits',
    {
      required: [fieldTerm([req('metadata.name', 'In', 'node-1')]), term(req('foo', 'In', 'bar'))],
    },
    { foo: 'bar' },
    true,
    'node-2'
  ),
  row(
    'one term whose matchFields misses though its matchExpressions match does not fit',
    { required: [fieldTerm([req('metadata.name', 'In', 'node-1')], [req('foo', 'In', 'bar')])] },
    { foo: 'bar' },
    false,
    'node-2'
  ),
  row(
    'one term whose matchFields and matchExpressions both match fits',
    { required: [fieldTerm([req('metadata.name', 'In', 'node-1')], [req('foo', 'In', 'bar')])] },
    { foo: 'bar' },
    true
  ),
  row(
    'two terms, neither matchFields nor matchExpressions match: does not fit',
    {
      required: [
        fieldTerm([req('metadata.name', 'In', 'node-1')]),
        term(req('foo', 'In', 'not-match-to-bar')),
      ],
    },
    { foo: 'bar' },
    false,
    'node-2'
  ),
  // Ours.
  row(
    'Gt with a non-integer node label never matches',
    { required: [term(req('cores', 'Gt', '4'))] },
    { cores: 'eight' },
    false
  ),
  row(
    'Gt is strict: an equal label does not match',
    { required: [term(req('cores', 'Gt', '4'))] },
    { cores: '4' },
    false
  ),
  row(
    'Lt reads a signed label value: -3 < 2 fits',
    { required: [term(req('offset', 'Lt', '2'))] },
    { offset: '-3' },
    true
  ),
  row(
    'Gt reads a plus-signed label value as strconv.ParseInt does: +9 > 4 fits',
    { required: [term(req('cores', 'Gt', '4'))] },
    { cores: '+9' },
    true
  ),
  row(
    'Gt on a node without the label does not fit',
    { required: [term(req('cores', 'Gt', '4'))] },
    {},
    false
  ),
  row(
    'Gt on a label beyond int64 does not fit',
    { required: [term(req('cores', 'Gt', '4'))] },
    { cores: '9223372036854775808' },
    false
  ),
  row(
    'NotIn fits a node that lacks the label',
    { required: [term(req('zone', 'NotIn', 'a'))] },
    {},
    true
  ),
  row(
    'DoesNotExist fits a node without the key and not one with it',
    { required: [term(req('spot', 'DoesNotExist'))] },
    { spot: '' },
    false
  ),
  row('an empty required term list matches no node', { required: [] }, { foo: 'bar' }, false),
  row(
    'matchFields metadata.name NotIn the node name does not fit',
    { required: [fieldTerm([req('metadata.name', 'NotIn', 'node-1')])] },
    {},
    false
  ),
  row(
    'an empty term next to a matching one is dropped and the other decides',
    { required: [term(), term(req('foo', 'Exists'))] },
    { foo: 'bar' },
    true
  ),
  row(
    'a nodeSelector value must match exactly, case included',
    { nodeSelector: { disk: 'SSD' } },
    { disk: 'ssd' },
    false
  ),
]

export interface PreferredCase {
  readonly name: string
  readonly pod: PlacementPod
  readonly nodes: readonly TestNode[]
  /** NodeAffinity's normalised 0–100 scores, in node order. */
  readonly scores: readonly number[]
}

const N1 = node('node1', { labels: { foo: 'bar' } })
const N2 = node('node2', { labels: { key: 'value' } })
const N3 = node('node3', { labels: { az: 'az1' } })
const N5 = node('node5', { labels: { foo: 'bar', key: 'value', az: 'az1' } })

/** TestNodeAffinityPriority's facts, and ours after them. */
export const PREFERRED_CASES: readonly PreferredCase[] = [
  {
    name: 'all nodes score 0 when the pod has no preferred terms',
    pod: pod(),
    nodes: [N1, N2, N3],
    scores: [0, 0, 0],
  },
  {
    name: 'all nodes score 0 when no node matches a preferred term',
    pod: pod({ preferred: [{ weight: 2, preference: term(req('foo', 'In', 'baz')) }] }),
    nodes: [N1, N2, N3],
    scores: [0, 0, 0],
  },
  {
    name: 'only the matching node gets the top score',
    pod: pod({ preferred: [{ weight: 2, preference: term(req('foo', 'In', 'bar')) }] }),
    nodes: [N1, N2, N3],
    scores: [100, 0, 0],
  },
  {
    name: 'weights add up per node and normalise to floor(100 * sum / max)',
    pod: pod({
      preferred: [
        { weight: 2, preference: term(req('foo', 'In', 'bar')) },
        { weight: 4, preference: term(req('key', 'In', 'value')) },
        {
          weight: 5,
          preference: term(
            req('foo', 'In', 'bar'),
            req('key', 'In', 'value'),
            req('az', 'In', 'az1')
          ),
        },
      ],
    }),
    nodes: [N1, N5, N2],
    scores: [18, 100, 36],
  },
  {
    name: 'a preferred term of weight 0 is skipped',
    pod: pod({ preferred: [{ weight: 0, preference: term(req('foo', 'In', 'bar')) }] }),
    nodes: [N1, N2],
    scores: [0, 0],
  },
  {
    name: 'an empty preferred term is skipped',
    pod: pod({ preferred: [{ weight: 7, preference: term() }] }),
    nodes: [N1, N2],
    scores: [0, 0],
  },
]
