import type { Toleration } from '../../src/core/index.js'
import type { NodeImage, PlacementPod } from '../../src/placement/index.js'
import { node, placed, pod, req, term, type TestNode } from './builders.js'
import { withImages, type ScoredCluster } from './score-builders.js'

/**
 * One table per Score plugin beyond the worked example: each row a cluster, a pod, and the
 * plugin's normalised score per node in node order (null: the plugin skipped or was not scored).
 */

export interface PluginCase {
  readonly name: string
  readonly plugin: string
  readonly pod: PlacementPod
  readonly cluster: ScoredCluster
  readonly scores: readonly number[] | null
}

const MIB = 1024 * 1024
const big = (name: string, more: Partial<TestNode['spec']> = {}) =>
  node(name, { allocatable: { cpu: '4', memory: '8Gi', pods: '110' }, ...more })
const tolerate = (key: string, effect = 'PreferNoSchedule'): Toleration => ({
  key,
  operator: 'Exists',
  value: '',
  effect,
  tolerationSeconds: null,
})

export const TAINT_TOLERATION_CASES: readonly PluginCase[] = [
  {
    name: 'every node scores 100 when none has an untolerated PreferNoSchedule taint',
    plugin: 'TaintToleration',
    pod: pod(),
    cluster: { nodes: [big('a'), big('b', { taints: ['k=v:NoExecute'] })] },
    scores: [100, 100],
  },
  {
    name: 'the node with the most untolerated PreferNoSchedule taints scores 0, one with half as many 50',
    plugin: 'TaintToleration',
    pod: pod(),
    cluster: {
      nodes: [
        big('a', { taints: ['x=1:PreferNoSchedule', 'y=1:PreferNoSchedule'] }),
        big('b', { taints: ['x=1:PreferNoSchedule'] }),
        big('c'),
      ],
    },
    scores: [0, 50, 100],
  },
  {
    name: 'a toleration of PreferNoSchedule, or of every effect, takes the taint out of the count',
    plugin: 'TaintToleration',
    pod: pod(),
    cluster: {
      nodes: [
        big('a', { taints: ['x=1:PreferNoSchedule', 'y=1:PreferNoSchedule'] }),
        big('b', { taints: ['z=1:PreferNoSchedule'] }),
      ],
      tolerations: [tolerate('x'), tolerate('y', '')],
    },
    scores: [100, 0],
  },
  {
    name: 'a toleration of NoSchedule does not tolerate a PreferNoSchedule taint of that key',
    plugin: 'TaintToleration',
    pod: pod(),
    cluster: {
      nodes: [big('a', { taints: ['x=1:PreferNoSchedule'] }), big('b')],
      tolerations: [tolerate('x', 'NoSchedule')],
    },
    scores: [0, 100],
  },
]

export const NODE_AFFINITY_SCORE_CASES: readonly PluginCase[] = [
  {
    name: 'a pod without preferred terms is skipped by NodeAffinity',
    plugin: 'NodeAffinity',
    pod: pod(),
    cluster: { nodes: [big('a'), big('b')] },
    scores: null,
  },
  {
    name: 'weights add up per node and scale to 100 × sum / max, truncated',
    plugin: 'NodeAffinity',
    pod: pod({
      preferred: [
        { weight: 2, preference: term(req('zone', 'In', 'z1')) },
        { weight: 1, preference: term(req('disk', 'Exists')) },
      ],
    }),
    cluster: {
      nodes: [
        big('a', { labels: { zone: 'z1', disk: 'ssd' } }),
        big('b', { labels: { zone: 'z1' } }),
        big('c', { labels: { disk: 'hdd' } }),
      ],
    },
    scores: [100, 66, 33],
  },
]

/** A node that gives memory but no cpu (`cpu: 0` allocatable): the resource scores leave cpu out. */
const NO_CPU = node('c', { allocatable: { cpu: '0', memory: '8Gi', pods: '110' } })

