import {
  REASON_EXISTING_ANTI_AFFINITY,
  REASON_POD_AFFINITY,
  REASON_POD_ANTI_AFFINITY,
  type PlacementPod,
} from '../../src/placement/index.js'
import { node, nominated, placed, pod, podTerm, selector, type Cluster } from './builders.js'

/**
 * Pods nominated to a node and not bound yet. The facts follow pkg/scheduler/framework/runtime
 * `RunFilterPluginsWithNominatedPods` and `addGENominatedPods` (the pods nominated to the node
 * judged, of equal or higher priority and not the pod itself, are added for a first pass; a
 * second pass without them must pass too; InterPodAffinity's PreFilter Skip also skips its AddPod
 * extension) and plugins/defaultpreemption `SelectVictimsOnNode` (nominated pods are never
 * victims; the filters after removing the victims run with the nominated pods).
 */

export interface NominatedCase {
  readonly name: string
  readonly pod: PlacementPod
  readonly cluster: Cluster
  /** Node name → the reason it is rejected for, null when it fits. */
  readonly expected: Readonly<Record<string, string | null>>
  readonly summary: string
  readonly candidates: readonly string[]
}

const web = { app: 'web' }
const ZONE_Z = { labels: { zone: 'z' } }
const TWO_IN_ZONE_Z = [node('a', ZONE_Z), node('b', ZONE_Z)]
/** An anti-affinity term matching nothing: InterPodAffinity's PreFilter does not Skip. */
const awayFromDb = [podTerm('zone', selector({ app: 'db' }))]
const awayFromWeb = [podTerm('zone', selector(web))]
const repelsWeb = (priority: number) =>
  nominated('a', { name: 'gate', priority, antiAffinity: awayFromWeb })
const preemptionTail = (message: string): string =>
  ` no new claims to deallocate, preemption: ${message}`
const ANTI_ON_ONE = "0/1 nodes are available: 1 node(s) didn't match pod anti-affinity rules."

const REPELLED_ON_A =
  "1/2 nodes are available: 1 node(s) didn't satisfy existing pods anti-affinity rules."

/** A web pod beside a pod nominated to a that repels web pods: added when its priority is not lower. */
function byPriority(name: string, podPriority: number, nominatedPriority: number): NominatedCase {
  const added = nominatedPriority >= podPriority
  return {
    name,
    pod: pod({ labels: web, priority: podPriority, antiAffinity: awayFromDb }),
    cluster: { nodes: TWO_IN_ZONE_Z, pods: [], nominated: [repelsWeb(nominatedPriority)] },
    expected: { a: added ? REASON_EXISTING_ANTI_AFFINITY : null, b: null },
    summary: added ? REPELLED_ON_A : '2/2 nodes are available.',
    candidates: [],
  }
}

export const NOMINATED_CASES: readonly NominatedCase[] = [
  byPriority(
    'a nominated pod of higher priority repels the pod with its anti-affinity on its own node only, not on another node of the zone',
    0,
    10
  ),
  byPriority('a nominated pod of equal priority is added too', 7, 7),
  byPriority('a nominated pod of lower priority is not added', 7, 6),
  {
    name: 'when InterPodAffinity PreFilter skips (no terms either way among the pods it counts), a nominated pod with anti-affinity is not looked at',
    pod: pod({ labels: web, priority: 0 }),
    cluster: { nodes: TWO_IN_ZONE_Z, pods: [], nominated: [repelsWeb(10)] },
    expected: { a: null, b: null },
    summary: '2/2 nodes are available.',
    candidates: [],
  },
  {
    name: 'the pod anti-affinity of the pod rejects the node a matching higher-priority pod is nominated to',
    pod: pod({ priority: 0, antiAffinity: awayFromWeb }),
    cluster: {
      nodes: TWO_IN_ZONE_Z,
      pods: [],
      nominated: [nominated('a', { labels: web, priority: 1 })],
    },
    expected: { a: REASON_POD_ANTI_AFFINITY, b: null },
    summary: "1/2 nodes are available: 1 node(s) didn't match pod anti-affinity rules.",
    candidates: [],
  },
  {
    name: 'a nominated pod cannot satisfy the pod affinity, since the pass without it must hold too',
    pod: pod({ priority: 0, affinity: [podTerm('zone', selector(web))] }),
    cluster: {
      nodes: TWO_IN_ZONE_Z,
      pods: [placed('a', { labels: { app: 'other' } })],
      nominated: [nominated('a', { labels: web, priority: 5 })],
    },
    expected: { a: REASON_POD_AFFINITY, b: REASON_POD_AFFINITY },
    summary:
      "0/2 nodes are available: 2 node(s) didn't match pod affinity rules." +
      preemptionTail('0/2 nodes are available: 2 Preemption is not helpful for scheduling.'),
    candidates: [],
  },
  {
    name: 'the pod nominated itself is never added against itself',
    pod: pod({ labels: web, priority: 0, antiAffinity: awayFromWeb }),
    cluster: {
      nodes: TWO_IN_ZONE_Z,
      pods: [],
      nominated: [nominated('a', { name: 'incoming', labels: web, priority: 0 })],
    },
    expected: { a: null, b: null },
    summary: '2/2 nodes are available.',
    candidates: [],
  },
  {
    name: 'in the preemption dry run a higher-priority nominated pod still repels after the victims are removed, so there is no candidate',
    pod: pod({ priority: 100, antiAffinity: awayFromWeb }),
    cluster: {
      nodes: [node('a', ZONE_Z)],
      pods: [placed('a', { labels: web, priority: 0 })],
      nominated: [nominated('a', { labels: web, priority: 200 })],
    },
    expected: { a: REASON_POD_ANTI_AFFINITY },
    summary: ANTI_ON_ONE + preemptionTail(ANTI_ON_ONE),
    candidates: [],
  },
  {
    name: 'in the preemption dry run a lower-priority nominated pod is not considered, so the node is a candidate',
    pod: pod({ priority: 100, antiAffinity: awayFromWeb }),
    cluster: {
      nodes: [node('a', ZONE_Z)],
      pods: [placed('a', { labels: web, priority: 0 })],
      nominated: [nominated('a', { labels: web, priority: 50 })],
    },
    expected: { a: REASON_POD_ANTI_AFFINITY },
    summary: ANTI_ON_ONE,
    candidates: ['a'],
  },
]
