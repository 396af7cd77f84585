import { describe, expect, it } from 'vitest'
import type { PreScore, SnapshotInput } from '../../src/placement/index.js'
import {
  DEFAULT_SCORE_PLUGINS,
  diagnoseAndChoose,
  numFeasibleNodesToFind,
  prioritizeNodes,
} from '../../src/placement/index.js'
import { node, pod, req, term } from './builders.js'
import { scoringInput } from './score-builders.js'
import { PLUGIN_CASES } from './score-plugins.cases.js'
import {
  EXAMPLE,
  P,
  P_BEST_EFFORT,
  SCORE_CASES,
  POD_LEVEL_NODE,
  SIDECAR_NODE,
  V1_28,
  V1_35,
} from './scores.cases.js'

/** Each plugin's normalised scores, node by node, from the runner over every feasible node. */
function pluginScores(input: SnapshotInput): Record<string, number[]> {
  const result = prioritizeNodes(input, input.snapshot.nodeInfoList, null)
  expect(result.error).toBeNull()
  const byPlugin: Record<string, number[]> = {}
  for (const n of result.nodes) for (const p of n.plugins) (byPlugin[p.plugin] ??= []).push(p.score)
  return byPlugin
}

describe('the default profile scores, plugin by plugin', () => {
  it.each(SCORE_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const input = scoringInput(c.pod, { ...EXAMPLE, kubeVersion: c.release })
    expect(pluginScores(input)).toEqual(c.scores)
  })
})

/**
 * PodTopologySpread's and InterPodAffinity's normalised scores in the worked example, as plugins
 * of the runner: their own PreScores are written apart; the runner weighs what they give.
 */
const exampleSpread: PreScore = () => ({
  name: 'PodTopologySpread',
  weight: 2,
  score: (n) => ({ n1: 10, n2: 10, n3: 6 })[n.name] ?? 0,
  normalize(scores) {
    const max = Math.max(...scores)
    const min = Math.min(...scores)
    scores.forEach((s, i) => (scores[i] = Math.trunc((100 * (max + min - s)) / max)))
  },
})
const exampleAffinity: PreScore = () => ({
  name: 'InterPodAffinity',
  weight: 2,
  score: (n) => (n.name === 'n3' ? 20 : 0),
  normalize: (scores) => scores.forEach((s, i) => (scores[i] = (100 * s) / 20)),
})

function totals(input: SnapshotInput, extender: number[] | null = null): number[] {
  const [taints, affinity, fit, ...rest] = DEFAULT_SCORE_PLUGINS
  const plugins = [taints, affinity, fit, exampleSpread, exampleAffinity, ...rest] as PreScore[]
  return prioritizeNodes(input, input.snapshot.nodeInfoList, extender, plugins).nodes.map(
    (n) => n.total
  )
}

describe('the runner: weights, totals and the extender', () => {
  it.each([
    ['the worked example totals 800, 300 and 871 at v1.28', P, V1_28, null, [800, 300, 871]],
    ['the worked example totals the same at v1.35', P, V1_35, null, [800, 300, 871]],
    [
      'an extender of weight 1 giving 10, 5 and 0 adds 100, 50 and 0',
      P,
      V1_35,
      [10, 5, 0],
      [900, 350, 871],
    ],
    [
      'a pod requesting nothing totals 822, 310 and 895 at v1.28',
      P_BEST_EFFORT,
      V1_28,
      null,
      [822, 310, 895],
    ],
    [
      'a pod requesting nothing totals 729, 223 and 795 at v1.35, without BalancedAllocation',
      P_BEST_EFFORT,
      V1_35,
      null,
      [729, 223, 795],
    ],
  ] as const)('%s', (_name, incoming, release, extender, expected) => {
    const input = scoringInput(incoming, { ...EXAMPLE, kubeVersion: release })
    expect(totals(input, extender === null ? null : [...extender])).toEqual(expected)
  })
})

