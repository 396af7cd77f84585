import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { NodeTaintsAt, RuleOptions, Toleration } from '../../src/core/index.js'
import {
  compileNode,
  CompiledTolerations,
  EVICTING_NODES_MODES,
  MAX_EXTENDER_PRIORITY,
  normalizeReversedScores,
  referenceCountIntolerablePreferNoSchedule,
  referenceFilterNode,
} from '../../src/core/index.js'
import { scoreNodes } from '../support/node-list-rules.js'
import { post, startTestServer, type TestServer } from '../support/test-server.js'
import { SEED } from './field-arbitraries.js'
import { referenceScores } from './rule-outcomes.js'
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
        // avoid puts nodes that would evict the pod below the others (see referenceScores).
        if (options.evictingNodes === 'avoid') {
          expect(Array.from(scores)).toEqual(referenceScores(tolerations, nodes, options))
        } else expectUpstreamOrder(counts, scores)
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
  // One server per state of the comparison gate and per --evicting-nodes mode.
  const servers = new Map<string, TestServer>()
  const keyOf = (options: RuleOptions) =>
    `${options.comparisonOperators}/${options.evictingNodes ?? 'allow'}`
  const serverFor = (options: RuleOptions) => servers.get(keyOf(options)) as TestServer
  const settings: RuleOptions[] = [true, false].flatMap((comparisonOperators) =>
    EVICTING_NODES_MODES.map((evictingNodes) => ({ comparisonOperators, evictingNodes }))
  )
  beforeAll(async () => {
    for (const options of settings) {
      servers.set(keyOf(options), await startTestServer({ ...options }))
    }
  })
  afterAll(async () => {
    await Promise.all([...servers.values()].map((s) => s.close()))
  })

  // Full-node mode compiles a node once per (name, resourceVersion); every generated node gets
  // a resourceVersion of its own, as a changed node does in a cluster.
  let version = 0
  const fresh = (c: ArgsCase): ArgsCase => ({
    tolerations: c.tolerations,
    nodes: c.nodes.map((n) => ({ ...n, resourceVersion: String(++version) })),
  })

  const runPrioritize = async (options: RuleOptions, numRuns: number, seed: number) => {
    await fc.assert(
      fc.asyncProperty(argsCaseArb.map(fresh), async (c) => {
        const reply = await post(`${serverFor(options).url}/prioritize`, wireArgsOf(c))
        expect(reply.status).toBe(200)
        const list = reply.json as { Host: string; Score: number }[]
        expect(list.map((h) => h.Host)).toEqual(c.nodes.map((n) => n.name))
        const counts = referenceCounts(c.tolerations, c.nodes, options)
        expect(list.map((h) => h.Score)).toEqual(referenceScores(c.tolerations, c.nodes, options))
        if (options.evictingNodes !== 'avoid') {
          expectUpstreamOrder(
            counts,
            list.map((h) => h.Score)
          )
        }
      }),
      { seed, numRuns }
    )
  }

  it.each(EVICTING_NODES_MODES)(
    'prioritize, comparison gate on, %s (150 requests)',
    async (mode) => {
      await runPrioritize({ comparisonOperators: true, evictingNodes: mode }, 150, SEED + 10)
    }
  )

  it.each(EVICTING_NODES_MODES)(
    'prioritize, comparison gate off, %s (60 requests)',
    async (mode) => {
      await runPrioritize({ comparisonOperators: false, evictingNodes: mode }, 60, SEED + 11)
    }
  )

  it('filter, comparison gate on and off, every --evicting-nodes mode (300 requests)', async () => {
    await fc.assert(
      fc.asyncProperty(argsCaseArb.map(fresh), fc.constantFrom(...settings), async (c, options) => {
        const reply = await post(`${serverFor(options).url}/filter`, wireArgsOf(c))
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
      { seed: SEED + 12, numRuns: 300 }
    )
  })
})
