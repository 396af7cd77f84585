import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CacheReadiness, NodeCache } from '../../src/extender/index.js'
import { KEEP_ALIVE_TIMEOUT_MS } from '../../src/server/index.js'
import { startReadyRig, TOLERATIONS } from '../support/informer-rig.js'
import { metaVictimsArgs, namesArgs, nodesArgs, wireNode, wirePod } from '../support/wire.js'
import { post, startTestServer, type TestServer } from '../support/test-server.js'

/** Health, readiness, metrics, version, and what the logs may and may not contain. */

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server.close()
})

describe('health and version', () => {
  it('answers /healthz, /livez and /readyz with 200 ok when there is no node cache to wait for', async () => {
    for (const path of ['/healthz', '/livez', '/readyz']) {
      const response = await fetch(`${server.url}${path}`)
      expect(response.status).toBe(200)
      expect(await response.text()).toBe('ok\n')
    }
  })

  it('reports /readyz 503 naming the node cache check until the cache is ready, and lists checks on ?verbose', async () => {
    let readiness: CacheReadiness = { ready: false, reason: 'waiting for the first list of nodes' }
    const cache: NodeCache = {
      readiness: () => readiness,
      get: () => undefined,
      profilesByBytes: () => undefined,
      fetch: async () => null,
      size: 0,
    }
    const gated = await startTestServer({ nodeCache: cache })
    try {
      const before = await fetch(`${gated.url}/readyz`)
      expect(before.status).toBe(503)
      expect(await before.text()).toBe(
        '[-]node-cache failed: reason withheld\nreadyz check failed\n'
      )
      const filter = await post(`${gated.url}/filter`, { Pod: wirePod('p'), NodeNames: ['a'] })
      expect((filter.json as { Error: string }).Error).toBe(
        'node cache not ready: waiting for the first list of nodes'
      )
      readiness = { ready: true, reason: '' }
      expect((await fetch(`${gated.url}/readyz`)).status).toBe(200)
      expect(await (await fetch(`${gated.url}/readyz?verbose`)).text()).toBe(
        '[+]node-cache ok\nreadyz check passed\n'
      )
    } finally {
      await gated.close()
    }
  })

  it('tells its version as JSON on /version', async () => {
    const response = await fetch(`${server.url}/version`)
    expect(await response.json()).toEqual({
      version: '0.0.0-test',
      commit: 'test-commit',
      node: process.version,
    })
  })

  it('keeps idle connections longer than the 90 s Go clients keep them, and sends no ETag', async () => {
    expect(server.running.server.keepAliveTimeout).toBeGreaterThan(90_000)
    expect(KEEP_ALIVE_TIMEOUT_MS).toBe(server.running.server.keepAliveTimeout)
    const reply = await post(`${server.url}/filter`, nodesArgs(wirePod('p'), [wireNode('a')]))
    expect(reply.headers.get('etag')).toBeNull()
    expect(reply.headers.get('x-powered-by')).toBeNull()
  })
})