describe('the choice: the nominated node when feasible, else the highest total, ties listed, one feasible node unscored', () => {
  it('picks the node with the highest total of the registered plugins', () => {
    const placement = diagnoseAndChoose(scoringInput(P, { ...EXAMPLE, kubeVersion: V1_35 }))
    expect(placement.scores.map((s) => s.total)).toEqual([680, 180, 471])
    expect(placement.choice).toEqual({ nodes: ['n1'], score: 680, nominated: false })
    expect(placement.sample).toBeNull()
  })

  it('lists every node tied at the highest total, in node order', () => {
    const nodes = ['a', 'b', 'c'].map((n) =>
      node(n, { allocatable: { cpu: '2', memory: '4Gi', pods: '110' } })
    )
    const placement = diagnoseAndChoose(scoringInput(pod(), { nodes }))
    expect(placement.choice?.nodes).toEqual(['a', 'b', 'c'])
    expect(new Set(placement.scores.map((s) => s.total)).size).toBe(1)
  })

  it('chooses the only feasible node without scoring it', () => {
    const nodes = [node('a', { labels: { disk: 'ssd' } }), node('b')]
    const incoming = pod({ required: [term(req('disk', 'In', 'ssd'))] })
    const placement = diagnoseAndChoose(scoringInput(incoming, { nodes }))
    expect(placement.choice).toEqual({ nodes: ['a'], score: null, nominated: false })
    expect(placement.scores).toEqual([])
  })

  it.each([
    [
      'takes the nominated node when it is feasible, unscored, though another scores higher',
      'n2',
      { nodes: ['n2'], score: null, nominated: true },
    ],
    [
      'passes over a nominated node the snapshot does not have, and scores the others',
      'gone-1',
      { nodes: ['n1'], score: 680, nominated: false },
    ],
  ])('%s', (_name, nominatedNodeName, choice) => {
    const incoming = { ...P, nominatedNodeName }
    const placement = diagnoseAndChoose(scoringInput(incoming, { ...EXAMPLE, kubeVersion: V1_35 }))
    expect(placement.choice).toEqual(choice)
    expect(placement.scores.length).toBe(choice.nominated ? 0 : 3)
  })

  it('scores every feasible node when the nominated node is not feasible', () => {
    const nodes = [node('a', { taints: ['k=v:NoSchedule'] }), node('b'), node('c')]
    const incoming = { ...pod(), nominatedNodeName: 'a' }
    const placement = diagnoseAndChoose(scoringInput(incoming, { nodes }))
    expect(placement.choice).toEqual({
      nodes: ['b', 'c'],
      score: placement.scores[0]?.total,
      nominated: false,
    })
    expect(placement.scores.map((s) => s.name)).toEqual(['b', 'c'])
  })

  it('gives no choice when no node fits', () => {
    const nodes = [node('a', { taints: ['k=v:NoSchedule'] }), node('b', { unschedulable: true })]
    expect(diagnoseAndChoose(scoringInput(pod(), { nodes })).choice).toBeNull()
  })

  it('fails the cycle with NodeAffinity PreScore error when a preferred term does not parse', () => {
    const bad = [{ weight: 1, preference: term(req('k', 'Gt', 'x')) }]
    const nodes = [node('a'), node('b')]
    const placement = diagnoseAndChoose(scoringInput(pod({ preferred: bad }), { nodes }))
    expect(placement.choice).toBeNull()
    expect(placement.diagnosis.schedulingError).toMatch(/^running PreScore plugin "NodeAffinity": /)
  })
})

describe('numFeasibleNodesToFind: how many feasible nodes kube-scheduler finds and scores', () => {
  it.each([
    ['every node below 100', 99, 99],
    ['at least 100 from 100 nodes', 100, 100],
    ['50 − 1000/125 = 42% of 1000 nodes', 1000, 420],
    ['50 − 5000/125 = 10% of 5000 nodes', 5000, 500],
    ['no less than 5% of 10000 nodes', 10000, 500],
    ['5% of 20000 nodes', 20000, 1000],
  ] as const)('%s', (_name, nodes, expected) => {
    expect(numFeasibleNodesToFind(nodes)).toBe(expected)
  })

  it('says how many of 150 feasible nodes kube-scheduler scores', () => {
    const nodes = Array.from({ length: 150 }, (_, i) => node(`n${i}`))
    const placement = diagnoseAndChoose(scoringInput(pod(), { nodes }))
    expect(placement.sample).toEqual({ scored: 100, feasible: 150 })
    expect(placement.choice?.nodes).toHaveLength(150)
  })
})

