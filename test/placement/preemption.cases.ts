import { expect } from 'vitest'
import { REASON_UNTOLERATED_TAINT } from '../../src/core/index.js'
import {
  REASON_EXISTING_ANTI_AFFINITY,
  REASON_POD_ANTI_AFFINITY,
  type PlacementPod,
} from '../../src/placement/index.js'
import { node, placed, pod, podTerm, selector, type Cluster } from './builders.js'

/**
 * DefaultPreemption after a node is turned away by inter-pod anti-affinity alone. The facts
 * follow pkg/scheduler/framework/plugins/defaultpreemption `SelectVictimsOnNode` and its tests
 * (a victim's priority must be strictly lower; a node with no victim is "No preemption victims
 * found for incoming pod"; the filters run again without the victims) and preemption.go
 * `Evaluator.Preempt` (a candidate means a nominated node and no message part; no candidate
 * means the dry run's FitError, the untried nodes counting as "Preemption is not helpful").
 */

export interface PreemptionCase {
  readonly name: string
  readonly pod: PlacementPod
  readonly cluster: Cluster
  /** Node name → the reason it is rejected for. */
  readonly expected: Readonly<Record<string, string>>
  readonly summary: string
  readonly candidates: readonly string[]
  /** The not-judged entry naming why the preemption part is unknown; null when it is known. */
  readonly notJudged: RegExp | null
}

const ZONE_Z = { labels: { zone: 'z', hostname: 'a' } }
const web = { app: 'web' }
const awayFromWeb = { antiAffinity: [podTerm('zone', selector(web))] }
const tail = (message: string): string => ` no new claims to deallocate, preemption: ${message}`

/** Node a repelled by a pod of the same priority, node b tainted: no victim, no help. */
const EQUAL_PRIORITY_BESIDE_A_TAINTED_NODE = {
  cluster: {
    nodes: [node('a', ZONE_Z), node('b', { taints: ['x=y:NoSchedule'] })],
    pods: [placed('a', { labels: web, priority: 5 })],
  },
  expected: { a: REASON_POD_ANTI_AFFINITY, b: REASON_UNTOLERATED_TAINT },
  summary:
    "0/2 nodes are available: 1 node(s) didn't match pod anti-affinity rules, 1 node(s) had untolerated taint(s)." +
    tail(
      '0/2 nodes are available: 1 No preemption victims found for incoming pod, 1 Preemption is not helpful for scheduling.'
    ),
  candidates: [],
  notJudged: null,
} as const

