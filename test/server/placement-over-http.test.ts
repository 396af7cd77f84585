import { formatKubeVersion } from '../../src/core/index.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { termValidationProblem } from '../../src/placement/index.js'
import { OUR_NODE_AFFINITY } from '../placement/node-affinity.ours.js'
import { PREFERRED_CASES } from '../placement/node-affinity.scores.js'
import { PRESCORE_CASES } from '../placement/prescore.cases.js'
import { UPSTREAM_NODE_AFFINITY } from '../placement/node-affinity.upstream.js'
import { expectUnjudged, UNJUDGED_CASES } from '../placement/unjudged.cases.js'
import { wireNode, wirePod } from '../placement/wire.js'
import { post, startTestServer, type TestServer } from '../support/test-server.js'
import { nodesArgs } from '../support/wire.js'

/**
 * The NodeAffinity semantics tables (test/placement) run over real HTTP against
 * POST /explain in full-node mode, the one mode whose request carries the nodes' labels. The
 * endpoint validates the pod as the API server would, so a row whose pod holds an unparsable
 * term is answered 400 there rather than judged.
 */

interface Explained {
  nodes: { name: string; plugin: string | null; nodeAffinityScore: number | null }[]
  summary: string
  schedulingError: string | null
  notJudged: string[]
}

describe('POST /explain over the NodeAffinity semantics tables', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ explainEndpoint: true })
  })
  afterAll(async () => {
    await server.close()
  })

  const filterRows = [...UPSTREAM_NODE_AFFINITY, ...OUR_NODE_AFFINITY]
  it.each(filterRows.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const reply = await post(`${server.url}/explain`, nodesArgs(wirePod(c.pod), [wireNode(c.node)]))
    const unparsable = (c.pod.nodeAffinity.required ?? []).some(
      (t) => termValidationProblem(t) !== null
    )
    if (unparsable) {
      expect(reply.status).toBe(400)
      return
    }
    expect(reply.status).toBe(200)
    const only = (reply.json as Explained).nodes[0]
    expect(only?.plugin).toBe(c.reason === null ? null : 'NodeAffinity')
  })

  it.each(PREFERRED_CASES.map((c) => [c.name, c] as const))('scores: %s', async (_name, c) => {
    const reply = await post(
      `${server.url}/explain`,
      nodesArgs(wirePod(c.pod), c.nodes.map(wireNode))
    )
    expect(reply.status).toBe(200)
    expect((reply.json as Explained).nodes.map((n) => n.nodeAffinityScore)).toEqual(c.scores)
  })

  // POST /explain carries no claims: a row whose claims are read is not for it.
  const withoutClaims = UNJUDGED_CASES.filter((c) => c.storage === undefined)
  it.each(withoutClaims.map((c) => [c.name, c] as const))('not judged: %s', async (_name, c) => {
    const release = c.kubeVersion ? `?kubeVersion=${formatKubeVersion(c.kubeVersion)}` : ''
    const reply = await post(
      `${server.url}/explain${release}`,
      nodesArgs(wirePod(c.pod), c.nodes.map(wireNode))
    )
    expect(reply.status).toBe(200)
    expectUnjudged(c, (reply.json as Explained).notJudged)
  })

  it.each(PRESCORE_CASES.map((c) => [c.name, c] as const))('PreScore: %s', async (_name, c) => {
    const reply = await post(
      `${server.url}/explain`,
      nodesArgs(wirePod(c.pod), c.nodes.map(wireNode))
    )
    expect(reply.status).toBe(200)
    const body = reply.json as Explained
    expect(body.schedulingError).toBe(c.error)
    expect(body.summary).toBe(c.summary)
  })
})
