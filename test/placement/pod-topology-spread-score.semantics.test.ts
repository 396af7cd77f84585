import { describe, expect, it } from 'vitest'
import { releaseOf } from './kube-releases.cases.js'
import type {
  ClusterPod,
  PlacementPod,
  TopologySpreadConstraint,
} from '../../src/placement/index.js'
import { diagnoseInSnapshot } from '../../src/placement/index.js'
import { preScorePodTopologySpread } from '../../src/placement/pod-topology-spread-score.js'
import { node, placed, pod, req, selector, type PodSpec } from './builders.js'
import {
  ownedBy,
  runScore,
  scores,
  snapshotInput,
  service,
  workload,
  workloads,
  type ScoreCluster,
  type ScoreOutcome,
} from './score-plugin-builders.js'
import { constraint } from './spread-builders.js'

/**
 * PodTopologySpread's Score (podtopologyspread scoring.go, v1.28.7; the same formula in v1.35),
 * case by case: each row a cluster, the pod, and each feasible node's raw score and its score
 * after NormalizeScore, or Skip, or the cycle's error.
 */

const HOST = 'kubernetes.io/hostname'
const ZONE = 'topology.kubernetes.io/zone'

function zoned(name: string, zone: string | null, more: Record<string, string> = {}) {
  const labels = { [HOST]: name, ...(zone === null ? {} : { [ZONE]: zone }), ...more }
  return node(name, { labels })
}

const RS_WEB = ownedBy('ReplicaSet', 'web')
const web = (on: string, more: Partial<ClusterPod> = {}): ClusterPod => ({
  ...placed(on, { name: `web-${on}`, labels: { app: 'web' } }),
  controller: RS_WEB,
  ...more,
})

/** The reference's worked example: A and B (app=web) on n1 and n2 in zone-a, C (app=cache) on n3 in zone-b. */
const EXAMPLE_NODES = [zoned('n1', 'zone-a'), zoned('n2', 'zone-a'), zoned('n3', 'zone-b')]
const EXAMPLE_PODS: ClusterPod[] = [
  web('n1'),
  web('n2'),
  placed('n3', { name: 'cache', labels: { app: 'cache' } }),
]
const RS_WORKLOADS = workloads([], [workload('ReplicaSet', 'web', selector({ app: 'web' }))])
const incomingWeb = (spec: PodSpec = {}, more: Partial<ClusterPod> = {}) => ({
  ...pod({ labels: { app: 'web' }, ...spec }),
  controller: RS_WEB,
  ...more,
})

const soft = (
  maxSkew: number,
  key: string,
  more: Partial<TopologySpreadConstraint> = {}
): TopologySpreadConstraint =>
  constraint(maxSkew, key, selector({ app: 'web' }), {
    whenUnsatisfiable: 'ScheduleAnyway',
    ...more,
  })

interface SpreadScoreCase {
  readonly name: string
  readonly pod: ReturnType<typeof incomingWeb>
  readonly cluster: ScoreCluster
  readonly expected: ScoreOutcome
}

