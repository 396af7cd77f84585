import { fieldTerm, req, row, term, type NodeAffinityCase } from './builders.js'

/** NodeAffinity Filter, one pod against one node: our rows, on what upstream's tests leave open. */
export const OUR_NODE_AFFINITY: readonly NodeAffinityCase[] = [
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
