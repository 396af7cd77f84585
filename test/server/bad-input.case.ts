import { nodesArgs, wireNode, wirePod } from '../support/wire.js'

/**
 * The malformed requests bad-input.test.ts sends, one per row: what is wrong, the status and the
 * Error the reply must carry.
 */

/** The pod and node the rows are built from; the well-formed request after each is made of them. */
export const pod = wirePod('p')
export const node = wireNode('n')

export interface BadCase {
  name: string
  path: string
  body: unknown
  raw?: boolean
  contentType?: string
  status: number
  error: RegExp
}

/** A filter body whose one toleration has `tolerationSeconds` spelled as `token`. */
function tolerationSecondsBody(token: string): string {
  const body = JSON.stringify(
    nodesArgs(wirePod('p', [{ key: 'k', operator: 'Exists', tolerationSeconds: 7 }]), [node])
  )
  return body.replace('"tolerationSeconds":7', `"tolerationSeconds":${token}`)
}

export const BAD_INPUT_CASES: BadCase[] = [
  ...[
    ['past int64, which Go refuses though JSON.parse rounds it', '9223372036854775808'],
    ['below int64', '-9223372036854775809'],
    ['a fraction, which Go will not decode into an int64', '30.0'],
    ['an exponent, which Go will not decode into an int64', '3e1'],
  ].map(([what, token]) => ({
    name: `a tolerationSeconds ${what}`,
    path: '/filter',
    body: tolerationSecondsBody(token as string),
    raw: true,
    status: 400,
    error: new RegExp(
      `^Pod\\.spec\\.tolerations: tolerationSeconds ${(token as string).replace('.', '\\.')} is not an int64$`
    ),
  })),
  {
    name: 'a body that is not JSON',
    path: '/filter',
    body: '{"Pod": {',
    raw: true,
    status: 400,
    error: /not valid JSON/,
  },
  {
    name: 'a JSON body that is a bare number',
    path: '/filter',
    body: '42',
    raw: true,
    status: 400,
    error: /^request body: expected an object, got a number$/,
  },
  {
    name: 'a body truncated inside the node list',
    path: '/filter',
    body: JSON.stringify(nodesArgs(pod, [node, node])).slice(0, 300),
    raw: true,
    status: 400,
    error: /^request body is not valid JSON: .* at byte \d+$/,
  },
  {
    name: 'a bad escape inside an unread node field',
    path: '/filter',
    body: JSON.stringify(nodesArgs(pod, [node])).replace('zone-a', 'zone\\qa'),
    raw: true,
    status: 400,
    error: /^request body is not valid JSON: bad escape, found 'q' at byte \d+$/,
  },
  {
    name: 'a malformed number inside an unread node field',
    path: '/filter',
    body: JSON.stringify(nodesArgs(pod, [node])).replace('10250', '01'),
    raw: true,
    status: 400,
    error: /not valid JSON/,
  },
  {
    name: 'trailing data after the JSON object',
    path: '/prioritize',
    body: JSON.stringify(nodesArgs(pod, [node])) + ' {}',
    raw: true,
    status: 400,
    error:
      /^request body is not valid JSON: unexpected data after the value, found '\{' at byte \d+$/,
  },
  {
    name: 'nesting deeper than Go accepts inside a node',
    path: '/filter',
    body: JSON.stringify(nodesArgs(pod, [node])).replace(
      '"spec":{}',
      '"spec":{},"deep":' + '['.repeat(10_001) + ']'.repeat(10_001)
    ),
    raw: true,
    status: 400,
    error: /nesting deeper than 10000/,
  },
  {
    name: 'a JSON array instead of an object',
    path: '/filter',
    body: [],
    status: 400,
    error: /request body: expected an object, got an array/,
  },
  {
    name: 'an empty JSON object (no Pod)',
    path: '/filter',
    body: {},
    status: 400,
    error: /^Pod is missing$/,
  },
  {
    name: 'a Pod that is a string',
    path: '/prioritize',
    body: { Pod: 'p', NodeNames: ['a'] },
    status: 400,
    error: /^Pod: expected an object, got a string$/,
  },
  {
    name: 'neither Nodes nor NodeNames',
    path: '/filter',
    body: { Pod: pod },
    status: 400,
    error: /neither Nodes nor NodeNames/,
  },
  {
    name: 'both Nodes and NodeNames',
    path: '/filter',
    body: { Pod: pod, Nodes: { items: [node] }, NodeNames: ['n'] },
    status: 400,
    error: /both Nodes and NodeNames/,
  },
  {
    name: 'a node without a name',
    path: '/filter',
    body: nodesArgs(pod, [node, { metadata: {} }]),
    status: 400,
    error: /^Nodes\.items\[1\]\.metadata\.name is missing or empty$/,
  },
  {
    name: 'a node without metadata',
    path: '/prioritize',
    body: nodesArgs(pod, [{ spec: {} }]),
    status: 400,
    error: /^Nodes\.items\[0\]\.metadata is missing$/,
  },
  {
    name: 'Nodes.items that is an object',
    path: '/filter',
    body: { Pod: pod, Nodes: { items: { a: 1 } } },
    status: 400,
    error: /^Nodes\.items: expected an array, got an object$/,
  },
  {
    name: 'a taint key that is a number',
    path: '/filter',
    body: nodesArgs(pod, [
      wireNode('bad-key', { taints: [{ key: 5 as unknown as string, effect: 'NoSchedule' }] }),
    ]),
    status: 400,
    error: /^Nodes\.items\[0\]\.spec\.taints\[0\]\.key: expected a string, got a number$/,
  },
  {
    name: 'spec.unschedulable that is a string',
    path: '/filter',
    body: nodesArgs(pod, [{ metadata: { name: 'n' }, spec: { unschedulable: 'yes' } }]),
    status: 400,
    error: /^Nodes\.items\[0\]\.spec\.unschedulable: expected a boolean, got a string$/,
  },
  {
    name: 'tolerations that are an object',
    path: '/filter',
    body: nodesArgs({ spec: { tolerations: {} } }, [node]),
    status: 400,
    error: /^Pod\.spec\.tolerations: expected an array, got an object$/,
  },
  {
    name: 'a toleration operator that is a boolean',
    path: '/filter',
    body: nodesArgs(wirePod('p', [{ operator: true as unknown as string }]), [node]),
    status: 400,
    error: /^Pod\.spec\.tolerations\[0\]\.operator: expected a string, got a boolean$/,
  },
  {
    name: 'a fractional tolerationSeconds',
    path: '/filter',
    body: nodesArgs(wirePod('p', [{ key: 'k', effect: 'NoExecute', tolerationSeconds: 1.5 }]), [
      node,
    ]),
    status: 400,
    error: /tolerationSeconds: expected an integer, got a number$/,
  },
  {
    name: 'a node name in NodeNames that is a number',
    path: '/filter',
    body: { Pod: pod, NodeNames: ['a', 7] },
    status: 400,
    error: /^NodeNames\[1\]: expected a non-empty node name$/,
  },
  {
    name: 'a raw tab inside a name in NodeNames (even with no node cache to look it up in)',
    path: '/filter',
    body: `{"Pod":${JSON.stringify(pod)},"NodeNames":["a","b\tc"]}`,
    raw: true,
    status: 400,
    error: /^request body is not valid JSON: control character in string, found '\t' at byte \d+$/,
  },
  {
    name: 'a bad escape inside a name in NodeNames',
    path: '/prioritize',
    body: `{"Pod":${JSON.stringify(pod)},"NodeNames":["a\\qb"]}`,
    raw: true,
    status: 400,
    error: /^request body is not valid JSON: bad escape, found 'q' at byte \d+$/,
  },
  {
    name: 'preempt without any victims map',
    path: '/preempt',
    body: { Pod: pod },
    status: 400,
    error: /neither NodeNameToVictims nor NodeNameToMetaVictims/,
  },
  {
    name: 'preempt victims whose Pods is a string',
    path: '/preempt',
    body: { Pod: pod, NodeNameToMetaVictims: { n: { Pods: 'x' } } },
    status: 400,
    error: /^NodeNameToMetaVictims\["n"\]\.Pods: expected an array, got a string$/,
  },
  {
    name: 'a text/plain content type',
    path: '/filter',
    body: '{}',
    raw: true,
    contentType: 'text/plain',
    status: 415,
    error: /Content-Type must be application\/json/,
  },
  {
    name: 'an unsupported body encoding',
    path: '/filter',
    body: '{}',
    raw: true,
    contentType: 'application/json; charset=latin9',
    status: 415,
    error: /encoding is not supported/,
  },
]
