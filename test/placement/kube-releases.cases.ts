import type { KubeVersion } from '../../src/core/index.js'
import type { PlacementPod } from '../../src/placement/index.js'
import { node, pod, type Cluster } from './builders.js'
import { DRA, FOUR_CPU, NOT_HELPFUL_3, PREFILTER_CASES } from './kube-releases-prefilter.cases.js'

/**
 * Each difference between kube-scheduler releases that the diagnosis applies
 * (src/placement/kube-releases.ts), run at both ends of the supported range and on either side
 * of the release that changed it: the FailedScheduling message each release writes, byte for
 * byte. docs/compatibility.md's table names the same rows.
 */

export interface ReleaseCase {
  readonly name: string
  readonly pod: PlacementPod
  readonly cluster: Omit<Cluster, 'kubeVersion'>
  /** The release, as `1.MINOR` or `1.MINOR.PATCH`, to the summary it writes. */
  readonly summaries: Readonly<Record<string, string>>
}

export function releaseOf(text: string): KubeVersion {
  const [, minor, patch] = text.split('.')
  return { minor: Number(minor), patch: patch === undefined ? null : Number(patch) }
}

const BY_TAINT =
  '0/3 nodes are available: 1 node(s) had untolerated taint {maint: yes}, 2 node(s) had untolerated taint {dedicated: gpu}.'
const CONSTANT = '0/3 nodes are available: 3 node(s) had untolerated taint(s).'

/** Two nodes share a taint; the third's first NoSchedule/NoExecute taint is `maint=yes`. */
const TAINTED: Cluster = {
  nodes: [
    node('a', { taints: ['dedicated=gpu:NoSchedule'] }),
    node('b', { taints: ['dedicated=gpu:NoSchedule'] }),
    node('c', { taints: ['soft=x:PreferNoSchedule', 'maint=yes:NoExecute', 'z=1:NoSchedule'] }),
  ],
  pods: [],
}

const FITS_1 = '1/1 nodes are available.'
const INSUFFICIENT_1 = '0/1 nodes are available: 1 Insufficient cpu.'
const NO_VICTIMS_1 = '0/1 nodes are available: 1 No preemption victims found for incoming pod.'
const NOT_HELPFUL_1 = '0/1 nodes are available: 1 Preemption is not helpful for scheduling.'

