import { fieldTerm, node, pod, req, type Cluster } from './builders.js'
import { claim, volume } from './volume-plugins.cases.js'
import type { ReleaseCase } from './kube-releases.cases.js'

/**
 * The release rows of NodeAffinity's PreFilter (src/placement/kube-releases.ts
 * `preFilterNarrowing`): a pod whose required terms name nodes by `metadata.name`, and how each
 * release counts, and lets preemption try, the nodes the names leave out.
 */

export const NOT_HELPFUL_3 = '0/3 nodes are available: 3 Preemption is not helpful for scheduling.'
export const DRA = ' no new claims to deallocate, preemption: '
export const FOUR_CPU = { allocatable: { cpu: '4', memory: '8Gi', pods: '110' } }

/** One tainted node, `a`, and two clean ones the pod's metadata.name affinity leaves out. */
const THREE_NODES: Cluster = {
  nodes: [node('a', { taints: ['dedicated=gpu:NoSchedule'] }), node('b'), node('c')],
  pods: [],
}

const HOSTNAME = 'kubernetes.io/hostname'

/**
 * THREE_NODES labelled with their hostnames, and a claim `data` bound to a CSI volume pinned by
 * hostname to node a, which VolumeBinding's PreFilter narrows the nodes to (`GetEligibleNodes`).
 */
const PINNED_TO_A: Cluster = {
  nodes: [
    node('a', { labels: { [HOSTNAME]: 'a' }, taints: ['dedicated=gpu:NoSchedule'] }),
    node('b', { labels: { [HOSTNAME]: 'b' } }),
    node('c', { labels: { [HOSTNAME]: 'c' } }),
  ],
  pods: [],
  storage: {
    claims: [claim('data')],
    classes: [],
    volumes: [
      volume('pv-data', {
        nodeAffinity: [
          { matchExpressions: [{ key: HOSTNAME, operator: 'In', values: ['a'] }], matchFields: [] },
        ],
      }),
    ],
  },
}
const DATA = [{ claimName: 'data', ephemeral: false }]

/**
 * Node a tainted, b and c left out at PreFilter by `plugins` (as the absent-nodes status names
 * them): the summaries of each release, as for NodeAffinity's names alone.
 */
function pinnedSummaries(plugins: string): Readonly<Record<string, string>> {
  const absent = `2 node(s) didn't satisfy plugin(s) ${plugins}`
  return {
    '1.28.7': `${TAINT_A} preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod..`,
    '1.28.10': `${TAINT_A_FILTERED_OUT} preemption: ${NOT_HELPFUL_3}.`,
    '1.31': `${TAINT_A} preemption: ${NOT_HELPFUL_3}`,
    '1.32.0': `0/3 nodes are available: 1 node(s) had untolerated taint {dedicated: gpu}, ${absent}. preemption: ${NOT_HELPFUL_3}`,
    '1.35': `0/3 nodes are available: 1 node(s) had untolerated taint(s), ${absent}.${DRA}${NOT_HELPFUL_3}`,
  }
}

const TAINT_A = '0/3 nodes are available: 1 node(s) had untolerated taint {dedicated: gpu}.'
const TAINT_A_FILTERED_OUT =
  '0/3 nodes are available: 1 node(s) had untolerated taint {dedicated: gpu}, 2 node is filtered out by the prefilter result.'
const NO_VICTIMS_3 = '0/3 nodes are available: 3 No preemption victims found for incoming pod.'
const SIMULTANEOUSLY =
  "0/3 nodes are available: node(s) didn't satisfy plugin(s) [NodeAffinity VolumeBinding] simultaneously."
const REMOVE_POD_FAILS =
  'running RemovePod on PreFilter plugin "PodTopologySpread": reading "PreFilterPodTopologySpread" from cycleState: not found'
const ONE_NO_VICTIMS_3 =
  '0/3 nodes are available: 1 No preemption victims found for incoming pod, 2 Preemption is not helpful for scheduling.'

