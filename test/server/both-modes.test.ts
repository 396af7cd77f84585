import { describe, expect, it } from 'vitest'
import { startCache, unstartedServer } from '../cluster/node-cache-harness.js'
import { eventually } from '../support/eventually.js'
import { freePort } from '../support/free-port.js'
import { post, startTestServer } from '../support/test-server.js'
import { metaVictimsArgs, namesArgs, nodesArgs, wirePod } from '../support/wire.js'
import { describeConcurrentReplies } from './both-modes.concurrent-replies.case.js'
import { describeEchoedNames } from './both-modes.echoed-names.case.js'
import { api, cache, fullNodes, SCENARIOS, server, startBothModes } from './both-modes-harness.js'

/**
 * One scenario table answered in both modes: full nodes in the request, and names resolved by
 * the informer-fed node cache (real client-node against a real list/watch server). The answers
 * must be identical, node for node and score for score.
 *
 * The blocks run in this order, the topic files' (both-modes.*.case.ts) among them, against one
 * cluster and server (both-modes-harness.ts): later blocks see what earlier ones did to it.
 */

startBothModes()

describe('the same scenario table in full-node and node-cache mode', () => {
  for (const scenario of SCENARIOS) {
    it(`filter, prioritize and preempt agree for ${scenario.name}`, async () => {
      const pod = wirePod('p', scenario.tolerations)
      const full = (
        await post(`${server.url}/filter`, nodesArgs(pod, fullNodes(scenario.candidates)))
      ).json as {
        Nodes: { items: { metadata: { name: string } }[] }
        FailedAndUnresolvableNodes: Record<string, string>
      }
      const names = (await post(`${server.url}/filter`, namesArgs(pod, scenario.candidates)))
        .json as {
        NodeNames: string[]
        FailedNodes: Record<string, string>
        FailedAndUnresolvableNodes: Record<string, string>
        Error: string
      }
      expect(names.Error).toBe('')
      expect(names.FailedNodes).toEqual({})
      expect(names.NodeNames).toEqual(full.Nodes.items.map((n) => n.metadata.name))
      expect(names.FailedAndUnresolvableNodes).toEqual(full.FailedAndUnresolvableNodes)

      const feasible = names.NodeNames
      const fullScores = await post(`${server.url}/prioritize`, nodesArgs(pod, fullNodes(feasible)))
      const nameScores = await post(`${server.url}/prioritize`, namesArgs(pod, feasible))
      expect(nameScores.text).toBe(fullScores.text)

      const victims = Object.fromEntries(scenario.candidates.map((n) => [n, { uids: [`v-${n}`] }]))
      const preempted = (await post(`${server.url}/preempt`, metaVictimsArgs(pod, victims)))
        .json as {
        NodeNameToMetaVictims: Record<string, unknown>
      }
      expect(Object.keys(preempted.NodeNameToMetaVictims)).toEqual(feasible)
    })
  }
})

describe('node-cache mode over real HTTP', () => {
  it('answers the next request with a taint added by kubectl taint', async () => {
    api.addNode({ name: 'fresh' })
    const pod = wirePod('p')
    await eventually(async () => {
      const reply = (await post(`${server.url}/filter`, namesArgs(pod, ['fresh']))).json as {
        NodeNames: string[]
      }
      expect(reply.NodeNames).toEqual(['fresh'])
    })
    api.updateNode('fresh', { taints: [{ key: 'dedicated', value: 'db', effect: 'NoSchedule' }] })
    await eventually(async () => {
      const reply = (await post(`${server.url}/filter`, namesArgs(pod, ['fresh']))).json as {
        FailedAndUnresolvableNodes: Record<string, string>
      }
      expect(reply.FailedAndUnresolvableNodes).toEqual({
        fresh: 'node(s) had untolerated taint(s)',
      })
    })
  })

  it('looks up a name the watch has not delivered yet, and reports a deleted node as unknown in FailedNodes', async () => {
    api.addNode({ name: 'unseen', taints: [{ key: 'k', effect: 'NoExecute' }] }, { notify: false })
    const gets = api.requests('get')
    const reply = (
      await post(`${server.url}/filter`, namesArgs(wirePod('p'), ['unseen', 'plain-1']))
    ).json as {
      NodeNames: string[]
      FailedAndUnresolvableNodes: Record<string, string>
    }
    expect(api.requests('get')).toBe(gets + 1)
    expect(reply.NodeNames).toEqual(['plain-1'])
    expect(reply.FailedAndUnresolvableNodes).toEqual({ unseen: 'node(s) had untolerated taint(s)' })

    api.deleteNode('plain-2')
    await eventually(async () => {
      const gone = (await post(`${server.url}/filter`, namesArgs(wirePod('p'), ['plain-2'])))
        .json as {
        NodeNames: string[]
        FailedNodes: Record<string, string>
      }
      expect(gone.NodeNames).toEqual([])
      expect(gone.FailedNodes).toEqual({
        'plain-2': 'node(s) were not found by the taint extender',
      })
    })
  })
})

describeEchoedNames()
describeConcurrentReplies()

describe('POST /explain in node-cache mode', () => {
  it('explains names from the index, a \\u-escaped one included, and lists a name no one knows', async () => {
    const explaining = await startTestServer({ nodeCache: cache, explainEndpoint: true })
    try {
      const pod = JSON.stringify(wirePod('p'))
      const body = `{"Pod":${pod},"NodeNames":["g\\u0070u","plain-1","no-such-node"]}`
      const reply = await post(`${explaining.url}/explain`, body, { raw: true })
      expect(reply.status).toBe(200)
      const json = reply.json as {
        nodes: { name: string; verdict: string }[]
        summary: string
        unknownNodes: string[]
      }
      expect(json.nodes.map((n) => [n.name, n.verdict])).toEqual([
        ['gpu', 'rejected'],
        ['plain-1', 'fits'],
      ])
      expect(json.unknownNodes).toEqual(['no-such-node'])
      expect(json.summary).toBe('1/2 nodes are available: 1 node(s) had untolerated taint(s).')
    } finally {
      await explaining.close()
    }
  })
})

describe('node-cache mode before the first list', () => {
  it('is not ready and refuses NodeNames with a reason until the API server appears, then serves', async () => {
    const late = unstartedServer()
    const port = await freePort()
    const { cache } = startCache(`http://127.0.0.1:${port}`)
    const waiting = await startTestServer({ nodeCache: cache })
    try {
      const readyz = await fetch(`${waiting.url}/readyz`)
      expect(readyz.status).toBe(503)
      expect(await readyz.text()).toMatch(/^\[-\]node-cache failed: /)
      const refused = (await post(`${waiting.url}/filter`, namesArgs(wirePod('p'), ['a'])))
        .json as { Error: string }
      expect(refused.Error).toMatch(/^node cache not ready: /)
      late.addNode({ name: 'a' })
      await late.listen(port)
      await eventually(
        async () => expect((await fetch(`${waiting.url}/readyz`)).status).toBe(200),
        10_000
      )
      const served = (await post(`${waiting.url}/filter`, namesArgs(wirePod('p'), ['a']))).json as {
        NodeNames: string[]
      }
      expect(served.NodeNames).toEqual(['a'])
    } finally {
      await waiting.close()
    }
  })
})
