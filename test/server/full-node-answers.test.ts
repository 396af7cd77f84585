import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  fullVictimsArgs,
  nodesArgs,
  wireNode,
  wirePod,
  type WireNodeOptions,
} from '../support/wire.js'
import { post, startTestServer, type TestServer } from '../support/test-server.js'

/**
 * Full-node answers come from what each request carries. A body that repeats a node's name and
 * resourceVersion with other taints, or another cordon flag, is judged by its own bytes, never
 * by a compilation an earlier body left behind: two clusters whose names and versions collide,
 * or a client that sends a stale copy first, cannot change the answer kube-scheduler gets.
 */

const GPU_TAINT = { key: 'nvidia.com/gpu', value: 'present', effect: 'NoSchedule' }
const SPOT_TAINT = { key: 'spot', value: 'true', effect: 'PreferNoSchedule' }
const plainPod = wirePod('web')

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server.close()
})

async function filterPasses(node: Record<string, unknown>): Promise<string[]> {
  const reply = await post(`${server.url}/filter`, nodesArgs(plainPod, [node]))
  expect(reply.status).toBe(200)
  const body = reply.json as { Nodes: { items: { metadata: { name: string } }[] } }
  return body.Nodes.items.map((n) => n.metadata.name)
}

const CHANGES: readonly [string, WireNodeOptions, WireNodeOptions][] = [
  ['a NoSchedule taint added', {}, { taints: [GPU_TAINT] }],
  ['a NoSchedule taint removed', { taints: [GPU_TAINT] }, {}],
  ['a cordon added', {}, { unschedulable: true }],
  ['a cordon lifted', { unschedulable: true }, {}],
  [
    'a taint whose effect changed',
    { taints: [{ ...GPU_TAINT, effect: 'PreferNoSchedule' }] },
    { taints: [GPU_TAINT] },
  ],
]

describe('a node sent again under the same name and resourceVersion', () => {
  it.each(CHANGES)(
    'is filtered by the taints the later body carries, with %s',
    async (_, before, after) => {
      const name = `n-${Math.random().toString(36).slice(2)}`
      const expected = (options: WireNodeOptions) =>
        options.unschedulable === true || options.taints?.[0]?.effect === 'NoSchedule' ? [] : [name]
      const first = await filterPasses(wireNode(name, { ...before, resourceVersion: '555' }))
      expect(first).toEqual(expected(before))
      const second = await filterPasses(wireNode(name, { ...after, resourceVersion: '555' }))
      expect(second).toEqual(expected(after))
      // And back: the first body's bytes still get the first answer.
      expect(await filterPasses(wireNode(name, { ...before, resourceVersion: '555' }))).toEqual(
        expected(before)
      )
    }
  )

  it('is scored by the PreferNoSchedule taints the later body carries', async () => {
    const clean = wireNode('score-clean', { resourceVersion: '7' })
    const scored = async (options: WireNodeOptions) => {
      const reply = await post(
        `${server.url}/prioritize`,
        nodesArgs(plainPod, [clean, wireNode('score-x', { ...options, resourceVersion: '7' })])
      )
      return reply.json
    }
    expect(await scored({})).toEqual([
      { Host: 'score-clean', Score: 10 },
      { Host: 'score-x', Score: 10 },
    ])
    expect(await scored({ taints: [SPOT_TAINT] })).toEqual([
      { Host: 'score-clean', Score: 10 },
      { Host: 'score-x', Score: 0 },
    ])
  })

  it('is judged for preemption by the taints of the body received last', async () => {
    const preemptKeeps = async () => {
      const reply = await post(
        `${server.url}/preempt`,
        fullVictimsArgs(plainPod, { 'preempt-x': { uids: ['v1'] } })
      )
      return Object.keys((reply.json as { NodeNameToMetaVictims: object }).NodeNameToMetaVictims)
    }
    await filterPasses(wireNode('preempt-x', { resourceVersion: '9' }))
    expect(await preemptKeeps()).toEqual(['preempt-x'])
    await filterPasses(wireNode('preempt-x', { taints: [GPU_TAINT], resourceVersion: '9' }))
    expect(await preemptKeeps()).toEqual([])
  })

  it('still reuses the kept compilation when the bytes are the same', async () => {
    const node = wireNode('reused', { taints: [GPU_TAINT], resourceVersion: '3' })
    await filterPasses(node)
    const before = server.extender.cacheSizes().nodes
    const hits = () =>
      server.metrics.registry
        .getSingleMetricAsString('taint_extender_cache_lookups_total')
        .then((text) => /cache="nodes",result="hit"} (\d+)/.exec(text)?.[1] ?? '0')
    const hitsBefore = Number(await hits())
    await filterPasses(node)
    expect(server.extender.cacheSizes().nodes).toBe(before)
    expect(Number(await hits())).toBe(hitsBefore + 1)
  })
})
