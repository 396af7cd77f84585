import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  fullVictimsArgs,
  lowerCaseKeys,
  metaVictimsArgs,
  nodesArgs,
  wireNode,
  wirePod,
} from '../support/wire.js'
import { post, startTestServer, type TestServer } from '../support/test-server.js'

/**
 * Every verb over real HTTP, with the request keys as kube-scheduler writes them and all
 * lower-cased (Go decodes any casing; replies are always PascalCase).
 */

const casings = [
  { name: 'PascalCase keys, as kube-scheduler sends them', encode: (b: unknown) => b },
  { name: 'lower-cased keys, which Go would decode the same', encode: lowerCaseKeys },
] as const

const nodes = [
  wireNode('clean'),
  wireNode('gpu', { taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }] }),
  wireNode('draining', { taints: [{ key: 'maintenance', effect: 'NoExecute' }] }),
  wireNode('cordoned', { unschedulable: true }),
  wireNode('soft', { taints: [{ key: 'spot', value: 'true', effect: 'PreferNoSchedule' }] }),
  wireNode('softer', {
    taints: [
      { key: 'spot', value: 'true', effect: 'PreferNoSchedule' },
      { key: 'old-kernel', effect: 'PreferNoSchedule' },
    ],
  }),
]
const gpuPod = wirePod('trainer', [
  { key: 'dedicated', operator: 'Equal', value: 'gpu', effect: 'NoSchedule' },
])

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server.close()
})

for (const casing of casings) {
  describe(`with ${casing.name}`, () => {
    it('filter passes the tolerated and clean nodes and names upstream reasons for the rest', async () => {
      const reply = await post(`${server.url}/filter`, casing.encode(nodesArgs(gpuPod, nodes)))
      expect(reply.status).toBe(200)
      const body = reply.json as { Nodes: { items: { metadata: { name: string } }[] } }
      expect(body.Nodes.items.map((n) => n.metadata.name)).toEqual([
        'clean',
        'gpu',
        'soft',
        'softer',
      ])
      expect(reply.json).toMatchObject({
        NodeNames: null,
        FailedNodes: {},
        FailedAndUnresolvableNodes: {
          draining: 'node(s) had untolerated taint(s)',
          cordoned: 'node(s) were unschedulable',
        },
        Error: '',
      })
    })

    it('prioritize normalises untolerated PreferNoSchedule counts over the request, reversed, 0 to 10', async () => {
      const candidates = [nodes[0], nodes[4], nodes[5]]
      const reply = await post(
        `${server.url}/prioritize`,
        casing.encode(nodesArgs(gpuPod, candidates))
      )
      expect(reply.status).toBe(200)
      // Counts 0, 1, 2 → 10 - floor(10 * c / 2) → 10, 5, 0.
      expect(reply.text).toBe(
        '[{"Host":"clean","Score":10},{"Host":"soft","Score":5},{"Host":"softer","Score":0}]'
      )
    })

    it('preempt with meta victims drops candidates whose last-seen taints the pod cannot tolerate and keeps unseen ones', async () => {
      await post(`${server.url}/filter`, nodesArgs(gpuPod, nodes))
      const args = metaVictimsArgs(gpuPod, {
        gpu: { uids: ['a', 'b'], pdb: 1 },
        draining: { uids: ['c'] },
        cordoned: { uids: ['d'] },
        'never-seen': { uids: ['e'] },
      })
      const reply = await post(`${server.url}/preempt`, casing.encode(args))
      expect(reply.status).toBe(200)
      expect(reply.json).toEqual({
        NodeNameToMetaVictims: {
          gpu: { Pods: [{ UID: 'a' }, { UID: 'b' }], NumPDBViolations: 1 },
          'never-seen': { Pods: [{ UID: 'e' }], NumPDBViolations: 0 },
        },
      })
    })

    it('preempt with full victims answers in the meta form with the victims UIDs', async () => {
      await post(`${server.url}/filter`, nodesArgs(gpuPod, nodes))
      const args = fullVictimsArgs(wirePod('plain'), {
        clean: { uids: ['u1'], pdb: 2 },
        gpu: { uids: ['u2'] },
      })
      const reply = await post(`${server.url}/preempt`, casing.encode(args))
      expect(reply.status).toBe(200)
      expect(reply.text).toBe(
        '{"NodeNameToMetaVictims":{"clean":{"Pods":[{"UID":"u1"}],"NumPDBViolations":2}}}'
      )
    })
  })
}

