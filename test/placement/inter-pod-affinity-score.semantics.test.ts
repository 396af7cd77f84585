import { describe, expect, it } from 'vitest'
import { releaseOf } from './kube-releases.cases.js'
import type {
  ClusterPod,
  PlacementPod,
  WeightedPodAffinityTerm,
} from '../../src/placement/index.js'
import { Snapshot } from '../../src/placement/index.js'
import { preScoreInterPodAffinity } from '../../src/placement/inter-pod-affinity-score.js'
import { node, placementNodes, pod, podTerm, selector, type PodSpec } from './builders.js'
import { runScore, scores, type ScoreCluster, type ScoreOutcome } from './score-plugin-builders.js'

/**
 * InterPodAffinity's Score (interpodaffinity scoring.go, v1.28.7; no change found up to v1.35),
 * case by case: each row a cluster, the pod, and each feasible node's raw score and its score
 * after NormalizeScore (a min–max over the scored nodes), or Skip.
 */

const HOST = 'kubernetes.io/hostname'
const ZONE = 'topology.kubernetes.io/zone'

function zoned(name: string, zone: string | null) {
  return node(name, { labels: { [HOST]: name, ...(zone === null ? {} : { [ZONE]: zone }) } })
}

const weighted = (
  weight: number,
  topologyKey: string,
  labels: Record<string, string>,
  more: Parameters<typeof podTerm>[2] = {}
): WeightedPodAffinityTerm => ({ weight, term: podTerm(topologyKey, selector(labels), more) })

interface Preferred {
  readonly affinity?: readonly WeightedPodAffinityTerm[]
  readonly antiAffinity?: readonly WeightedPodAffinityTerm[]
}

function withPreferred(spec: PodSpec, preferred: Preferred): PlacementPod {
  return {
    ...pod(spec),
    preferredAffinity: preferred.affinity ?? [],
    preferredAntiAffinity: preferred.antiAffinity ?? [],
  }
}

const placedWith = (on: string, spec: PodSpec, preferred: Preferred = {}): ClusterPod => ({
  ...withPreferred({ name: `p-${on}`, ...spec, nodeName: on }, preferred),
})

/** The reference's worked example: A and B (app=web) in zone-a on n1 and n2, C (app=cache) in zone-b on n3. */
const EXAMPLE_NODES = [zoned('n1', 'zone-a'), zoned('n2', 'zone-a'), zoned('n3', 'zone-b')]
const EXAMPLE_PODS: ClusterPod[] = [
  placedWith('n1', { name: 'a', labels: { app: 'web' } }),
  placedWith('n2', { name: 'b', labels: { app: 'web' } }),
  placedWith('n3', { name: 'c', labels: { app: 'cache' } }),
]

interface AffinityScoreCase {
  readonly name: string
  readonly pod: PlacementPod
  readonly cluster: ScoreCluster
  readonly expected: ScoreOutcome
}