export const RELEASE_CASES: readonly ReleaseCase[] = [
  {
    name: 'untolerated taints are named as {KEY: VALUE} per node up to 1.34.1 (the first in the node’s order), then one constant, and the PostFilter part gains DynamicResources’ words at 1.34 and loses its second period at 1.29',
    pod: pod({ priority: 0 }),
    cluster: TAINTED,
    summaries: {
      '1.28.7': `${BY_TAINT} preemption: ${NOT_HELPFUL_3}.`,
      '1.28': `${BY_TAINT} preemption: ${NOT_HELPFUL_3}.`,
      '1.29.0': `${BY_TAINT} preemption: ${NOT_HELPFUL_3}`,
      '1.30.0': `${BY_TAINT} preemption: ${NOT_HELPFUL_3}`,
      '1.33': `${BY_TAINT} preemption: ${NOT_HELPFUL_3}`,
      '1.34.0': `${BY_TAINT}${DRA}${NOT_HELPFUL_3}`,
      '1.34.1': `${BY_TAINT}${DRA}${NOT_HELPFUL_3}`,
      '1.34.2': `${CONSTANT}${DRA}${NOT_HELPFUL_3}`,
      '1.34': `${CONSTANT}${DRA}${NOT_HELPFUL_3}`,
      '1.35.0': `${CONSTANT}${DRA}${NOT_HELPFUL_3}`,
    },
  },
  {
    name: 'a taint without a value is named with an empty value, as Go formats {%s: %s}',
    pod: pod({ priority: 0, preemptionPolicy: 'Never' }),
    cluster: { nodes: [node('n', { taints: ['gpu:NoSchedule'] })], pods: [] },
    summaries: {
      '1.28.7':
        '0/1 nodes are available: 1 node(s) had untolerated taint {gpu: }. preemption: not eligible due to preemptionPolicy=Never..',
      '1.35':
        '0/1 nodes are available: 1 node(s) had untolerated taint(s). no new claims to deallocate, preemption: not eligible due to preemptionPolicy=Never.',
    },
  },
  {
    name: 'a request above the node’s whole allocatable is tried by preemption (no victims) up to 1.33, and not helpful since 1.34',
    pod: pod({ priority: 10, requests: { cpu: '64' } }),
    cluster: { nodes: [node('n', FOUR_CPU)], pods: [] },
    summaries: {
      '1.28.7':
        '0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod..',
      '1.33':
        '0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.',
      '1.34.0':
        '0/1 nodes are available: 1 Insufficient cpu. no new claims to deallocate, preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.',
      '1.35':
        '0/1 nodes are available: 1 Insufficient cpu. no new claims to deallocate, preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.',
    },
  },
  {
    name: 'a request within the allocatable but above what is free stays resolvable in every release',
    pod: pod({ priority: 10, requests: { cpu: '3' } }),
    cluster: {
      nodes: [node('n', FOUR_CPU)],
      pods: [pod({ name: 'busy', nodeName: 'n', priority: 100, requests: { cpu: '2' } })],
    },
    summaries: {
      '1.28.7':
        '0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod..',
      '1.35':
        '0/1 nodes are available: 1 Insufficient cpu. no new claims to deallocate, preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.',
    },
  },
  ...PREFILTER_CASES,
  {
    name: 'a sidecar’s requests add to the containers’ from 1.29, where SidecarContainers is on; 1.28’s API server drops restartPolicy and the init container only sets a floor',
    pod: pod({
      priority: 0,
      requests: { cpu: '3' },
      initContainers: [{ requests: { cpu: '2' }, sidecar: true }],
    }),
    cluster: { nodes: [node('n', FOUR_CPU)], pods: [] },
    summaries: {
      '1.28.7': FITS_1,
      '1.29': `${INSUFFICIENT_1} preemption: ${NO_VICTIMS_1}`,
      '1.33': `${INSUFFICIENT_1} preemption: ${NO_VICTIMS_1}`,
      '1.35': `${INSUFFICIENT_1}${DRA}${NOT_HELPFUL_1}`,
    },
  },
  {
    name: 'a bound pod’s sidecar counts on its node from 1.29 only',
    pod: pod({ priority: 0, requests: { cpu: '2' } }),
    cluster: {
      nodes: [node('n', FOUR_CPU)],
      pods: [
        pod({
          name: 'bound',
          nodeName: 'n',
          priority: 100,
          requests: { cpu: '1' },
          initContainers: [{ requests: { cpu: '2' }, sidecar: true }],
        }),
      ],
    },
    summaries: {
      '1.28.7': FITS_1,
      '1.29': `${INSUFFICIENT_1} preemption: ${NO_VICTIMS_1}`,
      '1.35': `${INSUFFICIENT_1}${DRA}${NO_VICTIMS_1}`,
    },
  },
  {
    name: 'pod-level requests replace the containers’ sum from 1.34, where PodLevelResources is on; before, the API server drops them',
    pod: pod({ priority: 0, requests: { cpu: '1' }, podRequests: { cpu: '8' } }),
    cluster: { nodes: [node('n', FOUR_CPU)], pods: [] },
    summaries: {
      '1.28.7': FITS_1,
      '1.33': FITS_1,
      '1.34': `${INSUFFICIENT_1}${DRA}${NOT_HELPFUL_1}`,
      '1.35': `${INSUFFICIENT_1}${DRA}${NOT_HELPFUL_1}`,
    },
  },
  {
    name: 'a bound pod’s allocated resources above its spec count from 1.33, where InPlacePodVerticalScaling is on; before, the spec alone',
    pod: pod({ priority: 0, requests: { cpu: '2' } }),
    cluster: {
      nodes: [node('n', FOUR_CPU)],
      pods: [
        pod({
          name: 'resized',
          nodeName: 'n',
          priority: 100,
          requests: { cpu: '1' },
          allocated: { cpu: '3' },
        }),
      ],
    },
    summaries: {
      '1.28.7': FITS_1,
      '1.32': FITS_1,
      '1.33': `${INSUFFICIENT_1} preemption: ${NO_VICTIMS_1}`,
      '1.35': `${INSUFFICIENT_1}${DRA}${NO_VICTIMS_1}`,
    },
  },
]
