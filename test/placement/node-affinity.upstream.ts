import { fieldTerm, req, row, term, type NodeAffinityCase } from './builders.js'

/**
 * NodeAffinity Filter, one pod against one node: the facts of upstream's TestNodeAffinity
 * (pkg/scheduler/framework/plugins/nodeaffinity/node_affinity_test.go) and of component-helpers'
 * nodeaffinity tests, in this table's form.
 */
export const UPSTREAM_NODE_AFFINITY: readonly NodeAffinityCase[] = [
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
]