export const LEAST_ALLOCATED_CASES: readonly PluginCase[] = [
  {
    name: 'a node whose requests would pass its allocatable scores 0 for that resource',
    plugin: 'NodeResourcesFit',
    pod: pod({ requests: { cpu: '1', memory: '1Gi' } }),
    cluster: {
      nodes: [big('a'), big('b')],
      pods: [placed('a', { requests: { cpu: '3500m' } })],
    },
    // a: cpu 4500m of 4000m → 0, memory 200Mi (the placed pod's default) + 1Gi of 8Gi → 85:
    // 42; b: 75 and 87: 81.
    scores: [42, 81],
  },
  {
    name: 'a request set to zero counts zero, where a missing one counts the default',
    plugin: 'NodeResourcesFit',
    pod: pod({ requests: { cpu: '0', memory: '0' } }),
    cluster: {
      nodes: [big('a'), big('b')],
      pods: [placed('a', { requests: { cpu: '0', memory: '0' } }), placed('b')],
    },
    // a: nothing requested: 100; b: 100m and 200Mi: cpu 97, memory 97: 97.
    scores: [100, 97],
  },
  {
    name: 'a node with no cpu allocatable is scored on its memory alone',
    plugin: 'NodeResourcesFit',
    pod: pod({ requests: { cpu: '2', memory: '1Gi' } }),
    cluster: { nodes: [big('b'), NO_CPU] },
    // b: cpu 50, memory 87 (7/8): 68; c: memory 87 alone.
    scores: [68, 87],
  },
]

export const BALANCED_CASES: readonly PluginCase[] = [
  {
    name: 'a fraction past allocatable counts as 1 in the balance',
    plugin: 'NodeResourcesBalancedAllocation',
    pod: pod({ requests: { cpu: '2', memory: '1Gi' } }),
    cluster: {
      nodes: [big('a'), big('b')],
      pods: [placed('a', { requests: { cpu: '3', memory: '1Gi' } })],
    },
    // a: cpu 5/4 → 1, memory 0.25: std 0.375 → 62; b: 0.5 and 0.125: std 0.1875 → 81.
    scores: [62, 81],
  },
  {
    name: 'a node with no cpu allocatable has one fraction, whose standard deviation is 0',
    plugin: 'NodeResourcesBalancedAllocation',
    pod: pod({ requests: { cpu: '2', memory: '1Gi' } }),
    cluster: { nodes: [big('b'), NO_CPU] },
    // b: 0.5 and 0.125: std 0.1875 → 81; c: memory 0.125 alone: 100.
    scores: [81, 100],
  },
]

const image = (names: string[], size: number): NodeImage => ({ names, sizeBytes: size * MIB })

export const IMAGE_LOCALITY_CASES: readonly PluginCase[] = [
  {
    name: 'an image named without a tag is looked up as :latest',
    plugin: 'ImageLocality',
    pod: withImages(pod(), ['registry.example/tool']),
    cluster: {
      nodes: [big('a'), big('b')],
      images: { a: [image(['registry.example/tool:latest'], 600)] },
    },
    // 600Mi × 1/2 = 300Mi: 100 × (300 − 23) / (1000 − 23) = 28.
    scores: [28, 0],
  },
  {
    name: 'an image below 23Mi, spread over every node, scores nothing',
    plugin: 'ImageLocality',
    pod: withImages(pod(), ['small:v1']),
    cluster: {
      nodes: [big('a'), big('b')],
      images: { a: [image(['small:v1'], 20)], b: [image(['small:v1'], 20)] },
    },
    scores: [0, 0],
  },
  {
    name: 'an image of 1000Mi or more on every node scores 100',
    plugin: 'ImageLocality',
    pod: withImages(pod(), ['huge:v1']),
    cluster: {
      nodes: [big('a'), big('b')],
      images: { a: [image(['huge:v1'], 1500)], b: [image(['huge:v1', 'huge@sha256:1'], 1500)] },
    },
    scores: [100, 100],
  },
]

export const PLUGIN_CASES: readonly PluginCase[] = [
  ...TAINT_TOLERATION_CASES,
  ...NODE_AFFINITY_SCORE_CASES,
  ...LEAST_ALLOCATED_CASES,
  ...BALANCED_CASES,
  ...IMAGE_LOCALITY_CASES,
]
