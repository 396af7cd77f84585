import type { KubeVersion } from '../../src/core/index.js'
import type { PlacementPod } from '../../src/placement/index.js'
import { node, placed, pod, req, term } from './builders.js'
import { withImages, type ScoredCluster } from './score-builders.js'

/**
 * The worked example of the scores (three nodes, a ReplicaSet's pods, one pod to place) and its
 * variants, each plugin's normalised score per node as kube-scheduler computes it.
 */

const MIB = 1024 * 1024
const APP = 'registry.example/app:v1'
const INIT = 'registry.example/init:v1'
const ALLOCATABLE = { cpu: '4', memory: '8Gi', pods: '110' }

function exampleNode(name: string, zone: string, more: Record<string, string> = {}) {
  const labels = { 'kubernetes.io/hostname': name, 'topology.kubernetes.io/zone': zone, ...more }
  const taints = name === 'n2' ? ['dedicated=batch:PreferNoSchedule'] : []
  return node(name, { labels, allocatable: ALLOCATABLE, taints })
}

export const EXAMPLE: ScoredCluster = {
  nodes: [
    exampleNode('n1', 'zone-a', { disktype: 'ssd' }),
    exampleNode('n2', 'zone-a'),
    exampleNode('n3', 'zone-b'),
  ],
  pods: [
    placed('n1', { name: 'a', labels: { app: 'web' }, requests: { cpu: '1', memory: '1Gi' } }),
    placed('n2', { name: 'b', labels: { app: 'web' }, requests: { cpu: '500m', memory: '3Gi' } }),
    placed('n3', { name: 'c', labels: { app: 'cache' } }),
  ],
  images: {
    n1: [{ names: [APP], sizeBytes: 500 * MIB }],
    n2: [{ names: [APP], sizeBytes: 500 * MIB }],
    n3: [{ names: [INIT], sizeBytes: 300 * MIB }],
  },
}

const preferSsd = [{ weight: 5, preference: term(req('disktype', 'In', 'ssd')) }]

/** The pod to place: 1 cpu and 1Gi, preferring ssd nodes with weight 5. */
export const P = withImages(
  pod({ labels: { app: 'web' }, requests: { cpu: '1', memory: '1Gi' }, preferred: preferSsd }),
  [APP]
)
/** The same pod requesting nothing. */
export const P_BEST_EFFORT = withImages(pod({ labels: { app: 'web' }, preferred: preferSsd }), [
  APP,
])
/** The same pod with an init container whose image only n3 holds. */
export const P_WITH_INIT = withImages(P, [APP], [INIT])

export const V1_28: KubeVersion = { minor: 28, patch: 7 }
export const V1_35: KubeVersion = { minor: 35, patch: null }
const V1_29: KubeVersion = { minor: 29, patch: null }
const V1_30: KubeVersion = { minor: 30, patch: 0 }
const V1_32: KubeVersion = { minor: 32, patch: null }
const V1_33: KubeVersion = { minor: 33, patch: 0 }

export interface ScoreCase {
  readonly name: string
  readonly pod: PlacementPod
  readonly release: KubeVersion
  /** Each plugin's normalised score per node (n1, n2, n3); absent: the plugin skipped. */
  readonly scores: Readonly<Record<string, readonly number[]>>
}

const BASE = {
  TaintToleration: [100, 0, 100],
  NodeAffinity: [100, 0, 0],
  NodeResourcesFit: [62, 56, 78],
  NodeResourcesBalancedAllocation: [87, 93, 93],
  ImageLocality: [31, 31, 0],
}

const BEST_EFFORT = { ...BASE, NodeResourcesFit: [78, 72, 95] }
const BEST_EFFORT_SKIPPED = {
  TaintToleration: BASE.TaintToleration,
  NodeAffinity: BASE.NodeAffinity,
  NodeResourcesFit: BEST_EFFORT.NodeResourcesFit,
  ImageLocality: BASE.ImageLocality,
}

export const SCORE_CASES: readonly ScoreCase[] = [
  {
    name: 'the worked example at v1.28: the taint, the preference, the requests and the image each rank the nodes',
    pod: P,
    release: V1_28,
    scores: BASE,
  },
  { name: 'the worked example scores the same at v1.35', pod: P, release: V1_35, scores: BASE },
  {
    name: 'a pod requesting nothing counts 100m and 200Mi for LeastAllocated and is balanced on the pods already there at v1.28',
    pod: P_BEST_EFFORT,
    release: V1_28,
    scores: { ...BEST_EFFORT, NodeResourcesBalancedAllocation: [93, 87, 100] },
  },
  {
    name: 'a pod requesting nothing is not scored by NodeResourcesBalancedAllocation from v1.33',
    pod: P_BEST_EFFORT,
    release: V1_35,
    scores: BEST_EFFORT_SKIPPED,
  },
  {
    name: 'a pod requesting nothing is still balanced at v1.32',
    pod: P_BEST_EFFORT,
    release: V1_32,
    scores: { ...BEST_EFFORT, NodeResourcesBalancedAllocation: [93, 87, 100] },
  },
  {
    name: 'a pod requesting nothing is skipped by NodeResourcesBalancedAllocation at v1.33.0',
    pod: P_BEST_EFFORT,
    release: V1_33,
    scores: BEST_EFFORT_SKIPPED,
  },
  {
    name: 'an init container image is not counted by ImageLocality at v1.29',
    pod: P_WITH_INIT,
    release: V1_29,
    scores: BASE,
  },
  {
    name: 'an init container image is counted by ImageLocality at v1.30.0',
    pod: P_WITH_INIT,
    release: V1_30,
    scores: { ...BASE, ImageLocality: [15, 15, 3] },
  },
  {
    name: 'an init container image is not counted by ImageLocality at v1.28',
    pod: P_WITH_INIT,
    release: V1_28,
    scores: BASE,
  },
  {
    name: 'an init container image counts in the sum and doubles the upper threshold from v1.30',
    pod: P_WITH_INIT,
    release: V1_35,
    scores: { ...BASE, ImageLocality: [15, 15, 3] },
  },
]

/** A node holding one pod whose sidecar asks 50m and whose container asks nothing. */
export const SIDECAR_NODE: ScoredCluster = {
  nodes: [node('s', { allocatable: ALLOCATABLE }), node('t', { allocatable: ALLOCATABLE })],
  pods: [
    placed('s', {
      name: 'with-sidecar',
      initContainers: [{ requests: { cpu: '50m' }, sidecar: true }],
    }),
  ],
}

/** A node holding one pod with a pod-level memory request and a container naming nothing. */
export const POD_LEVEL_NODE: ScoredCluster = {
  nodes: [node('s', { allocatable: ALLOCATABLE })],
  pods: [placed('s', { name: 'pod-level', podRequests: { memory: '1Gi' } })],
}