const DEFAULTS: readonly SpreadScoreCase[] = [
  {
    name: 'the worked example: a ReplicaSet-owned pod gets the system defaults, ln5 per host pod and ln4 per zone pod, so the empty zone wins',
    pod: incomingWeb(),
    cluster: { nodes: EXAMPLE_NODES, pods: EXAMPLE_PODS, workloads: RS_WORKLOADS },
    expected: scores({ n1: 10, n2: 10, n3: 6 }, { n1: 60, n2: 60, n3: 100 }),
  },
  {
    name: 'the same pods selected by a Service instead of a controller spread alike',
    pod: incomingWeb({}, { controller: null }),
    cluster: {
      nodes: EXAMPLE_NODES,
      pods: EXAMPLE_PODS.map((p) => ({ ...p, controller: null })),
      workloads: workloads([service('web', { app: 'web' })]),
    },
    expected: scores({ n1: 10, n2: 10, n3: 6 }, { n1: 60, n2: 60, n3: 100 }),
  },
  {
    name: 'a ReplicationController (core v1) merges its selector map into the labels',
    pod: incomingWeb({}, { controller: ownedBy('ReplicationController', 'web', 'v1') }),
    cluster: {
      nodes: EXAMPLE_NODES,
      pods: EXAMPLE_PODS,
      workloads: workloads(
        [],
        [workload('ReplicationController', 'web', selector({ app: 'web' }))]
      ),
    },
    expected: scores({ n1: 10, n2: 10, n3: 6 }, { n1: 60, n2: 60, n3: 100 }),
  },
  {
    name: 'a Service and the ReplicaSet both select: their requirements are ANDed, so a pod matching only the Service is not counted',
    pod: incomingWeb({ labels: { app: 'web', tier: 'front' } }),
    cluster: {
      nodes: EXAMPLE_NODES,
      pods: [web('n1'), web('n3', { labels: { app: 'web', tier: 'front' } })],
      workloads: workloads(
        [service('front', { tier: 'front' })],
        [workload('ReplicaSet', 'web', selector({ app: 'web' }))]
      ),
    },
    // Only the pod on n3 carries both labels: n3 1·ln5+2 + 1·ln4+4 = 8.99 → 9; n1, n2 6.
    expected: scores({ n1: 6, n2: 6, n3: 9 }, { n1: 100, n2: 100, n3: 66 }),
  },
  {
    name: 'a StatefulSet adds its selector’s expressions, so only pods it selects count',
    pod: incomingWeb({}, { controller: ownedBy('StatefulSet', 'db') }),
    cluster: {
      nodes: EXAMPLE_NODES,
      pods: [...EXAMPLE_PODS, placed('n3', { name: 'db-0', labels: { app: 'db' } })],
      workloads: workloads(
        [],
        [workload('StatefulSet', 'db', selector({}, req('app', 'In', 'db', 'cache')))]
      ),
    },
    // n3 holds cache and db-0: 2·ln5+2 + 2·ln4+4 = 11.99 → 12; n1, n2 6 (zone-a has none).
    expected: scores({ n1: 6, n2: 6, n3: 12 }, { n1: 100, n2: 100, n3: 50 }),
  },
  {
    name: 'a ReplicaSet without a selector adds nothing (labels.Nothing has no requirements): Skip',
    pod: incomingWeb(),
    cluster: {
      nodes: EXAMPLE_NODES,
      pods: EXAMPLE_PODS,
      workloads: workloads([], [workload('ReplicaSet', 'web', null)]),
    },
    expected: 'skip',
  },
  {
    name: 'with the workloads not read the pod is scored as if nothing selected it: Skip',
    pod: incomingWeb(),
    cluster: { nodes: EXAMPLE_NODES, pods: EXAMPLE_PODS, workloads: null },
    expected: 'skip',
  },
  {
    name: 'a Service whose selector does not match the pod adds nothing: Skip',
    pod: incomingWeb({}, { controller: null }),
    cluster: {
      nodes: EXAMPLE_NODES,
      pods: EXAMPLE_PODS,
      workloads: workloads([service('db', { app: 'db' }), service('none', null)]),
    },
    expected: 'skip',
  },
  {
    name: 'a pod owned by a Job has no default selector: Skip',
    pod: incomingWeb({}, { controller: ownedBy('Job', 'web', 'batch/v1') }),
    cluster: {
      nodes: EXAMPLE_NODES,
      pods: EXAMPLE_PODS,
      workloads: workloads([], [workload('Job', 'web', selector({ app: 'web' }))]),
    },
    expected: 'skip',
  },
  {
    name: 'a ReplicaSet named with an apiVersion other than apps/v1 is not looked up: Skip',
    pod: incomingWeb({}, { controller: ownedBy('ReplicaSet', 'web', 'extensions/v1beta1') }),
    cluster: { nodes: EXAMPLE_NODES, pods: EXAMPLE_PODS, workloads: RS_WORKLOADS },
    expected: 'skip',
  },
  {
    name: 'with the defaults a node without a zone label is still scored, by its host pods alone',
    pod: incomingWeb(),
    cluster: {
      nodes: [zoned('n1', 'zone-a'), zoned('n2', null)],
      pods: [web('n1'), web('n2'), web('n2', { name: 'web-n2b' })],
      workloads: RS_WORKLOADS,
    },
    // ln4 for two hosts; zones: zone-a and "" (n2's missing label), ln4. n1: 1·ln4+2 + 1·ln4+4
    // = 8.77 → 9; n2: 2·ln4+2 = 4.77 → 5 (no zone label, so no zone term).
    expected: scores({ n1: 9, n2: 5 }, { n1: 55, n2: 100 }),
  },
]

/** Two ssd nodes pass the filters; two matching pods sit on a node without ssd in zone-a. */
const SSD_CLUSTER: ScoreCluster = {
  nodes: [
    zoned('n1', 'zone-a', { disk: 'ssd' }),
    zoned('n2', 'zone-b', { disk: 'ssd' }),
    zoned('n3', 'zone-a'),
  ],
  pods: [web('n3'), web('n3', { name: 'web-n3b' })],
  feasible: ['n1', 'n2'],
}