describe('compiled caches behind the verbs', () => {
  it('compile a toleration set once for pods whose tolerations differ only in order', async () => {
    const fresh = await startTestServer()
    try {
      const a = wirePod('a', [
        { key: 'x', operator: 'Exists' },
        { key: 'y', value: '1' },
      ])
      const b = wirePod('b', [
        { key: 'y', value: '1' },
        { key: 'x', operator: 'Exists' },
      ])
      await post(`${fresh.url}/filter`, nodesArgs(a, nodes))
      await post(`${fresh.url}/filter`, nodesArgs(b, nodes))
      expect(fresh.extender.cacheSizes().tolerations).toBe(1)
      const text = await (await fetch(`${fresh.url}/metrics`)).text()
      expect(text).toMatch(
        /taint_extender_cache_lookups_total\{cache="tolerations",result="hit"\} 1/
      )
      expect(text).toMatch(/taint_extender_cache_lookups_total\{cache="nodes",result="hit"\} 6/)
    } finally {
      await fresh.close()
    }
  })

  it.each([
    [
      'recompile a node whose resourceVersion changed, so a new taint is honoured at once',
      'n',
      '7',
      '8',
    ],
    [
      'judge a node sent without a resourceVersion by the taints it carries now, never by a copy kept from an earlier request',
      'unversioned',
      '',
      '',
    ],
  ])('%s', async (_, name, versionBefore, versionAfter) => {
    const pod = wirePod('p')
    const before = wireNode(name, { resourceVersion: versionBefore })
    const after = wireNode(name, {
      resourceVersion: versionAfter,
      taints: [{ key: 'k', effect: 'NoSchedule' }],
    })
    const first = await post(`${server.url}/filter`, nodesArgs(pod, [before]))
    expect(
      (first.json as { FailedAndUnresolvableNodes: object }).FailedAndUnresolvableNodes
    ).toEqual({})
    const second = await post(`${server.url}/filter`, nodesArgs(pod, [after]))
    expect(
      (second.json as { FailedAndUnresolvableNodes: object }).FailedAndUnresolvableNodes
    ).toEqual({ [name]: 'node(s) had untolerated taint(s)' })
  })

  it('count a pod whose tolerations arrive as the same text as before as one miss, then hits', async () => {
    const fresh = await startTestServer()
    try {
      const pod = wirePod('same', [{ key: 'x', operator: 'Exists' }])
      for (let i = 0; i < 3; i++) await post(`${fresh.url}/filter`, nodesArgs(pod, nodes))
      const text = await (await fetch(`${fresh.url}/metrics`)).text()
      expect(text).toMatch(
        /taint_extender_cache_lookups_total\{cache="tolerations",result="miss"\} 1\n/
      )
      expect(text).toMatch(
        /taint_extender_cache_lookups_total\{cache="tolerations",result="hit"\} 2\n/
      )
    } finally {
      await fresh.close()
    }
  })

  it('stay bounded under a stream of distinct pods and nodes', async () => {
    const small = await startTestServer({ tolerationsCacheSize: 4, nodesCacheSize: 8 })
    try {
      for (let i = 0; i < 20; i++) {
        const pod = wirePod(`p${i}`, [{ key: `k${i}`, operator: 'Exists' }])
        await post(`${small.url}/filter`, nodesArgs(pod, [wireNode(`n${i}`), wireNode(`m${i}`)]))
      }
      expect(small.extender.cacheSizes()).toEqual({ tolerations: 4, nodes: 8 })
    } finally {
      await small.close()
    }
  })
})

describe('key casing as Go decodes it', () => {
  it('binds a key spelled with escapes (\\u0050od) and takes the last of two spellings', async () => {
    const tolerant = JSON.stringify(wirePod('p', [{ key: 'dedicated', operator: 'Exists' }]))
    const strict = JSON.stringify(wirePod('p'))
    const tainted = JSON.stringify(
      nodesArgs(null, [wireNode('x', { taints: [{ key: 'dedicated', effect: 'NoSchedule' }] })])
        .Nodes
    )
    const body = `{"pod":${strict},"\\u0050od":${tolerant},"NODES":${tainted}}`
    const reply = await post(`${server.url}/filter`, body, { raw: true })
    expect(reply.status).toBe(200)
    expect(
      (reply.json as { FailedAndUnresolvableNodes: object }).FailedAndUnresolvableNodes
    ).toEqual({})
  })

  it('echoes a passing node byte for byte, escapes and spacing included', async () => {
    const nodeText =
      '{ "metadata" : {"name":"n\\u00e9","resourceVersion":"3"}, "spec":{}, "x":"<\\u0026>" }'
    const body = `{"Pod":${JSON.stringify(wirePod('p'))},"Nodes":{"items":[${nodeText}]},"NodeNames":null}`
    const reply = await post(`${server.url}/filter`, body, { raw: true })
    expect(
      reply.text.startsWith(`{"Nodes":{"metadata":{},"items":[${nodeText}]},"NodeNames":null,`)
    ).toBe(true)
  })
})