export const PREFILTER_CASES: readonly ReleaseCase[] = [
  {
    name: 'a term whose metadata.name fields conflict is rejected at PreFilter and preemption is not helpful anywhere, in every release (v1.28 copies the status to every node, #119778)',
    pod: pod({
      priority: 0,
      required: [fieldTerm([req('metadata.name', 'In', 'a'), req('metadata.name', 'In', 'b')])],
    }),
    cluster: THREE_NODES,
    summaries: {
      '1.28.7': `0/3 nodes are available: pod affinity terms conflict. preemption: ${NOT_HELPFUL_3}.`,
      '1.29': `0/3 nodes are available: pod affinity terms conflict. preemption: ${NOT_HELPFUL_3}`,
      '1.30': `0/3 nodes are available: pod affinity terms conflict. preemption: ${NOT_HELPFUL_3}`,
      '1.35': `0/3 nodes are available: pod affinity terms conflict.${DRA}${NOT_HELPFUL_3}`,
    },
  },
  {
    name: 'nodes left out by metadata.name affinity are not counted and are tried by preemption up to 1.28.9 and 1.29.4, counted as filtered out by the prefilter result from 1.28.10, 1.29.5 and 1.30.0, left uncounted and not helpful for preemption from 1.28.11, 1.29.6, 1.30.2 and in 1.31, and counted under the absent-nodes status since 1.32',
    pod: pod({ priority: 10, required: [fieldTerm([req('metadata.name', 'In', 'a')])] }),
    cluster: THREE_NODES,
    summaries: {
      '1.28.7': `${TAINT_A} preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod..`,
      '1.29.4': `${TAINT_A} preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod.`,
      '1.28.10': `${TAINT_A_FILTERED_OUT} preemption: ${NOT_HELPFUL_3}.`,
      '1.28.11': `${TAINT_A} preemption: ${NOT_HELPFUL_3}.`,
      '1.28': `${TAINT_A} preemption: ${NOT_HELPFUL_3}.`,
      '1.29.5': `${TAINT_A_FILTERED_OUT} preemption: ${NOT_HELPFUL_3}`,
      '1.29.6': `${TAINT_A} preemption: ${NOT_HELPFUL_3}`,
      '1.30.1': `${TAINT_A_FILTERED_OUT} preemption: ${NOT_HELPFUL_3}`,
      '1.30.2': `${TAINT_A} preemption: ${NOT_HELPFUL_3}`,
      '1.31': `${TAINT_A} preemption: ${NOT_HELPFUL_3}`,
      '1.32.0': `0/3 nodes are available: 1 node(s) had untolerated taint {dedicated: gpu}, 2 node(s) didn't satisfy plugin(s) [NodeAffinity]. preemption: ${NOT_HELPFUL_3}`,
      '1.35': `0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 node(s) didn't satisfy plugin(s) [NodeAffinity].${DRA}${NOT_HELPFUL_3}`,
    },
  },
  {
    name: 'preemption tries a left-out node up to 1.28.9 and 1.29.4 only, and from 1.28.11, 1.29.6, 1.30.2 and in 1.31 counts it as not helpful while the named node it may help on is tried',
    pod: pod({
      priority: 10,
      requests: { cpu: '3' },
      required: [fieldTerm([req('metadata.name', 'In', 'a')])],
    }),
    cluster: {
      nodes: [node('a', FOUR_CPU), node('b', FOUR_CPU), node('c', FOUR_CPU)],
      pods: [pod({ name: 'busy', nodeName: 'a', priority: 100, requests: { cpu: '2' } })],
    },
    summaries: {
      '1.28.9': `0/3 nodes are available: 1 Insufficient cpu. preemption: ${NO_VICTIMS_3}.`,
      '1.28.10': `0/3 nodes are available: 1 Insufficient cpu, 2 node is filtered out by the prefilter result. preemption: ${ONE_NO_VICTIMS_3}.`,
      '1.28.11': `0/3 nodes are available: 1 Insufficient cpu. preemption: ${ONE_NO_VICTIMS_3}.`,
      '1.29.6': `0/3 nodes are available: 1 Insufficient cpu. preemption: ${ONE_NO_VICTIMS_3}`,
      '1.30.2': `0/3 nodes are available: 1 Insufficient cpu. preemption: ${ONE_NO_VICTIMS_3}`,
      '1.31': `0/3 nodes are available: 1 Insufficient cpu. preemption: ${ONE_NO_VICTIMS_3}`,
      '1.32.0': `0/3 nodes are available: 1 Insufficient cpu, 2 node(s) didn't satisfy plugin(s) [NodeAffinity]. preemption: ${ONE_NO_VICTIMS_3}`,
      '1.35': `0/3 nodes are available: 1 Insufficient cpu, 2 node(s) didn't satisfy plugin(s) [NodeAffinity].${DRA}${ONE_NO_VICTIMS_3}`,
    },
  },
  {
    name: 'nodes left out by a bound claim’s volume pinned to a host by name fare as those metadata.name affinity leaves out, and the absent-nodes status since 1.32 names VolumeBinding',
    pod: pod({ priority: 10, volumeClaims: DATA }),
    cluster: PINNED_TO_A,
    summaries: pinnedSummaries('[VolumeBinding]'),
  },
  {
    name: 'with metadata.name affinity to a and b and a volume pinned to a, only a is judged, and the absent-nodes status names both plugins',
    pod: pod({
      priority: 10,
      volumeClaims: DATA,
      required: [fieldTerm([req('metadata.name', 'In', 'a', 'b')])],
    }),
    cluster: PINNED_TO_A,
    summaries: pinnedSummaries('[NodeAffinity VolumeBinding]'),
  },
  {
    name: 'metadata.name affinity to b and a volume pinned to a leave no node in common: the pod is turned away at PreFilter, Unschedulable up to 1.28.9 and 1.29.4 (preemption tries every node and finds no victims), UnschedulableAndUnresolvable from 1.28.10, 1.29.5 and 1.30',
    pod: pod({
      priority: 10,
      volumeClaims: DATA,
      required: [fieldTerm([req('metadata.name', 'In', 'b')])],
    }),
    cluster: PINNED_TO_A,
    summaries: {
      '1.28.7': `${SIMULTANEOUSLY} preemption: ${NO_VICTIMS_3}.`,
      '1.29.4': `${SIMULTANEOUSLY} preemption: ${NO_VICTIMS_3}`,
      '1.28.10': `${SIMULTANEOUSLY} preemption: ${NOT_HELPFUL_3}.`,
      '1.29.5': `${SIMULTANEOUSLY} preemption: ${NOT_HELPFUL_3}`,
      '1.31': `${SIMULTANEOUSLY} preemption: ${NOT_HELPFUL_3}`,
      '1.32.0': `${SIMULTANEOUSLY} preemption: ${NOT_HELPFUL_3}`,
      '1.35': `${SIMULTANEOUSLY}${DRA}${NOT_HELPFUL_3}`,
    },
  },
  {
    name: 'with no node in common and a pod of lower priority on c, preemption up to 1.28.9 and 1.29.4 fails taking it off, since the PreFilters after VolumeBinding’s did not run; later releases do not try',
    pod: pod({
      priority: 10,
      volumeClaims: DATA,
      required: [fieldTerm([req('metadata.name', 'In', 'b')])],
    }),
    cluster: { ...PINNED_TO_A, pods: [pod({ name: 'low', nodeName: 'c', priority: 0 })] },
    summaries: {
      '1.28.7': `${SIMULTANEOUSLY} preemption: ${REMOVE_POD_FAILS}.`,
      '1.29.4': `${SIMULTANEOUSLY} preemption: ${REMOVE_POD_FAILS}`,
      '1.28.10': `${SIMULTANEOUSLY} preemption: ${NOT_HELPFUL_3}.`,
      '1.31': `${SIMULTANEOUSLY} preemption: ${NOT_HELPFUL_3}`,
      '1.35': `${SIMULTANEOUSLY}${DRA}${NOT_HELPFUL_3}`,
    },
  },
  {
    name: 'a metadata.name that names no node fails the cycle with the snapshot’s error up to 1.28.9 and 1.29.4, and is passed over after',
    pod: pod({
      priority: 10,
      required: [
        fieldTerm([req('metadata.name', 'In', 'a')]),
        fieldTerm([req('metadata.name', 'In', 'gone')]),
      ],
    }),
    cluster: THREE_NODES,
    summaries: {
      '1.28.7': 'nodeinfo not found for node name "gone"',
      '1.29.4': 'nodeinfo not found for node name "gone"',
      '1.28.10': `${TAINT_A_FILTERED_OUT} preemption: ${NOT_HELPFUL_3}.`,
      '1.28.11': `${TAINT_A} preemption: ${NOT_HELPFUL_3}.`,
      '1.31': `${TAINT_A} preemption: ${NOT_HELPFUL_3}`,
      '1.35': `0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 node(s) didn't satisfy plugin(s) [NodeAffinity].${DRA}${NOT_HELPFUL_3}`,
    },
  },
  {
    name: 'when no named node exists, 1.28.11 to 1.31 count no reason at all and write the bare head with its colon before the PostFilter part',
    pod: pod({ priority: 10, required: [fieldTerm([req('metadata.name', 'In', 'gone')])] }),
    cluster: THREE_NODES,
    summaries: {
      '1.28.9': 'nodeinfo not found for node name "gone"',
      '1.28.10': `0/3 nodes are available: 3 node is filtered out by the prefilter result. preemption: ${NOT_HELPFUL_3}.`,
      '1.28.11': `0/3 nodes are available: preemption: ${NOT_HELPFUL_3}.`,
      '1.30.1': `0/3 nodes are available: 3 node is filtered out by the prefilter result. preemption: ${NOT_HELPFUL_3}`,
      '1.30.2': `0/3 nodes are available: preemption: ${NOT_HELPFUL_3}`,
      '1.31': `0/3 nodes are available: preemption: ${NOT_HELPFUL_3}`,
      '1.32.0': `0/3 nodes are available: 3 node(s) didn't satisfy plugin(s) [NodeAffinity]. preemption: ${NOT_HELPFUL_3}`,
      '1.35': `0/3 nodes are available: 3 node(s) didn't satisfy plugin(s) [NodeAffinity].${DRA}${NOT_HELPFUL_3}`,
    },
  },
]
