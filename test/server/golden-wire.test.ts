import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { post, startTestServer, type TestServer } from '../support/test-server.js'

/**
 * Golden fixtures: real request bodies kube-scheduler sent to an extender over loopback
 * (test/fixtures/samples), answered byte for byte as a Go extender would be read.
 */

function sample(name: string): Record<string, unknown> {
  const url = new URL(`../fixtures/samples/${name}`, import.meta.url)
  return JSON.parse(readFileSync(url, 'utf8')) as Record<string, unknown>
}

/** The sample with its pod's tolerations removed, so the taints on node-2 and node-3 bite. */
function withoutTolerations(body: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(body) as { Pod: { spec: { tolerations?: unknown } } }
  delete copy.Pod.spec.tolerations
  return copy
}

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server.close()
})

describe('full-node filter on the recorded kube-scheduler request', () => {
  const request = sample('filter.Nodes.request.json')
  const items = (request.Nodes as { items: unknown[] }).items

  it('passes every node for a pod tolerating everything, echoing the node objects exactly', async () => {
    const reply = await post(`${server.url}/filter`, request)
    expect(reply.status).toBe(200)
    expect(reply.headers.get('content-type')).toBe('application/json')
    expect(reply.json).toEqual({
      Nodes: { metadata: {}, items },
      NodeNames: null,
      FailedNodes: {},
      FailedAndUnresolvableNodes: {},
      Error: '',
    })
    expect(Object.keys(reply.json as object)).toEqual([
      'Nodes',
      'NodeNames',
      'FailedNodes',
      'FailedAndUnresolvableNodes',
      'Error',
    ])
  })

  it('rejects the NoSchedule-tainted node as unresolvable with upstream reason when nothing is tolerated', async () => {
    const reply = await post(`${server.url}/filter`, withoutTolerations(request))
    expect(reply.status).toBe(200)
    expect(reply.json).toEqual({
      Nodes: { metadata: {}, items: [items[0], items[2]] },
      NodeNames: null,
      FailedNodes: {},
      FailedAndUnresolvableNodes: { 'node-2': 'node(s) had untolerated taint(s)' },
      Error: '',
    })
  })
})

describe('full-node prioritize on the recorded kube-scheduler request', () => {
  const request = sample('prioritize.Nodes.request.json')

  it('answers a bare HostPriorityList with every node at 10 when the pod tolerates everything', async () => {
    const reply = await post(`${server.url}/prioritize`, request)
    expect(reply.status).toBe(200)
    expect(reply.text).toBe('[{"Host":"node-1","Score":10},{"Host":"node-3","Score":10}]')
  })

  it('scores the PreferNoSchedule-tainted node 0 and the clean node 10 when nothing is tolerated', async () => {
    const reply = await post(`${server.url}/prioritize`, withoutTolerations(request))
    expect(reply.text).toBe('[{"Host":"node-1","Score":10},{"Host":"node-3","Score":0}]')
  })
})

describe('node-cache requests without a cluster connection', () => {
  it('fail filter through the protocol Error field, so the message reaches the pod events', async () => {
    const reply = await post(`${server.url}/filter`, sample('filter.NodeNames.request.json'))
    expect(reply.status).toBe(200)
    const body = reply.json as Record<string, unknown>
    expect(body.NodeNames).toBeNull()
    expect(body.Nodes).toBeNull()
    expect(String(body.Error)).toMatch(/NodeNames.*no cluster connection.*--kubeconfig/)
  })

  it('fail prioritize with a 503 whose Error explains the missing cluster connection', async () => {
    const reply = await post(
      `${server.url}/prioritize`,
      sample('prioritize.NodeNames.request.json')
    )
    expect(reply.status).toBe(503)
    expect(String((reply.json as { Error: string }).Error)).toMatch(/no cluster connection/)
  })
})
