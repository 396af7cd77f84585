import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { post, startTestServer, type TestServer } from '../support/test-server.js'
import { nodesArgs, wireNode, wirePod } from '../support/wire.js'

/**
 * Full-node bodies over 16 MiB, which are joined in the one large buffer the server keeps (see
 * BodyBuffers), over real HTTP, one after another as kube-scheduler sends them: each is answered
 * from its own bytes, however large the body the buffer held before.
 */

const MiB = 1024 * 1024
const PAD = 'x'.repeat(16 * 1024)

/** Every third node has a NoSchedule taint, every third from the second a PreferNoSchedule. */
function fleet(tag: string, bytes: number): Record<string, unknown>[] {
  const count = Math.ceil(bytes / (PAD.length + 600))
  return Array.from({ length: count }, (_, i) => {
    const effect = ['NoSchedule', 'PreferNoSchedule', null][i % 3]
    const node = wireNode(`${tag}-${i}`, effect ? { taints: [{ key: 'k', effect }] } : {})
    return { ...node, metadata: { ...(node.metadata as object), annotations: { pad: PAD } } }
  })
}

function namesOf(nodes: readonly Record<string, unknown>[]): string[] {
  return nodes.map((n) => (n.metadata as { name: string }).name)
}

const pod = wirePod('large-bodies')
const fleets = [
  { name: '24 MiB', nodes: fleet('a', 24 * MiB) },
  { name: '18 MiB, after a larger one', nodes: fleet('b', 18 * MiB) },
  { name: '30 MiB, after a smaller one', nodes: fleet('c', 30 * MiB) },
  { name: '24 MiB again, after a larger one', nodes: fleet('d', 24 * MiB) },
]

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ maxBodyBytes: 64 * MiB })
})
afterAll(async () => {
  await server.close()
})

describe('full-node bodies over 16 MiB, one after another', () => {
  it.each(fleets)(
    'filter of $name passes exactly the nodes without a NoSchedule taint, echoing their bytes',
    async ({ nodes }) => {
      const body = JSON.stringify(nodesArgs(pod, nodes))
      expect(body.length).toBeGreaterThan(16 * MiB)
      const reply = await post(`${server.url}/filter`, body, { raw: true })
      expect(reply.status).toBe(200)
      const result = reply.json as {
        Nodes: { items: Record<string, unknown>[] }
        FailedAndUnresolvableNodes: Record<string, string>
      }
      const passing = nodes.filter((_, i) => i % 3 !== 0)
      expect(result.Nodes.items).toEqual(passing)
      expect(Object.keys(result.FailedAndUnresolvableNodes)).toEqual(
        namesOf(nodes.filter((_, i) => i % 3 === 0))
      )
    }
  )

  it.each(fleets)(
    'prioritize of $name scores exactly the nodes with a PreferNoSchedule taint 0 and the rest 10',
    async ({ nodes }) => {
      const reply = await post(`${server.url}/prioritize`, nodesArgs(pod, nodes))
      expect(reply.status).toBe(200)
      expect(reply.json).toEqual(
        namesOf(nodes).map((Host, i) => ({ Host, Score: i % 3 === 1 ? 0 : 10 }))
      )
    }
  )
})
