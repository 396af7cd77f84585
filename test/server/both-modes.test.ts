import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { InformerNodeCache, loadKubeConfig } from '../../src/cluster/index.js'
import { NOOP_LOGGER, NOOP_NODE_CACHE_METRICS } from '../../src/extender/index.js'
import { startCache, unstartedServer } from '../cluster/node-cache-harness.js'
import { FakeApiServer, kubeconfigFor, type FakeNodeSpec } from '../support/fake-apiserver.js'
import { connect } from 'node:net'
import { head, parseResponses, sleep } from '../abuse/raw-http.js'
import { eventually } from '../support/eventually.js'
import { post, startTestServer, type TestServer } from '../support/test-server.js'
import {
  metaVictimsArgs,
  namesArgs,
  nodesArgs,
  wirePod,
  type WireToleration,
} from '../support/wire.js'

/**
 * One scenario table answered in both modes: full nodes in the request, and names resolved by
 * the informer-fed node cache (real client-node against a real list/watch server). The answers
 * must be identical, node for node and score for score.
 */

const CLUSTER: FakeNodeSpec[] = [
  { name: 'plain-1' },
  { name: 'plain-2' },
  { name: 'gpu', taints: [{ key: 'nvidia.com/gpu', value: 'present', effect: 'NoSchedule' }] },
  { name: 'draining', taints: [{ key: 'maintenance', effect: 'NoExecute' }] },
  { name: 'cordoned', unschedulable: true },
  { name: 'spot', taints: [{ key: 'spot', value: 'true', effect: 'PreferNoSchedule' }] },
  {
    name: 'spot-old',
    taints: [
      { key: 'spot', value: 'true', effect: 'PreferNoSchedule' },
      { key: 'kernel', value: '4', effect: 'PreferNoSchedule' },
    ],
  },
  { name: 'sla-800', taints: [{ key: 'sla', value: '800', effect: 'NoSchedule' }] },
  { name: 'sla-990', taints: [{ key: 'sla', value: '990', effect: 'NoSchedule' }] },
]
const ALL = CLUSTER.map((n) => n.name)

const SCENARIOS: { name: string; tolerations: WireToleration[]; candidates: string[] }[] = [
  { name: 'a pod without tolerations over the whole cluster', tolerations: [], candidates: ALL },
  { name: 'a pod tolerating everything', tolerations: [{ operator: 'Exists' }], candidates: ALL },
  {
    name: 'a GPU pod over GPU and plain nodes',
    tolerations: [{ key: 'nvidia.com/gpu', operator: 'Exists', effect: 'NoSchedule' }],
    candidates: ['gpu', 'plain-1', 'spot'],
  },
  {
    name: 'a pod tolerating cordons and maintenance',
    tolerations: [
      { key: 'node.kubernetes.io/unschedulable', operator: 'Exists' },
      { key: 'maintenance', operator: 'Exists' },
    ],
    candidates: ALL,
  },
  {
    name: 'a pod with an SLA threshold (Gt 950)',
    tolerations: [{ key: 'sla', operator: 'Gt', value: '950', effect: 'NoSchedule' }],
    candidates: ALL,
  },
  {
    name: 'a pod tolerating spot only, scored over soft-tainted nodes',
    tolerations: [{ key: 'spot', operator: 'Equal', value: 'true' }],
    candidates: ['plain-1', 'spot', 'spot-old'],
  },
]

let api: FakeApiServer
let cache: InformerNodeCache
let server: TestServer

// One API server and node cache for the whole file (the harness's per-test ones stop after
// each test); the last describe block starts its own through the harness.
beforeAll(async () => {
  api = await FakeApiServer.start()
  for (const node of CLUSTER) api.addNode(node)
  cache = new InformerNodeCache({
    kubeConfig: loadKubeConfig({ kind: 'kubeconfig', path: kubeconfigFor(api.url) }),
    logger: NOOP_LOGGER,
    metrics: NOOP_NODE_CACHE_METRICS,
    backoff: { initialMs: 10, maxMs: 100 },
  })
  cache.start()
  server = await startTestServer({ nodeCache: cache })
  await eventually(async () => expect((await fetch(`${server.url}/readyz`)).status).toBe(200))
})
afterAll(async () => {
  await server.close()
  await cache.stop()
  await api.close()
})

function fullNodes(names: string[]): unknown[] {
  return names.map((name) => api.node(name))
}

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

