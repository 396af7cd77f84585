import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nodesArgs, wireNode, wirePod } from '../support/wire.js'
import { post, startTestServer, type TestServer } from '../support/test-server.js'

/**
 * Every malformed request gets a 4xx whose JSON `Error` says what is wrong and where, no stack
 * trace leaves the process, and the server goes on answering well-formed requests.
 */

const pod = wirePod('p')
const node = wireNode('n')

interface BadCase {
  name: string
  path: string
  body: unknown
  raw?: boolean
  contentType?: string
  status: number
  error: RegExp
}

const cases: BadCase[] = [
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

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ maxBodyBytes: 64 * 1024 })
})
afterAll(async () => {
  await server.close()
})

describe('bad input', () => {
  for (const c of cases) {
    it(`answers ${c.status} with a clear Error for ${c.name}`, async () => {
      const reply = await post(`${server.url}${c.path}`, c.body, {
        raw: c.raw,
        contentType: c.contentType,
      })
      expect(reply.status).toBe(c.status)
      expect(reply.headers.get('content-type')).toMatch(/^application\/json/)
      const error = (reply.json as { Error?: unknown }).Error
      expect(typeof error).toBe('string')
      expect(error).toMatch(c.error)
      expect(reply.text).not.toMatch(/\bat .*\.(ts|js):\d+/)
      // The server keeps serving everyone else.
      const ok = await post(`${server.url}/filter`, nodesArgs(pod, [node]))
      expect(ok.status).toBe(200)
    })
  }

  it('answers 413 naming the limit for a body over --max-body, then serves the next request', async () => {
    const big = nodesArgs(
      pod,
      Array.from({ length: 200 }, (_, i) => wireNode(`node-${i}`))
    )
    const reply = await post(`${server.url}/filter`, big)
    expect(reply.status).toBe(413)
    expect((reply.json as { Error: string }).Error).toBe(
      'request body is larger than the limit of 65536 bytes (--max-body)'
    )
    expect((await post(`${server.url}/filter`, nodesArgs(pod, [node]))).status).toBe(200)
  })

  it('answers 405 with Allow: POST for a GET on a verb', async () => {
    const response = await fetch(`${server.url}/filter`)
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('POST')
    expect(((await response.json()) as { Error: string }).Error).toMatch(/use POST/)
  })

  it('answers 404 with a JSON Error for an unknown path', async () => {
    const response = await fetch(`${server.url}/bind`, { method: 'POST' })
    expect(response.status).toBe(404)
    expect(((await response.json()) as { Error: string }).Error).toBe(
      'no such endpoint: POST /bind'
    )
  })

  it('accepts __proto__ and constructor as node names and taint keys without harm', async () => {
    const tricky = [
      wireNode('__proto__', { taints: [{ key: 'constructor', effect: 'NoSchedule' }] }),
      wireNode('constructor'),
    ]
    const body = JSON.stringify(nodesArgs(pod, tricky))
    const reply = await post(`${server.url}/filter`, body, { raw: true })
    expect(reply.status).toBe(200)
    expect(reply.text).toContain(
      '"FailedAndUnresolvableNodes":{"__proto__":"node(s) had untolerated taint(s)"}'
    )
  })
})
