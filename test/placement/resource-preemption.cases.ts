import type { DisruptionBudget, PlacementPod } from '../../src/placement/index.js'
import { node, placed, pod, selector, type Cluster } from './builders.js'

/**
 * DefaultPreemption for NodeResourcesFit and NodePorts, with the facts of defaultpreemption
 * default_preemption_test.go `TestSelectBestCandidate`/`TestDryRunPreemption` rows and
 * `SelectVictimsOnNode`: the lower-priority pods are removed, the pod judged again, then put
 * back one by one, those whose eviction would violate a PodDisruptionBudget first, each group
 * from the most important (`MoreImportantPod`: priority, then the earlier start).
 */

export interface ResourcePreemptionCase {
  readonly name: string
  readonly pod: PlacementPod
  readonly cluster: Cluster
  /** Node → the victims upstream evicts there (namespace/name); absent: no candidate. */
  readonly victims: Readonly<Record<string, readonly string[]>>
  readonly summary: string
}

const CPU_10M = { allocatable: { cpu: '10m', memory: '1Gi', pods: '110' } }
const tail = ' no new claims to deallocate, preemption: '

function budget(app: string, disruptionsAllowed: number): DisruptionBudget {
  return {
    namespace: 'default',
    name: `pdb-${app}`,
    selector: selector({ app }),
    disruptionsAllowed,
    disruptedPods: new Set(),
  }
}

/** Two pods of 5m each fill node n; the incoming pod needs 5m. */
function twoHalves(budgets: readonly DisruptionBudget[]): Cluster {
  return {
    nodes: [node('n', CPU_10M)],
    pods: [
      placed('n', {
        name: 'low',
        labels: { app: 'low' },
        priority: 0,
        requests: { cpu: '5m' },
        startTime: '2026-01-01T00:00:00Z',
      }),
      placed('n', {
        name: 'mid',
        labels: { app: 'mid' },
        priority: 1,
        requests: { cpu: '5m' },
        startTime: '2026-01-02T00:00:00Z',
      }),
    ],
    budgets,
  }
}

const needs5m = pod({ priority: 10, requests: { cpu: '5m' } })

export const RESOURCE_PREEMPTION_CASES: readonly ResourcePreemptionCase[] = [
  {
    name: 'the more important pod is reprieved first, so the lower-priority one is the victim',
    pod: needs5m,
    cluster: twoHalves([]),
    victims: { n: ['default/low'] },
    summary: '0/1 nodes are available: 1 Insufficient cpu.',
  },
  {
    name: 'a pod whose eviction would violate its budget is reprieved first, even of lower priority',
    pod: needs5m,
    cluster: twoHalves([budget('low', 0)]),
    victims: { n: ['default/mid'] },
    summary: '0/1 nodes are available: 1 Insufficient cpu.',
  },
  {
    name: 'a budget that still allows a disruption does not change the order',
    pod: needs5m,
    cluster: twoHalves([budget('low', 1)]),
    victims: { n: ['default/low'] },
    summary: '0/1 nodes are available: 1 Insufficient cpu.',
  },
  {
    name: 'both pods go when the pod needs the whole node',
    pod: pod({ priority: 10, requests: { cpu: '10m' } }),
    cluster: twoHalves([]),
    victims: { n: ['default/mid', 'default/low'] },
    summary: '0/1 nodes are available: 1 Insufficient cpu.',
  },
  {
    name: 'a request above the allocatable is unresolvable: preemption is not helpful',
    pod: pod({ priority: 10, requests: { cpu: '11m' } }),
    cluster: twoHalves([]),
    victims: {},
    summary:
      '0/1 nodes are available: 1 Insufficient cpu.' +
      tail +
      '0/1 nodes are available: 1 Preemption is not helpful for scheduling.',
  },
  {
    name: 'pods of equal priority are no victims',
    pod: pod({ priority: 1, requests: { cpu: '10m' } }),
    cluster: {
      nodes: [node('n', CPU_10M)],
      pods: [placed('n', { name: 'peer', priority: 1, requests: { cpu: '1m' } })],
      budgets: [],
    },
    victims: {},
    summary:
      '0/1 nodes are available: 1 Insufficient cpu.' +
      tail +
      '0/1 nodes are available: 1 No preemption victims found for incoming pod.',
  },
  {
    name: 'the lower-priority pod holding the host port is the victim',
    pod: pod({ priority: 10, hostPorts: [{ protocol: 'TCP', hostIP: '', hostPort: 80 }] }),
    cluster: {
      nodes: [node('n', CPU_10M)],
      pods: [
        placed('n', {
          name: 'holder',
          priority: 0,
          hostPorts: [{ protocol: 'TCP', hostIP: '', hostPort: 80 }],
        }),
        placed('n', { name: 'bystander', priority: 0 }),
      ],
      budgets: [],
    },
    victims: { n: ['default/holder'] },
    summary:
      "0/1 nodes are available: 1 node(s) didn't have free ports for the requested pod ports.",
  },
  {
    name: 'when removing every lower-priority pod is not enough, the filter reason is the dry run reason',
    pod: pod({ priority: 10, requests: { cpu: '8m' } }),
    cluster: {
      nodes: [node('n', CPU_10M)],
      pods: [
        placed('n', { name: 'high', priority: 100, requests: { cpu: '5m' } }),
        placed('n', { name: 'low', priority: 0, requests: { cpu: '1m' } }),
      ],
      budgets: [],
    },
    victims: {},
    summary:
      '0/1 nodes are available: 1 Insufficient cpu.' +
      tail +
      '0/1 nodes are available: 1 Insufficient cpu.',
  },
]