export const PREEMPTION_CASES: readonly PreemptionCase[] = [
  {
    name: 'evicting the lower-priority pod that repels the pod makes room, so a node is nominated and nothing is appended',
    pod: pod({ ...awayFromWeb, priority: 100 }),
    cluster: { nodes: [node('a', ZONE_Z)], pods: [placed('a', { labels: web, priority: 0 })] },
    expected: { a: REASON_POD_ANTI_AFFINITY },
    summary: "0/1 nodes are available: 1 node(s) didn't match pod anti-affinity rules.",
    candidates: ['a'],
    notJudged: null,
  },
  {
    name: 'a placed pod of equal priority is no victim, since a victim must have a strictly lower one',
    pod: pod({ ...awayFromWeb, priority: 0 }),
    cluster: { nodes: [node('a', ZONE_Z)], pods: [placed('a', { labels: web, priority: 0 })] },
    expected: { a: REASON_POD_ANTI_AFFINITY },
    summary:
      "0/1 nodes are available: 1 node(s) didn't match pod anti-affinity rules." +
      tail('0/1 nodes are available: 1 No preemption victims found for incoming pod.'),
    candidates: [],
    notJudged: null,
  },
  {
    name: 'a repelling pod on another node of the zone survives the eviction, so the node keeps its Filter reason',
    pod: pod({ ...awayFromWeb, priority: 100 }),
    cluster: {
      nodes: [node('a', ZONE_Z), node('b', { labels: { zone: 'z', hostname: 'b' } })],
      pods: [
        placed('a', { name: 'batch', labels: { app: 'batch' }, priority: 0 }),
        placed('b', { labels: web, priority: 1000 }),
      ],
    },
    expected: { a: REASON_POD_ANTI_AFFINITY, b: REASON_POD_ANTI_AFFINITY },
    summary:
      "0/2 nodes are available: 2 node(s) didn't match pod anti-affinity rules." +
      tail(
        "0/2 nodes are available: 1 No preemption victims found for incoming pod, 1 node(s) didn't match pod anti-affinity rules."
      ),
    candidates: [],
    notJudged: null,
  },
  {
    name: "evicting a lower-priority pod whose own anti-affinity repels the pod lifts the existing pods' rule",
    pod: pod({ labels: { app: 'new' }, priority: 10 }),
    cluster: {
      nodes: [node('a', ZONE_Z), node('b', { taints: ['x=y:NoSchedule'] })],
      pods: [
        placed('a', {
          antiAffinity: [podTerm('hostname', selector({ app: 'new' }))],
          priority: 0,
        }),
      ],
    },
    expected: { a: REASON_EXISTING_ANTI_AFFINITY, b: REASON_UNTOLERATED_TAINT },
    summary:
      "0/2 nodes are available: 1 node(s) didn't satisfy existing pods anti-affinity rules, 1 node(s) had untolerated taint(s).",
    candidates: ['a'],
    notJudged: null,
  },
  {
    name: 'nodes preemption cannot help count as not helpful beside the statuses of the dry run',
    pod: pod({ ...awayFromWeb, priority: 5 }),
    ...EQUAL_PRIORITY_BESIDE_A_TAINTED_NODE,
  },
  {
    name: 'evicting the only pod that met the pod affinity leaves the node failing affinity, which the dry run reports',
    pod: pod({ ...awayFromWeb, affinity: [podTerm('zone', selector({ app: 'db' }))], priority: 9 }),
    cluster: {
      nodes: [node('a', ZONE_Z)],
      pods: [
        placed('a', { name: 'db', labels: { app: 'db' }, priority: 1 }),
        placed('a', { name: 'web', labels: web, priority: 1 }),
      ],
    },
    expected: { a: REASON_POD_ANTI_AFFINITY },
    summary:
      "0/1 nodes are available: 1 node(s) didn't match pod anti-affinity rules." +
      tail("0/1 nodes are available: 1 node(s) didn't match pod affinity rules."),
    candidates: [],
    notJudged: null,
  },
  {
    name: 'without spec.priority on the pod the preemption part is not judged, and says why',
    pod: pod(awayFromWeb),
    cluster: { nodes: [node('a', ZONE_Z)], pods: [placed('a', { labels: web, priority: 0 })] },
    expected: { a: REASON_POD_ANTI_AFFINITY },
    summary: "0/1 nodes are available: 1 node(s) didn't match pod anti-affinity rules.",
    candidates: [],
    notJudged: /spec\.priority of default\/incoming is not set/,
  },
  {
    name: 'without spec.priority on a pod of a node preemption might help, the part is not judged',
    pod: pod({ ...awayFromWeb, priority: 100 }),
    cluster: { nodes: [node('a', ZONE_Z)], pods: [placed('a', { labels: web })] },
    expected: { a: REASON_POD_ANTI_AFFINITY },
    summary: "0/1 nodes are available: 1 node(s) didn't match pod anti-affinity rules.",
    candidates: [],
    notJudged: /spec\.priority of default\/on-a is not set/,
  },
  {
    name: 'a pod nominated to a node preemption might help waits on its terminating pods, which are not read',
    pod: pod({ ...awayFromWeb, priority: 100, nominatedNodeName: 'a' }),
    cluster: { nodes: [node('a', ZONE_Z)], pods: [placed('a', { labels: web, priority: 0 })] },
    expected: { a: REASON_POD_ANTI_AFFINITY },
    summary: "0/1 nodes are available: 1 node(s) didn't match pod anti-affinity rules.",
    candidates: [],
    notJudged: /nominated to a/,
  },
  {
    name: 'a pod nominated to a node preemption cannot help is judged as any other',
    pod: pod({ ...awayFromWeb, priority: 5, nominatedNodeName: 'b' }),
    ...EQUAL_PRIORITY_BESIDE_A_TAINTED_NODE,
  },
]

/** The checks every implementation's answer to a row must pass. */
export function expectPreemptionOutcome(
  c: PreemptionCase,
  diagnosis: {
    nodes: readonly { name: string; reason: string | null }[]
    summary: string
    preemptionCandidates: readonly { node: string }[]
    notJudged: readonly string[]
  }
): void {
  expect(Object.fromEntries(diagnosis.nodes.map((n) => [n.name, n.reason]))).toEqual(c.expected)
  expect(diagnosis.summary).toBe(c.summary)
  expect(diagnosis.preemptionCandidates.map((n) => n.node)).toEqual(c.candidates)
  const entry = diagnosis.notJudged.find((n) => n.startsWith('preemption'))
  if (c.notJudged === null) expect(entry).toBeUndefined()
  else expect(entry).toMatch(c.notJudged)
}