describe('NonZeroRequested: how LeastAllocated counts a placed pod with a sidecar, by release', () => {
  // Up to v1.31 the container counts 100m/200Mi and the sidecar only as an init container
  // (max, not sum): 100m/200Mi; from v1.32 each is filled in and summed: 150m/400Mi. With the
  // pod to place (100m/200Mi): cpu 200m or 250m of 4000m, memory 400Mi or 600Mi of 8Gi.
  it.each([
    ['before v1.29 the sidecar is a plain init container: 100m and 200Mi', 28, [95, 97]],
    ['v1.31 counts the sidecar only as an init container: 100m and 200Mi', 31, [95, 97]],
    ['v1.32 fills in each container and adds the sidecar: 150m and 400Mi', 32, [92, 97]],
  ] as const)('%s', (_name, minor, scores) => {
    const input = scoringInput(pod(), { ...SIDECAR_NODE, kubeVersion: { minor, patch: null } })
    expect(pluginScores(input).NodeResourcesFit).toEqual(scores)
  })
})

describe('each Score plugin on its own', () => {
  it.each(PLUGIN_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const scores = pluginScores(scoringInput(c.pod, c.cluster))[c.plugin] ?? null
    expect(scores).toEqual(c.scores)
  })
})

describe('NonZeroRequested of a pod with pod-level requests, by release', () => {
  // From v1.34 the pod-level 1Gi replaces the containers' memory and only cpu, named nowhere,
  // gets its default: 100m and 1Gi; before, the field is dropped: 100m and 200Mi. With the pod
  // to place (100m/200Mi) on 4 cpu and 8Gi: 95 for cpu, and 85 or 95 for memory.
  it.each([
    ['v1.33 drops the pod-level requests: the container counts 100m and 200Mi', 33, [95]],
    ['v1.34 counts the pod-level 1Gi and the default 100m cpu', 34, [90]],
  ] as const)('%s', (_name, minor, scores) => {
    const input = scoringInput(pod(), { ...POD_LEVEL_NODE, kubeVersion: { minor, patch: null } })
    expect(pluginScores(input).NodeResourcesFit).toEqual(scores)
  })
})

describe("the extender's own score with --evicting-nodes=avoid", () => {
  // A NoExecute taint the pod tolerates for 300 s: the taint-eviction controller would evict it.
  const nodes = [node('maint', { taints: ['maint=yes:NoExecute'] }), node('clean')]
  const tolerations = [
    { key: 'maint', operator: 'Exists', value: '', effect: 'NoExecute', tolerationSeconds: 300n },
  ]
  const choose = (evictingNodes: 'avoid' | 'allow') => {
    const input = scoringInput(pod(), { nodes, tolerations })
    return diagnoseAndChoose({ ...input, options: { ...input.options, evictingNodes } })
  }

  it('adds score × 1 × 10: 0 where the pod would be evicted, 100 where it stays', () => {
    const placement = choose('avoid')
    expect(placement.scores.map((s) => [s.name, s.extender, s.total])).toEqual([
      ['maint', 0, 300],
      ['clean', 100, 400],
    ])
    expect(placement.choice).toEqual({ nodes: ['clean'], score: 400, nominated: false })
  })

  it('adds nothing in allow mode, where the extender is not asked to prioritize', () => {
    const placement = choose('allow')
    expect(placement.scores.map((s) => s.extender)).toEqual([null, null])
    expect(placement.choice).toEqual({ nodes: ['maint', 'clean'], score: 300, nominated: false })
  })
})
