import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REASON_EVICTING_TAINT, type EvictingNodes } from '../../src/core/index.js'
import { seriesSamples } from '../support/metrics-text.js'
import { post, startTestServer, type TestServer } from '../support/test-server.js'
import { metaVictimsArgs, nodesArgs, wireNode, wirePod } from '../support/wire.js'

/**
 * `--evicting-nodes` over real HTTP: a Deployment-like pod tolerating maintenance=planned:NoExecute
 * for 600 s, a node with that taint and one without. Each mode's filter, prioritize, preempt,
 * POST /explain and metrics. (The semantics table runs every rule row in each mode, in both
 * transport modes; this checks what the table does not: preempt, explain and the counters.)
 */

const pod = wirePod('web-1', [
  {
    key: 'maintenance',
    operator: 'Equal',
    value: 'planned',
    effect: 'NoExecute',
    tolerationSeconds: 600,
  },
])
const maintained = wireNode('maintained', {
  taints: [{ key: 'maintenance', value: 'planned', effect: 'NoExecute' }],
})
const plain = wireNode('plain')
const nodes = [maintained, plain]

interface FilterReply {
  Nodes: { items: { metadata: { name: string } }[] } | null
  FailedNodes: Record<string, string>
  FailedAndUnresolvableNodes: Record<string, string>
}

const servers = new Map<EvictingNodes, TestServer>()
const serverIn = (mode: EvictingNodes): TestServer => servers.get(mode) as TestServer

beforeAll(async () => {
  for (const mode of ['reject', 'avoid', 'allow'] as const) {
    servers.set(mode, await startTestServer({ evictingNodes: mode, explainEndpoint: true }))
  }
})

afterAll(async () => {
  await Promise.all([...servers.values()].map((s) => s.close()))
})

async function filter(mode: EvictingNodes): Promise<FilterReply> {
  const reply = await post(`${serverIn(mode).url}/filter`, nodesArgs(pod, nodes))
  expect(reply.status).toBe(200)
  return reply.json as FilterReply
}

async function rejectedAsEvicting(mode: EvictingNodes): Promise<number | undefined> {
  const text = await (await fetch(`${serverIn(mode).url}/metrics`)).text()
  return seriesSamples(text).get('taint_extender_nodes_rejected_total{reason="evicting_taint"}')
}

describe('--evicting-nodes', () => {
  it('reject: filter turns the node away in FailedAndUnresolvableNodes with its own reason, and counts it', async () => {
    const body = await filter('reject')
    expect(body.Nodes?.items.map((n) => n.metadata.name)).toEqual(['plain'])
    expect(body.FailedNodes).toEqual({})
    expect(body.FailedAndUnresolvableNodes).toEqual({ maintained: REASON_EVICTING_TAINT })
    expect(await rejectedAsEvicting('reject')).toBe(1)
  })

  it.each(['avoid', 'allow'] as const)(
    '%s: filter passes the node, as upstream does',
    async (mode) => {
      const body = await filter(mode)
      expect(body.Nodes?.items.map((n) => n.metadata.name)).toEqual(['maintained', 'plain'])
      expect(body.FailedAndUnresolvableNodes).toEqual({})
      expect(await rejectedAsEvicting(mode)).toBe(0)
    }
  )

  it.each([
    ['avoid', [0, 10]],
    ['allow', [10, 10]],
    ['reject', [10, 10]],
  ] as const)(
    '%s: prioritize scores the node that would evict as %j beside the plain one',
    async (mode, scores) => {
      const reply = await post(`${serverIn(mode).url}/prioritize`, nodesArgs(pod, nodes))
      expect(reply.json).toEqual([
        { Host: 'maintained', Score: scores[0] },
        { Host: 'plain', Score: scores[1] },
      ])
    }
  )

  it.each([
    ['reject', ['plain']],
    ['avoid', ['maintained', 'plain']],
    ['allow', ['maintained', 'plain']],
  ] as const)('%s: preempt keeps the candidates %j', async (mode, kept) => {
    const server = serverIn(mode)
    await post(`${server.url}/filter`, nodesArgs(pod, nodes))
    const args = metaVictimsArgs(pod, { maintained: { uids: ['a'] }, plain: { uids: ['b'] } })
    const reply = await post(`${server.url}/preempt`, args)
    expect(reply.status).toBe(200)
    const json = reply.json as { NodeNameToMetaVictims: Record<string, unknown> }
    expect(Object.keys(json.NodeNameToMetaVictims)).toEqual(kept)
  })

  it('a pod tolerating the taint forever is placed on both nodes in reject mode', async () => {
    const forever = wirePod('web-2', [
      { key: 'maintenance', operator: 'Exists', effect: 'NoExecute' },
    ])
    const reply = await post(`${serverIn('reject').url}/filter`, nodesArgs(forever, nodes))
    const body = reply.json as FilterReply
    expect(body.Nodes?.items.map((n) => n.metadata.name)).toEqual(['maintained', 'plain'])
  })

  it.each([
    ['reject', 'rejected', REASON_EVICTING_TAINT, 1],
    ['avoid', 'fits', null, 2],
    ['allow', 'fits', null, 2],
  ] as const)(
    '%s: POST /explain gives the node the verdict %s, and says when the pod would be evicted',
    async (mode, verdict, reason, available) => {
      const reply = await post(`${serverIn(mode).url}/explain`, nodesArgs(pod, nodes))
      expect(reply.status).toBe(200)
      const body = reply.json as {
        available: number
        summary: string
        nodes: { name: string; verdict: string; reason: string | null; eviction: unknown }[]
      }
      expect(body.available).toBe(available)
      const row = body.nodes.find((n) => n.name === 'maintained')
      expect(row).toMatchObject({
        verdict,
        reason,
        eviction: {
          afterSeconds: 600,
          detail: 'maintenance=planned:NoExecute is tolerated for 600s',
        },
      })
      expect(body.nodes.find((n) => n.name === 'plain')).toMatchObject({
        verdict: 'fits',
        eviction: null,
      })
      if (mode === 'reject') expect(body.summary).toContain(`1 ${REASON_EVICTING_TAINT}`)
    }
  )
})