const INCOMING: readonly AffinityScoreCase[] = [
  {
    name: 'the worked example: a preferred affinity of weight 20 to app=cache by zone gives zone-b’s node all the points',
    pod: withPreferred(
      { labels: { app: 'web' } },
      { affinity: [weighted(20, ZONE, { app: 'cache' })] }
    ),
    cluster: { nodes: EXAMPLE_NODES, pods: EXAMPLE_PODS },
    expected: scores({ n1: 0, n2: 0, n3: 20 }, { n1: 0, n2: 0, n3: 100 }),
  },
  {
    name: 'a preferred anti-affinity subtracts its weight once per matching pod, so raw scores go negative and the minimum becomes 0',
    pod: withPreferred({}, { antiAffinity: [weighted(10, ZONE, { app: 'web' })] }),
    cluster: { nodes: EXAMPLE_NODES, pods: EXAMPLE_PODS },
    expected: scores({ n1: -20, n2: -20, n3: 0 }, { n1: 0, n2: 0, n3: 100 }),
  },
  {
    name: 'affinity and anti-affinity add up per domain, and the min–max keeps the truncated fraction',
    pod: withPreferred(
      {},
      {
        affinity: [weighted(3, HOST, { app: 'web' })],
        antiAffinity: [weighted(1, ZONE, { app: 'web' })],
      }
    ),
    cluster: { nodes: EXAMPLE_NODES, pods: EXAMPLE_PODS },
    // n1: +3 (host) −2 (zone-a) = 1; n2 the same; n3 0: 100·(1/1) and 0.
    expected: scores({ n1: 1, n2: 1, n3: 0 }, { n1: 100, n2: 100, n3: 0 }),
  },
  {
    name: 'a third of the range truncates to 33',
    pod: withPreferred({}, { affinity: [weighted(1, HOST, { app: 'web' })] }),
    cluster: {
      nodes: EXAMPLE_NODES,
      pods: [
        placedWith('n1', { name: 'a', labels: { app: 'web' } }),
        ...['b1', 'b2', 'b3'].map((name) => placedWith('n2', { name, labels: { app: 'web' } })),
      ],
    },
    expected: scores({ n1: 1, n2: 3, n3: 0 }, { n1: 33, n2: 100, n3: 0 }),
  },
  {
    name: 'terminating pods still count, unlike in PodTopologySpread',
    pod: withPreferred({}, { affinity: [weighted(5, HOST, { app: 'web' })] }),
    cluster: {
      nodes: EXAMPLE_NODES,
      pods: [{ ...placedWith('n2', { name: 'b', labels: { app: 'web' } }), terminating: true }],
    },
    expected: scores({ n1: 0, n2: 5, n3: 0 }, { n1: 0, n2: 100, n3: 0 }),
  },
  {
    name: 'a term looks only in the pod’s own namespace by default',
    pod: withPreferred({}, { affinity: [weighted(5, HOST, { app: 'web' })] }),
    cluster: {
      nodes: EXAMPLE_NODES,
      pods: [placedWith('n2', { name: 'b', namespace: 'other', labels: { app: 'web' } })],
    },
    expected: 'skip',
  },
  {
    name: 'a namespaceSelector turns into the namespaces whose labels it matches',
    pod: withPreferred(
      {},
      {
        affinity: [
          weighted(5, HOST, { app: 'web' }, { namespaceSelector: selector({ team: 'a' }) }),
        ],
      }
    ),
    cluster: {
      nodes: EXAMPLE_NODES,
      namespaces: { other: { team: 'a' }, third: { team: 'b' } },
      pods: [
        placedWith('n2', { name: 'b', namespace: 'other', labels: { app: 'web' } }),
        placedWith('n3', { name: 'c', namespace: 'third', labels: { app: 'web' } }),
      ],
    },
    expected: scores({ n1: 0, n2: 5, n3: 0 }, { n1: 0, n2: 100, n3: 0 }),
  },
  {
    name: 'an empty namespaceSelector looks in every namespace',
    pod: withPreferred(
      {},
      { affinity: [weighted(5, HOST, { app: 'web' }, { namespaceSelector: selector({}) })] }
    ),
    cluster: {
      nodes: EXAMPLE_NODES,
      pods: [
        placedWith('n2', { name: 'b', namespace: 'other', labels: { app: 'web' } }),
        placedWith('n3', { name: 'c', namespace: 'third', labels: { app: 'web' } }),
      ],
    },
    expected: scores({ n1: 0, n2: 5, n3: 5 }, { n1: 0, n2: 100, n3: 100 }),
  },
  {
    name: 'a matching pod on a node without the topology key adds nothing: Skip',
    pod: withPreferred({}, { affinity: [weighted(5, ZONE, { app: 'web' })] }),
    cluster: {
      nodes: [zoned('n1', 'zone-a'), zoned('n2', null)],
      pods: [placedWith('n2', { name: 'b', labels: { app: 'web' } })],
    },
    expected: 'skip',
  },
  {
    name: 'every feasible node with the same raw score gets 0',
    pod: withPreferred({}, { affinity: [weighted(5, ZONE, { app: 'web' })] }),
    cluster: { nodes: EXAMPLE_NODES, pods: EXAMPLE_PODS, feasible: ['n1', 'n2'] },
    expected: scores({ n1: 10, n2: 10 }, { n1: 0, n2: 0 }),
  },
  {
    name: 'with the placed pods unknown there is nothing to match: Skip',
    pod: withPreferred({}, { affinity: [weighted(5, ZONE, { app: 'web' })] }),
    cluster: { nodes: EXAMPLE_NODES, pods: null },
    expected: 'skip',
  },
]

