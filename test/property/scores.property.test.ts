import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { NodeTaintsAt, RuleOptions, Toleration } from '../../src/core/index.js'
import {
  compileNode,
  CompiledTolerations,
  MAX_EXTENDER_PRIORITY,
  normalizeReversedScores,
  referenceCountIntolerablePreferNoSchedule,
  referenceFilterNode,
} from '../../src/core/index.js'
import { scoreNodes } from '../support/node-list-rules.js'
import { post, startTestServer, type TestServer } from '../support/test-server.js'
import { SEED } from './field-arbitraries.js'
import { podAndNodesArb, rulesArb } from './taint-arbitraries.js'
import { argsCaseArb, wireArgsOf, type ArgsCase } from './wire-documents.js'

/**
 * Prioritize scores: always 0–10, and in upstream's order. Upstream's DefaultNormalizeScore with
 * reverse=true gives `10 - floor(10 × count / maxCount)`, or 10 everywhere when no node has an
 * untolerated PreferNoSchedule taint. So: fewer such taints never scores lower, equal counts
 * score equal, a count of 0 scores 10 and the largest count scores 0. (The smallest count
 * scores 10 only when it is 0: with counts [2, 2] both nodes score 0, as upstream.)
 */

function expectUpstreamOrder(counts: readonly number[], scores: ArrayLike<number>): void {
  const max = Math.max(0, ...counts)
  counts.forEach((c, i) => {
    const s = scores[i] as number
    expect(Number.isInteger(s)).toBe(true)
    expect(s).toBeGreaterThanOrEqual(0)
    expect(s).toBeLessThanOrEqual(MAX_EXTENDER_PRIORITY)
    expect(s).toBe(max === 0 ? 10 : 10 - Math.floor((10 * c) / max))
    if (c === 0) expect(s).toBe(10)
    if (max > 0 && c === max) expect(s).toBe(0)
    counts.forEach((d, j) => {
      const t = scores[j] as number
      if (c < d) expect(s).toBeGreaterThanOrEqual(t)
      if (c === d) expect(s).toBe(t)
    })
  })
}

function referenceCounts(
  tolerations: readonly Toleration[],
  nodes: readonly NodeTaintsAt[],
  options: RuleOptions
): number[] {
  return nodes.map((n) => referenceCountIntolerablePreferNoSchedule(tolerations, n, options))
}

describe('prioritize scores in the core', () => {
  it('stay within 0–10 and keep upstream order (1500 node lists)', () => {
    fc.assert(
      fc.property(podAndNodesArb(8, 6), rulesArb, ({ tolerations, nodes }, options) => {
        const counts = referenceCounts(tolerations, nodes, options)
        const scores = scoreNodes(
          new CompiledTolerations(tolerations, options),
          nodes.map((n) => compileNode(n))
        )
        expectUpstreamOrder(counts, scores)
      }),
      { seed: SEED, numRuns: 1500 }
    )
  })

  it('normalise any raw counts in upstream order, large counts included (2000)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 100_000 })), {
          maxLength: 12,
        }),
        (counts) => {
          const scores = Int32Array.from(counts)
          normalizeReversedScores(scores)
          expectUpstreamOrder(counts, scores)
          const plain = counts.slice()
          normalizeReversedScores(plain)
          expect(plain).toEqual(Array.from(scores))
        }
      ),
      { seed: SEED + 1, numRuns: 2000 }
    )
  })
})

describe('filter and prioritize through the real HTTP server agree with the reference', () => {
  let gateOn: TestServer
  let gateOff: TestServer
  beforeAll(async () => {
    gateOn = await startTestServer({ comparisonOperators: true })
    gateOff = await startTestServer({ comparisonOperators: false })
  })
  afterAll(async () => {
    await Promise.all([gateOn?.close(), gateOff?.close()])
  })

  // Full-node mode compiles a node once per (name, resourceVersion); every generated node gets
  // a resourceVersion of its own, as a changed node does in a cluster.
  let version = 0
  const fresh = (c: ArgsCase): ArgsCase => ({
    tolerations: c.tolerations,
    nodes: c.nodes.map((n) => ({ ...n, resourceVersion: String(++version) })),
  })

  const runPrioritize = async (
    server: TestServer,
    options: RuleOptions,
    numRuns: number,
    seed: number
  ) => {
    await fc.assert(
      fc.asyncProperty(argsCaseArb.map(fresh), async (c) => {
        const reply = await post(`${server.url}/prioritize`, wireArgsOf(c))
        expect(reply.status).toBe(200)
        const list = reply.json as { Host: string; Score: number }[]
        expect(list.map((h) => h.Host)).toEqual(c.nodes.map((n) => n.name))
        const counts = referenceCounts(c.tolerations, c.nodes, options)
        const expected = counts.slice()
        normalizeReversedScores(expected)
        expect(list.map((h) => h.Score)).toEqual(expected)
        expectUpstreamOrder(
          counts,
          list.map((h) => h.Score)
        )
      }),
      { seed, numRuns }
    )
  }

  it('prioritize, comparison gate on (250 requests)', async () => {
    await runPrioritize(gateOn, { comparisonOperators: true }, 250, SEED + 10)
  })

  it('prioritize, comparison gate off (100 requests)', async () => {
    await runPrioritize(gateOff, { comparisonOperators: false }, 100, SEED + 11)
  })

  it('filter, comparison gate on and off (200 requests)', async () => {
    await fc.assert(
      fc.asyncProperty(argsCaseArb.map(fresh), fc.boolean(), async (c, on) => {
        const server = on ? gateOn : gateOff
        const options: RuleOptions = { comparisonOperators: on }
        const reply = await post(`${server.url}/filter`, wireArgsOf(c))
        expect(reply.status).toBe(200)
        const result = reply.json as {
          Nodes: { items: { metadata: { name: string } }[] }
          NodeNames: null
          FailedNodes: Record<string, string>
          FailedAndUnresolvableNodes: Record<string, string>
          Error: string
        }
        const passing: string[] = []
        const rejected: Record<string, string> = {}
        for (const n of c.nodes) {
          const reason = referenceFilterNode(c.tolerations, n, options)
          if (reason === null) passing.push(n.name)
          else rejected[n.name] = reason
        }
        expect(result.Nodes.items.map((n) => n.metadata.name)).toEqual(passing)
        expect(result.FailedAndUnresolvableNodes).toEqual(rejected)
        expect(result.FailedNodes).toEqual({})
        expect(result.Error).toBe('')
      }),
      { seed: SEED + 12, numRuns: 200 }
    )
  })
})