const OWN: readonly SpreadScoreCase[] = [
  {
    name: 'a ScheduleAnyway zone constraint: a feasible node without the zone label is ignored and scores 0',
    pod: incomingWeb({ topologySpreadConstraints: [soft(1, ZONE)] }),
    cluster: {
      nodes: [zoned('n1', 'zone-a'), zoned('n2', 'zone-b'), zoned('n3', null)],
      pods: [web('n1'), web('n1', { name: 'web-n1b' }), web('n3')],
    },
    // Two zones: ln4 = 1.386; n1 2·ln4 = 2.77 → 3, n2 0; 100·(3+0−raw)/3.
    expected: scores({ n1: 3, n2: 0, n3: 0 }, { n1: 0, n2: 100, n3: 0 }),
  },
  {
    name: 'terminating pods are not counted',
    pod: incomingWeb({ topologySpreadConstraints: [soft(1, ZONE)] }),
    cluster: {
      nodes: [zoned('n1', 'zone-a'), zoned('n2', 'zone-b')],
      pods: [web('n1'), web('n1', { name: 'web-n1b', terminating: true })],
    },
    expected: scores({ n1: 1, n2: 0 }, { n1: 0, n2: 100 }),
  },
  {
    name: 'pods of another namespace are not counted, and with no pod counted every node gets 100',
    pod: incomingWeb({ topologySpreadConstraints: [soft(1, ZONE)] }),
    cluster: {
      nodes: [zoned('n1', 'zone-a'), zoned('n2', 'zone-b')],
      pods: [web('n1', { namespace: 'other' })],
    },
    expected: scores({ n1: 0, n2: 0 }, { n1: 100, n2: 100 }),
  },
  {
    name: 'maxSkew − 1 is added to every scored node, which waters the difference down',
    pod: incomingWeb({ topologySpreadConstraints: [soft(4, ZONE)] }),
    cluster: {
      nodes: [zoned('n1', 'zone-a'), zoned('n2', 'zone-b')],
      pods: [web('n1'), web('n1', { name: 'web-n1b' })],
    },
    // n1 2·ln4 + 3 = 5.77 → 6, n2 3: 100·(6+3−6)/6 = 50.
    expected: scores({ n1: 6, n2: 3 }, { n1: 50, n2: 100 }),
  },
  {
    name: 'a domain held only by nodes that failed the filters neither counts nor weighs',
    pod: incomingWeb({ topologySpreadConstraints: [soft(1, ZONE)] }),
    cluster: {
      nodes: [zoned('n1', 'zone-a'), zoned('n2', 'zone-b'), zoned('n3', 'zone-c')],
      pods: [web('n1'), web('n3'), web('n3', { name: 'web-n3b' })],
      feasible: ['n1', 'n2'],
    },
    expected: scores({ n1: 1, n2: 0 }, { n1: 0, n2: 100 }),
  },
  {
    name: 'pods on a node the pod’s nodeSelector excludes are not counted (nodeAffinityPolicy Honor)',
    pod: incomingWeb({ nodeSelector: { disk: 'ssd' }, topologySpreadConstraints: [soft(1, ZONE)] }),
    cluster: SSD_CLUSTER,
    expected: scores({ n1: 0, n2: 0 }, { n1: 100, n2: 100 }),
  },
  {
    name: 'with nodeAffinityPolicy Ignore those pods count in their zone',
    pod: incomingWeb({
      nodeSelector: { disk: 'ssd' },
      topologySpreadConstraints: [soft(1, ZONE, { nodeAffinityPolicy: 'Ignore' })],
    }),
    cluster: SSD_CLUSTER,
    expected: scores({ n1: 3, n2: 0 }, { n1: 0, n2: 100 }),
  },
  {
    name: 'a hostname constraint counts the node’s own pods, weighted by the log of the feasible hosts',
    pod: incomingWeb({ topologySpreadConstraints: [soft(1, HOST)] }),
    cluster: {
      nodes: [zoned('n1', 'zone-a'), zoned('n2', 'zone-a'), zoned('n3', 'zone-a')],
      pods: [web('n1'), web('n2'), web('n2', { name: 'web-n2b' })],
    },
    // ln5 = 1.609: n1 1.61 → 2, n2 3.22 → 3, n3 0; 100·(3+0−raw)/3.
    expected: scores({ n1: 2, n2: 3, n3: 0 }, { n1: 33, n2: 0, n3: 100 }),
  },
  {
    name: 'a pod with only DoNotSchedule constraints has nothing to score: Skip, even with a ReplicaSet',
    pod: incomingWeb({
      topologySpreadConstraints: [constraint(1, ZONE, selector({ app: 'web' }))],
    }),
    cluster: { nodes: EXAMPLE_NODES, pods: EXAMPLE_PODS, workloads: RS_WORKLOADS },
    expected: 'skip',
  },
  {
    name: 'a ScheduleAnyway selector that does not parse fails the cycle',
    pod: incomingWeb({
      topologySpreadConstraints: [
        constraint(1, ZONE, selector({}, { key: 'app', operator: 'Gt', values: ['1'] }), {
          whenUnsatisfiable: 'ScheduleAnyway',
        }),
      ],
    }),
    cluster: { nodes: EXAMPLE_NODES, pods: EXAMPLE_PODS },
    expected: {
      error:
        'calculating preScoreState: obtaining pod\'s soft topology spread constraints: topologySpreadConstraints[0].labelSelector: matchExpressions[0]: "Gt" is not a valid label selector operator',
    },
  },
  {
    name: 'with the placed pods unknown there is nothing to count: Skip',
    pod: incomingWeb({ topologySpreadConstraints: [soft(1, ZONE)] }),
    cluster: { nodes: EXAMPLE_NODES, pods: null },
    expected: 'skip',
  },
]