describe('metrics', () => {
  it('count requests by verb and code, nodes evaluated, and rejections by reason', async () => {
    const nodes = [
      wireNode('ok'),
      wireNode('tainted', { taints: [{ key: 'k', effect: 'NoSchedule' }] }),
      wireNode('cordoned', { unschedulable: true }),
    ]
    await post(`${server.url}/filter`, nodesArgs(wirePod('p'), nodes))
    await post(`${server.url}/prioritize`, nodesArgs(wirePod('p'), [nodes[0]]))
    await post(`${server.url}/filter`, { Pod: {} })
    const text = await (await fetch(`${server.url}/metrics`)).text()
    expect(text).toMatch(/taint_extender_requests_total\{verb="filter",code="200"\} [1-9]/)
    expect(text).toMatch(/taint_extender_requests_total\{verb="filter",code="400"\} 1/)
    expect(text).toMatch(/taint_extender_requests_total\{verb="prioritize",code="200"\} 1/)
    expect(text).toMatch(/taint_extender_nodes_evaluated_total\{verb="prioritize"\} 1/)
    expect(text).toMatch(/taint_extender_nodes_rejected_total\{reason="untolerated_taint"\} 1/)
    expect(text).toMatch(/taint_extender_nodes_rejected_total\{reason="unschedulable"\} 1/)
    // The label is short; HELP keeps the sentence each stands for.
    expect(text).toContain('untolerated_taint (node(s) had untolerated taint(s))')
    expect(text).toMatch(
      /taint_extender_request_duration_seconds_bucket\{le="0.0001",verb="filter"\}/
    )
    expect(text).toMatch(/process_resident_memory_bytes/)
  })

  it('count in node-cache mode the nodes each verb evaluated under its own label, and names nobody could find as rejected', async () => {
    const rig = await startReadyRig()
    const pod = wirePod('p', [...TOLERATIONS])
    // node-00 is clean, node-01 tainted as the pod tolerates, node-02 NoExecute, node-03 cordoned.
    const names = ['node-00', 'node-01', 'node-02', 'node-03', 'ghost']
    await post(`${rig.server.url}/filter`, namesArgs(pod, names))
    await post(`${rig.server.url}/prioritize`, namesArgs(pod, names.slice(0, 3)))
    const victims = { 'node-00': { uids: ['u1'] }, 'node-02': { uids: ['u2'] } }
    await post(`${rig.server.url}/preempt`, metaVictimsArgs(pod, victims))
    const text = await (await fetch(`${rig.server.url}/metrics`)).text()
    const count = (series: string): number => {
      const line = text.split('\n').find((l) => l.startsWith(`${series} `))
      return Number(line?.slice(series.length + 1))
    }
    expect({
      filter: count('taint_extender_nodes_evaluated_total{verb="filter"}'),
      prioritize: count('taint_extender_nodes_evaluated_total{verb="prioritize"}'),
      preempt: count('taint_extender_nodes_evaluated_total{verb="preempt"}'),
      untolerated: count('taint_extender_nodes_rejected_total{reason="untolerated_taint"}'),
      cordoned: count('taint_extender_nodes_rejected_total{reason="unschedulable"}'),
      notFound: count('taint_extender_nodes_rejected_total{reason="node_not_found"}'),
    }).toEqual({ filter: 5, prioritize: 3, preempt: 2, untolerated: 1, cordoned: 1, notFound: 1 })
  })

  it('keep counting across scrapes: counts gathered between two scrapes are added once', async () => {
    const tainted = wireNode('t', { taints: [{ key: 'k', effect: 'NoExecute' }] })
    const scrape = async (): Promise<number> => {
      const text = await (await fetch(`${server.url}/metrics`)).text()
      const line = /taint_extender_nodes_evaluated_total\{verb="filter"\} (\d+)/.exec(text)
      return Number(line?.[1] ?? 0)
    }
    const before = await scrape()
    await post(`${server.url}/filter`, nodesArgs(wirePod('p'), [tainted, tainted]))
    expect(await scrape()).toBe(before + 2)
    expect(await scrape()).toBe(before + 2)
    await post(`${server.url}/filter`, nodesArgs(wirePod('p'), [tainted]))
    expect(await scrape()).toBe(before + 3)
  })
})

describe('logs', () => {
  it('never carry request bodies, taint keys or values, even at debug level', async () => {
    const secret = 'customer-acme-secret-pool'
    const node = wireNode('n-secret', {
      taints: [{ key: secret, value: secret, effect: 'NoSchedule' }],
    })
    await post(
      `${server.url}/filter`,
      nodesArgs(wirePod('p', [{ key: secret, value: 'x' }]), [node])
    )
    const all = JSON.stringify(server.logs)
    expect(server.logs.some((l) => l.msg === 'filter')).toBe(true)
    expect(all).not.toContain(secret)
  })

  it('tell at debug level how many preemption candidates a pod kept and how many its tolerations ruled out', async () => {
    const pod = wirePod('victor', [...TOLERATIONS])
    const nodes = [
      wireNode('pre-clean'),
      wireNode('pre-draining', { taints: [{ key: 'maintenance', effect: 'NoExecute' }] }),
    ]
    await post(`${server.url}/filter`, nodesArgs(pod, nodes))
    const victims = { 'pre-clean': { uids: ['a'] }, 'pre-draining': { uids: ['b'] } }
    await post(`${server.url}/preempt`, metaVictimsArgs(pod, { ...victims, never: { uids: [] } }))
    const lines = server.logs.filter((l) => l.msg === 'preempt')
    expect(lines.at(-1)).toMatchObject({ pod: { name: 'victor' }, candidates: 3, dropped: 1 })
  })
})