const EXISTING: readonly AffinityScoreCase[] = [
  {
    name: 'a placed pod’s required affinity the incoming pod matches adds hardPodAffinityWeight 1 to its domain',
    pod: pod({ labels: { app: 'web' } }),
    cluster: {
      nodes: EXAMPLE_NODES,
      pods: [placedWith('n3', { name: 'c', affinity: [podTerm(ZONE, selector({ app: 'web' }))] })],
    },
    expected: scores({ n1: 0, n2: 0, n3: 1 }, { n1: 0, n2: 0, n3: 100 }),
  },
  {
    name: 'a placed pod with only preferred terms is read: its affinity adds and its anti-affinity subtracts',
    pod: pod({ labels: { app: 'web' } }),
    cluster: {
      nodes: [...EXAMPLE_NODES, zoned('n4', 'zone-b')],
      pods: [
        placedWith('n1', { name: 'a' }, { antiAffinity: [weighted(7, ZONE, { app: 'web' })] }),
        placedWith('n3', { name: 'c' }, { affinity: [weighted(4, HOST, { app: 'web' })] }),
      ],
    },
    // zone-a −7 (n1, n2); host n3 +4; n4 0: min −7, max 4, range 11; n4 100·(7/11) = 63.6 → 63.
    expected: scores({ n1: -7, n2: -7, n3: 4, n4: 0 }, { n1: 0, n2: 0, n3: 100, n4: 63 }),
  },
  {
    name: 'a placed pod’s required anti-affinity is not scored: Skip',
    pod: pod({ labels: { app: 'web' } }),
    cluster: {
      nodes: EXAMPLE_NODES,
      pods: [
        placedWith('n3', { name: 'c', antiAffinity: [podTerm(ZONE, selector({ app: 'web' }))] }),
      ],
    },
    expected: 'skip',
  },
  {
    name: 'a placed pod’s term with a namespaceSelector matches by the incoming pod’s namespace labels',
    pod: pod({ namespace: 'shop', labels: { app: 'web' } }),
    cluster: {
      nodes: EXAMPLE_NODES,
      namespaces: { shop: { team: 'a' } },
      pods: [
        placedWith(
          'n2',
          { name: 'b', namespace: 'infra' },
          {
            affinity: [
              weighted(9, HOST, { app: 'web' }, { namespaceSelector: selector({ team: 'a' }) }),
            ],
          }
        ),
      ],
    },
    expected: scores({ n1: 0, n2: 9, n3: 0 }, { n1: 0, n2: 100, n3: 0 }),
  },
  {
    name: 'a placed pod’s term in its own namespace does not see a pod of another namespace: Skip',
    pod: pod({ namespace: 'shop', labels: { app: 'web' } }),
    cluster: {
      nodes: EXAMPLE_NODES,
      pods: [
        placedWith(
          'n2',
          { name: 'b', namespace: 'infra' },
          { affinity: [weighted(9, HOST, { app: 'web' })] }
        ),
      ],
    },
    expected: 'skip',
  },
]

describe('InterPodAffinity Score from the incoming pod’s preferred terms', () => {
  it.each(INCOMING)('$name', ({ pod: incoming, cluster, expected }) => {
    expect(runScore(preScoreInterPodAffinity, incoming, cluster)).toEqual(expected)
  })
})

describe('InterPodAffinity Score from the placed pods’ terms', () => {
  it.each(EXISTING)('$name', ({ pod: incoming, cluster, expected }) => {
    expect(runScore(preScoreInterPodAffinity, incoming, cluster)).toEqual(expected)
  })
})

describe('the nodes with pods with affinity', () => {
  it('holds a node whose only pod with terms has preferred ones alone, and drops it when the pod leaves', () => {
    const preferredOnly = placedWith('n2', { name: 'b' }, { affinity: [weighted(1, HOST, {})] })
    const snapshot = Snapshot.build(placementNodes(EXAMPLE_NODES), [
      placedWith('n1', { name: 'a' }),
      preferredOnly,
    ])
    expect(snapshot.havePodsWithAffinity.map((n) => n.name)).toEqual(['n2'])
    expect(snapshot.havePodsWithRequiredAntiAffinity).toEqual([])
    snapshot.removePod(preferredOnly)
    expect(snapshot.havePodsWithAffinity).toEqual([])
  })
})

describe('InterPodAffinity Score across releases', () => {
  it.each(['1.28.7', '1.31', '1.35'])(
    'the worked example scores alike when kube-scheduler %s judges (no release changed the formula)',
    (release) => {
      const incoming = withPreferred(
        { labels: { app: 'web' } },
        { affinity: [weighted(20, ZONE, { app: 'cache' })] }
      )
      const cluster = { nodes: EXAMPLE_NODES, pods: EXAMPLE_PODS, kubeVersion: releaseOf(release) }
      expect(runScore(preScoreInterPodAffinity, incoming, cluster)).toEqual(
        scores({ n1: 0, n2: 0, n3: 20 }, { n1: 0, n2: 0, n3: 100 })
      )
    }
  )
})