describe('PodTopologySpread Score with the system default constraints', () => {
  it.each(DEFAULTS)('$name', ({ pod: incoming, cluster, expected }) => {
    expect(runScore(preScorePodTopologySpread, incoming, cluster)).toEqual(expected)
  })
})

describe('PodTopologySpread Score with the pod’s own ScheduleAnyway constraints', () => {
  it.each(OWN)('$name', ({ pod: incoming, cluster, expected }) => {
    expect(runScore(preScorePodTopologySpread, incoming, cluster)).toEqual(expected)
  })
})

const UNREAD =
  'default topology spread (PodTopologySpread scoring: the Services and controllers selecting the pod were not read)'

describe('what the diagnosis lists as not judged for the default spread', () => {
  const notJudged = (incoming: PlacementPod, cluster: ScoreCluster) =>
    diagnoseInSnapshot(snapshotInput(incoming, cluster)).notJudged
  it.each([
    ['lists it when the workloads were not read and two nodes fit', incomingWeb(), null, 3, true],
    ['leaves it out when the workloads were read', incomingWeb(), RS_WORKLOADS, 3, false],
    [
      'leaves it out for a pod with constraints of its own, which the defaults never replace',
      incomingWeb({ topologySpreadConstraints: [soft(1, ZONE)] }),
      null,
      3,
      false,
    ],
    ['leaves it out when one node fits, as nothing is scored then', incomingWeb(), null, 1, false],
  ] as const)('%s', (_name, incoming, read, fitting, listed) => {
    const nodes = EXAMPLE_NODES.map((n, i) =>
      i < fitting ? n : { ...n, spec: { ...n.spec, unschedulable: true } }
    )
    const cluster = { nodes, pods: EXAMPLE_PODS, workloads: read }
    expect(notJudged(incoming, cluster).includes(UNREAD)).toBe(listed)
  })
})

const NO_PODS = 'topology spread scores (PodTopologySpread: no pods given)'

describe('what the diagnosis lists as not judged for spread scores without the placed pods', () => {
  it.each([
    [
      'lists them for a pod with a ScheduleAnyway constraint',
      incomingWeb({ topologySpreadConstraints: [soft(1, ZONE)] }),
      true,
    ],
    ['lists them for a pod the default constraints spread', incomingWeb(), true],
    [
      'leaves them out for a pod with DoNotSchedule constraints only, which are never scored',
      incomingWeb({ topologySpreadConstraints: [constraint(1, ZONE, selector({ app: 'web' }))] }),
      false,
    ],
    ['leaves them out for a pod nothing selects', incomingWeb({}, { controller: null }), false],
  ] as const)('%s', (_name, incoming, listed) => {
    const cluster = { nodes: EXAMPLE_NODES, pods: null, workloads: RS_WORKLOADS }
    const { notJudged } = diagnoseInSnapshot(snapshotInput(incoming, cluster))
    expect(notJudged.includes(NO_PODS)).toBe(listed)
  })
})

describe('PodTopologySpread Score across releases', () => {
  it.each(['1.28.7', '1.31', '1.35'])(
    'the worked example scores alike when kube-scheduler %s judges (no release changed the formula)',
    (release) => {
      const cluster = {
        nodes: EXAMPLE_NODES,
        pods: EXAMPLE_PODS,
        workloads: RS_WORKLOADS,
        kubeVersion: releaseOf(release),
      }
      expect(runScore(preScorePodTopologySpread, incomingWeb(), cluster)).toEqual(
        scores({ n1: 10, n2: 10, n3: 6 }, { n1: 60, n2: 60, n3: 100 })
      )
    }
  )
})
