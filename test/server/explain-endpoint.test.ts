import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nodesArgs, wireNode, wirePod } from '../support/wire.js'
import { post, startTestServer, type TestServer } from '../support/test-server.js'

/** POST /explain: off unless asked for, since it reveals taint keys and values. */

const nodes = [
  wireNode('clean'),
  wireNode('sla-800', { taints: [{ key: 'example.com/sla', value: '800', effect: 'NoSchedule' }] }),
  wireNode('cordoned', { unschedulable: true }),
]
const pod = wirePod('web', [
  { key: 'example.com/sla', operator: 'Gt', value: '950', effect: 'NoSchedule' },
])

describe('POST /explain', () => {
  let enabled: TestServer
  let disabled: TestServer
  beforeAll(async () => {
    enabled = await startTestServer({ explainEndpoint: true })
    disabled = await startTestServer()
  })
  afterAll(async () => {
    await enabled.close()
    await disabled.close()
  })

  it('is not served unless --enable-explain-endpoint is given', async () => {
    const reply = await post(`${disabled.url}/explain`, nodesArgs(pod, nodes))
    expect(reply.status).toBe(404)
  })

  it('answers the filter body with each verdict, the deciding taint and its comparison, and the summary', async () => {
    const reply = await post(`${enabled.url}/explain`, nodesArgs(pod, nodes))
    expect(reply.status).toBe(200)
    expect(reply.json).toMatchObject({
      pod: { name: 'web', namespace: 'default' },
      nodes: [
        {
          name: 'clean',
          verdict: 'fits',
          reason: null,
          decidingTaints: [],
          untoleratedPreferNoSchedule: 0,
          score: 10,
          plugin: null,
          nodeAffinityScore: 0,
        },
        {
          name: 'sla-800',
          verdict: 'rejected',
          plugin: 'TaintToleration',
          reason: 'node(s) had untolerated taint(s)',
          decidingTaints: [
            {
              taint: { key: 'example.com/sla', value: '800', effect: 'NoSchedule' },
              comparisons: [{ operator: 'Gt', threshold: '950', outcome: '800 > 950 is false' }],
            },
          ],
          untoleratedPreferNoSchedule: 0,
          score: null,
        },
        {
          name: 'cordoned',
          verdict: 'cordoned',
          plugin: 'NodeUnschedulable',
          reason: 'node(s) were unschedulable',
          decidingTaints: [
            {
              taint: { key: 'node.kubernetes.io/unschedulable', value: '', effect: 'NoSchedule' },
              comparisons: [],
            },
          ],
          untoleratedPreferNoSchedule: 0,
          score: null,
        },
      ],
      available: 1,
      total: 3,
      summary:
        '1/3 nodes are available: 1 node(s) had untolerated taint(s), 1 node(s) were unschedulable.',
      unknownNodes: [],
    })
  })

  it('judges node affinity from the labels of the nodes in the body and reports inter-pod affinity as not judged', async () => {
    const zoned = (name: string, zone: string) => {
      const node = wireNode(name) as { metadata: { labels: Record<string, string> } }
      node.metadata.labels['topology.kubernetes.io/zone'] = zone
      return node
    }
    const picky = wirePod('picky') as { spec: Record<string, unknown> }
    picky.spec.nodeSelector = { 'topology.kubernetes.io/zone': 'zone-b' }
    picky.spec.affinity = {
      podAntiAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: [
          { labelSelector: {}, topologyKey: 'topology.kubernetes.io/zone' },
        ],
      },
    }
    const reply = await post(
      `${enabled.url}/explain`,
      nodesArgs(picky, [zoned('a', 'zone-a'), zoned('b', 'zone-b')])
    )
    expect(reply.status).toBe(200)
    const body = reply.json as {
      nodes: { name: string; plugin: string | null; detail: string }[]
      summary: string
      notJudged: string[]
    }
    expect(body.nodes.map((n) => [n.name, n.plugin, n.detail])).toEqual([
      [
        'a',
        'NodeAffinity',
        'nodeSelector topology.kubernetes.io/zone=zone-b: node has topology.kubernetes.io/zone=zone-a',
      ],
      ['b', null, ''],
    ])
    expect(body.summary).toBe(
      "1/2 nodes are available: 1 node(s) didn't match Pod's node affinity/selector."
    )
    expect(body.notJudged).toContain('inter-pod affinity (InterPodAffinity: no pods given)')
  })

  it('answers 400 naming the place for an unknown operator in the pod node affinity', async () => {
    const bad = wirePod('bad') as { spec: Record<string, unknown> }
    bad.spec.affinity = {
      nodeAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: {
          nodeSelectorTerms: [
            { matchExpressions: [{ key: 'a', operator: 'Equal', values: ['b'] }] },
          ],
        },
      },
    }
    const reply = await post(`${enabled.url}/explain`, nodesArgs(bad, nodes))
    expect(reply.status).toBe(400)
    expect(JSON.stringify(reply.json)).toContain(
      'nodeSelectorTerms[0].matchExpressions[0]: unknown operator'
    )
  })
})
