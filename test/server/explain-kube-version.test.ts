import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nodesArgs, wireNode, wirePod } from '../support/wire.js'
import { post, startTestServer, type TestServer } from '../support/test-server.js'

/**
 * POST /explain?kubeVersion=…: the release the diagnosis speaks for, as the CLI's --kube-version;
 * the body stays the filter body kube-scheduler sends. The reply names the release it spoke for.
 */

const nodes = [
  wireNode('a', { taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }] }),
  wireNode('b', { taints: [{ key: 'maint', value: 'yes', effect: 'NoExecute' }] }),
]
const pod = wirePod('web', [])

interface Explained {
  readonly kubeVersion: string
  readonly summary: string
}

describe('POST /explain for a Kubernetes release', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ explainEndpoint: true })
  })
  afterAll(async () => {
    await server.close()
  })

  it('speaks for 1.35 and says so when no release is asked for', async () => {
    const reply = await post(`${server.url}/explain`, nodesArgs(pod, nodes))
    expect(reply.status).toBe(200)
    expect(reply.json).toMatchObject({
      kubeVersion: '1.35',
      summary:
        '0/2 nodes are available: 2 node(s) had untolerated taint(s). no new claims to deallocate, preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.',
    })
  })

  it('writes v1.28.7’s message, naming each taint and ending in two periods, for ?kubeVersion=v1.28.7', async () => {
    const reply = await post(`${server.url}/explain?kubeVersion=v1.28.7`, nodesArgs(pod, nodes))
    expect(reply.status).toBe(200)
    const body = reply.json as Explained
    expect(body.kubeVersion).toBe('1.28.7')
    expect(body.summary).toBe(
      '0/2 nodes are available: 1 node(s) had untolerated taint {dedicated: gpu}, 1 node(s) had untolerated taint {maint: yes}. preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling..'
    )
  })

  it('reads the parameter among other query parameters', async () => {
    const reply = await post(
      `${server.url}/explain?pretty=1&kubeVersion=1.34.1`,
      nodesArgs(pod, nodes)
    )
    expect((reply.json as Explained).kubeVersion).toBe('1.34.1')
    expect((reply.json as Explained).summary).toContain('{dedicated: gpu}')
  })

  it.each([
    ['1.27', 'Kubernetes 1.27 is not supported: explain and forecast speak for 1.28 to 1.35'],
    ['2.0', '"2.0" is not a Kubernetes version (write it as 1.28 or 1.28.7)'],
    ['', '"" is not a Kubernetes version (write it as 1.28 or 1.28.7)'],
  ])('answers 400 naming kubeVersion for ?kubeVersion=%j', async (text, problem) => {
    const reply = await post(
      `${server.url}/explain?kubeVersion=${encodeURIComponent(text)}`,
      nodesArgs(pod, nodes)
    )
    expect(reply.status).toBe(400)
    expect(JSON.stringify(reply.json)).toContain(
      JSON.stringify(`kubeVersion: ${problem}`).slice(1, -1)
    )
  })

  it('leaves the scheduling verbs deaf to the parameter: filter answers as ever', async () => {
    const reply = await post(`${server.url}/filter?kubeVersion=1.99`, nodesArgs(pod, nodes))
    expect(reply.status).toBe(200)
  })
})
