import { afterAll, beforeAll, expect } from 'vitest'
import type { InformerNodeCache } from '../../src/cluster/index.js'
import { EVICTING_NODES_MODES, type RuleOptions } from '../../src/core/index.js'
import { runSemanticsTable, type RuleSet } from '../core/semantics.case.js'
import { startSharedCache } from '../cluster/node-cache-harness.js'
import { eventually } from '../support/eventually.js'
import { FakeApiServer } from '../support/fake-apiserver.js'
import { post, startTestServer, type TestServer } from '../support/test-server.js'
import {
  clusterNodes,
  extenderArgs,
  nameOf,
  namesIn,
  passingIn,
  reasonOf,
  type FilterReply,
  type Mode,
} from './semantics-over-http.wire.js'

/**
 * The one semantics table (test/core/semantics.case.ts) run over real HTTP against the real
 * server in both of its modes: nodes in the request, and names resolved by the informer-fed
 * node cache (real client-node against the fake list/watch API server, which holds every node
 * of the table before the first row). One server per state of the comparison-operator gate, per
 * `--evicting-nodes` mode and per transport mode; a row goes to the server whose gate and
 * `--evicting-nodes` match the options the table passes.
 *
 * The bare pair level is not registered (RuleSet.tolerates is left out); the pair rows are still
 * checked through /filter and /prioritize.
 */

/** The servers of one mode, by gate; started before the file's tests, closed after them. */
/** The servers' key: the gate's state and the `--evicting-nodes` mode. */
const keyOf = (gate: boolean, evictingNodes: string): string => `${gate}/${evictingNodes}`

/** Every pair of gate state and `--evicting-nodes` mode a server is started for. */
const SETTINGS = [true, false].flatMap((gate) =>
  EVICTING_NODES_MODES.map((evictingNodes) => ({ gate, evictingNodes }))
)

function serversOf(mode: Mode): (options: RuleOptions) => TestServer {
  const servers = new Map<string, TestServer>()
  const caches: InformerNodeCache[] = []
  let api: FakeApiServer | undefined

  beforeAll(async () => {
    if (mode === 'node-cache') {
      const started = await FakeApiServer.start()
      api = started
      const nodes = clusterNodes()
      for (const node of nodes) started.addNode(node)
      // One cache per server, as each extender process has its own informer.
      for (const { gate, evictingNodes } of SETTINGS) {
        const { cache } = startSharedCache(started.url)
        caches.push(cache)
        servers.set(
          keyOf(gate, evictingNodes),
          await startTestServer({ nodeCache: cache, comparisonOperators: gate, evictingNodes })
        )
      }
      await eventually(() => {
        for (const cache of caches) {
          expect(cache.readiness()).toMatchObject({ ready: true })
          expect(cache.size).toBe(nodes.length)
        }
      })
    } else {
      for (const { gate, evictingNodes } of SETTINGS) {
        servers.set(
          keyOf(gate, evictingNodes),
          await startTestServer({ comparisonOperators: gate, evictingNodes })
        )
      }
    }
    for (const server of servers.values()) {
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200)
    }
  })

  afterAll(async () => {
    await Promise.all([...servers.values()].map((s) => s.close()))
    await Promise.all(caches.map((c) => c.stop()))
    await api?.close()
    // Every name was answered from the informers' index, none by a lookup of an unknown name.
    if (api !== undefined) expect(api.requests('get')).toBe(0)
  })

  return (options) => {
    const server = servers.get(keyOf(options.comparisonOperators, options.evictingNodes ?? 'allow'))
    if (server === undefined) throw new Error(`no ${mode} server is running`)
    return server
  }
}

function rulesOverHttp(mode: Mode): RuleSet {
  const serverFor = serversOf(mode)
  return {
    async filterNode(tolerations, node, options) {
      const reply = await post(
        `${serverFor(options).url}/filter`,
        extenderArgs(mode, tolerations, [node])
      )
      expect(reply.status).toBe(200)
      const body = reply.json as FilterReply
      expect(body.Error).toBe('')
      const name = nameOf(node)
      // The node stands in exactly one place, and no other node is named.
      expect(namesIn(body)).toEqual([name])
      if (passingIn(mode, body)?.includes(name)) return null
      // Every reason of the table, the eviction rule's too, is one preemption cannot resolve.
      expect(body.FailedNodes).toEqual({})
      return reasonOf(body.FailedAndUnresolvableNodes[name])
    },

    async scores(tolerations, nodes, options) {
      const reply = await post(
        `${serverFor(options).url}/prioritize`,
        extenderArgs(mode, tolerations, nodes)
      )
      expect(reply.status).toBe(200)
      const priorities = reply.json as { Host: string; Score: number }[]
      const names = nodes.map(nameOf)
      // Every node scored exactly once, and nothing else.
      expect(priorities.map((p) => p.Host).sort()).toEqual([...names].sort())
      const byHost = new Map(priorities.map((p) => [p.Host, p.Score]))
      return names.map((n) => byHost.get(n) ?? Number.NaN)
    },
  }
}

runSemanticsTable('full-node mode over HTTP', rulesOverHttp('full-node'))
runSemanticsTable('node-cache mode over HTTP', rulesOverHttp('node-cache'))
