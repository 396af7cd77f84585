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
    expect(reply.json).toEqual({
      pod: { name: 'web', namespace: 'default' },
      nodes: [
        {
          name: 'clean',
          verdict: 'fits',
          reason: null,
          decidingTaints: [],
          untoleratedPreferNoSchedule: 0,
          score: 10,
        },
        {
          name: 'sla-800',
          verdict: 'rejected',
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
})