describe('node-cache replies echo names exactly', () => {
  it('escapes a name that needs it and keeps plain and non-ASCII names as they are', async () => {
    const names = ['plain-1', 'we"ird\\name', 'nœud-ünïcode']
    const reply = await post(`${server.url}/filter`, namesArgs(wirePod('p'), names))
    expect(reply.status).toBe(200)
    expect(reply.json).toEqual({
      Nodes: null,
      NodeNames: ['plain-1'],
      FailedNodes: {
        'we"ird\\name': 'node(s) were not found by the taint extender',
        'nœud-ünïcode': 'node(s) were not found by the taint extender',
      },
      FailedAndUnresolvableNodes: {},
      Error: '',
    })
    const plain = await post(
      `${server.url}/prioritize`,
      namesArgs(wirePod('p'), ['plain-1', 'nœud-ünïcode'])
    )
    expect(plain.json).toEqual([
      { Host: 'plain-1', Score: 10 },
      { Host: 'nœud-ünïcode', Score: 0 },
    ])
  })
  it('finds a node whose name arrives \\u-escaped, answering with the literal as it was sent', async () => {
    const pod = JSON.stringify(wirePod('p'))
    const body = `{"Pod":${pod},"NodeNames":["plain\\u002d1", "gp\\u0075","spot"]}`
    const filter = await post(`${server.url}/filter`, body, { raw: true })
    expect(filter.status).toBe(200)
    expect(filter.text).toBe(
      '{"Nodes":null,"NodeNames":["plain\\u002d1","spot"],"FailedNodes":{},' +
        '"FailedAndUnresolvableNodes":{"gp\\u0075":"node(s) had untolerated taint(s)"},"Error":""}'
    )
    const prioritize = await post(`${server.url}/prioritize`, body, { raw: true })
    expect(prioritize.json).toEqual([
      { Host: 'plain-1', Score: 10 },
      { Host: 'gpu', Score: 10 },
      { Host: 'spot', Score: 0 },
    ])
  })
  it.each([
    ['a raw tab after a known name', '"plain-1\t"', /control character in string, found '\t'/],
    ['a bad escape', '"sp\\qot"', /bad escape, found 'q'/],
  ])(
    'refuses a literal with %s with 400, though the names around it are indexed',
    async (_, literal, error) => {
      const pod = JSON.stringify(wirePod('p'))
      for (const verb of ['filter', 'prioritize']) {
        const body = `{"Pod":${pod},"NodeNames":["plain-1",${literal},"spot"]}`
        const reply = await post(`${server.url}/${verb}`, body, { raw: true })
        expect(reply.status).toBe(400)
        expect((reply.json as { Error: string }).Error).toMatch(error)
      }
    }
  )
})

describe('replies under concurrent and pipelined requests', () => {
  // Over 64 KiB, a body arrives in several chunks; node-cache replies are copied from the
  // request's bytes. No request's bytes may leak into another request's reply.
  const requests: { path: string; body: string; names: boolean }[] = []
  const alone: string[] = []
  beforeAll(async () => {
    SCENARIOS.forEach((scenario, k) => {
      const pod = wirePod(`p${k}`, scenario.tolerations)
      const at = (i: number): string =>
        scenario.candidates[(i + k) % scenario.candidates.length] as string
      const names = Array.from({ length: 40_000 }, (_, i) => at(i))
      const nodes = fullNodes(Array.from({ length: 300 }, (_, i) => at(i)))
      for (const verb of ['filter', 'prioritize']) {
        requests.push({
          path: `/${verb}`,
          body: JSON.stringify(namesArgs(pod, names)),
          names: true,
        })
        requests.push({
          path: `/${verb}`,
          body: JSON.stringify(nodesArgs(pod, nodes)),
          names: false,
        })
      }
    })
    for (const r of requests)
      alone.push((await post(`${server.url}${r.path}`, r.body, { raw: true })).text)
  })

  it('gives each of 144 concurrent requests in both modes, bodies of several chunks among them, the very reply it gets alone, while others are cut off', async () => {
    expect(Math.min(...requests.map((r) => r.body.length))).toBeGreaterThan(64 * 1024)
    const cutOff = requests.map((r) =>
      fetch(`${server.url}${r.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: r.body,
        signal: AbortSignal.timeout(2),
      })
        .then((res) => res.text())
        .catch(() => null)
    )
    const rounds = [0, 1, 2, 3, 4, 5].flatMap(() => requests.map((r, i) => ({ ...r, i })))
    const together = await Promise.all(
      rounds.map(async (r) => ({
        i: r.i,
        text: (await post(`${server.url}${r.path}`, r.body, { raw: true })).text,
      }))
    )
    await Promise.all(cutOff)
    expect(together).toHaveLength(144)
    for (const { i, text } of together) expect(text).toBe(alone[i])
  })

  it('keeps the replies of a client that pipelined requests and reads them late intact, while other clients are served', async () => {
    // The client reads nothing at first: once the kernel's buffers are full, the replies wait
    // in the server's socket stream while other requests are answered.
    const pipelined = requests.flatMap((r, i) => (r.names ? [i] : []))
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1')
    socket.pause()
    await new Promise((resolve) => socket.once('connect', resolve))
    for (const i of pipelined) {
      const r = requests[i] as { path: string; body: string }
      const headers = ['Content-Type: application/json', `Content-Length: ${r.body.length}`]
      socket.write(head('POST', r.path, headers) + r.body)
    }
    await sleep(300)
    await Promise.all(requests.map((r) => post(`${server.url}${r.path}`, r.body, { raw: true })))
    const chunks: Buffer[] = []
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.resume()
    await eventually(() =>
      expect(parseResponses(Buffer.concat(chunks), false)).toHaveLength(pipelined.length)
    )
    socket.destroy()
    const replies = parseResponses(Buffer.concat(chunks), false)
    expect(replies.map((r) => r.body)).toEqual(pipelined.map((i) => alone[i]))
  })
})

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
    const url = await late.listen()
    await late.close()
    const { cache } = startCache(url)
    const waiting = await startTestServer({ nodeCache: cache })
    try {
      const readyz = await fetch(`${waiting.url}/readyz`)
      expect(readyz.status).toBe(503)
      expect(await readyz.text()).toMatch(/^\[-\]node-cache failed: /)
      const refused = (await post(`${waiting.url}/filter`, namesArgs(wirePod('p'), ['a'])))
        .json as { Error: string }
      expect(refused.Error).toMatch(/^node cache not ready: /)
      late.addNode({ name: 'a' })
      await late.listen(Number(new URL(url).port))
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
