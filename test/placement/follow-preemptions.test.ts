import { toleration } from '../core/builders.js'
import { node, selector } from './builders.js'
import {
  describeFollowCases,
  filler,
  SHAPE,
  SMALL,
  TAINT,
  tolerates,
  web,
  WEB_BUDGET,
  type FollowCase,
  type OwnedPod,
} from './follow-builders.js'

/**
 * Preemption in the forecast (src/placement follow-evictions.ts): a replacement that lands only
 * by preemption deletes its victims when it is placed (kube-scheduler's `prepareCandidate`, a
 * graceful delete); each victim is followed as an evicted pod is, against its budgets and to
 * where its own replacement lands or why it stays Pending; a pod is followed once.
 */

const DEDICATED = 'dedicated=batch:NoSchedule'

/** A Deployment's pod of 1 cpu at priority 100 on node a, evicted at once by the taint. */
const HIGH_WEB = web('web-1', 'a', {
  spec: { name: 'web-1', nodeName: 'a', requests: { cpu: '1' }, priority: 100 },
})

/** A ReplicaSet's pod of 2 cpu at priority 0 filling node b, tolerating the dedicated taint. */
const LOW_BATCH: OwnedPod = {
  spec: { name: 'low-1', nodeName: 'b', labels: { app: 'batch' }, requests: { cpu: '2' } },
  owner: { kind: 'ReplicaSet', name: 'low-rs' },
  tolerations: [toleration({ key: 'dedicated', operator: 'Exists', effect: 'NoSchedule' })],
}

/** A ReplicaSet's pod of 2 cpu at priority 0 on node a, tolerating the taint for 300 s. */
const LOW_ON_A: OwnedPod = {
  ...LOW_BATCH,
  spec: { ...LOW_BATCH.spec, name: 'low-a', nodeName: 'a' },
  tolerations: [tolerates('maint', 300)],
}

const BATCH_BUDGET = {
  ...WEB_BUDGET,
  name: 'batch-pdb',
  selector: selector({ app: 'batch' }),
  disruptionsAllowed: 0,
}
/** Room for the pods the taint evicts from it. */
const WIDE = { allocatable: { cpu: '8', memory: '16Gi', pods: '110' } }

/** Two pods of ReplicaSet low-rs at priority 0 on node a, 1 cpu each, evicted at once. */
const LOW_PAIR_ON_A: readonly OwnedPod[] = ['low-1', 'low-2'].map((name) => ({
  spec: { name, nodeName: 'a', labels: { app: 'low' }, requests: { cpu: '1' }, priority: 0 },
  owner: { kind: 'ReplicaSet', name: 'low-rs' },
}))

/** A pod of 2 cpu at priority 100 on node a, tolerating the taint for 10 s. */
const HIGH_LATER: OwnedPod = {
  spec: { name: 'high-1', nodeName: 'a', requests: { cpu: '2' }, priority: 100 },
  owner: { kind: 'ReplicaSet', name: 'high-rs' },
  tolerations: [tolerates('maint', 10)],
}

/** A pod of 1 cpu at priority 100 on node a, tolerating the taint for `seconds`. */
const HALF_HIGH = (seconds: number): OwnedPod => ({
  spec: { name: `half-${seconds}`, nodeName: 'a', requests: { cpu: '1' }, priority: 100 },
  owner: { kind: 'ReplicaSet', name: `half-${seconds}-rs` },
  tolerations: [tolerates('maint', seconds)],
})

/** Where low-rs's replacements go once preempted from b: nowhere (c's filler outranks them). */
const LOW_PENDING =
  '0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 Insufficient cpu. no new claims to deallocate, preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod.'

const PREEMPTION_CASES: readonly FollowCase[] = [
  {
    name: 'a replacement of higher priority that fits nowhere preempts a lower-priority pod where the default profile would',
    nodes: [node('a', SHAPE), node('b', SHAPE)],
    pods: [
      web('web-1', 'a', {
        spec: { name: 'web-1', nodeName: 'a', requests: { cpu: '1' }, priority: 100 },
      }),
      filler('b'),
    ],
    taint: TAINT,
    on: ['a'],
    expected: [
      'web-1 @0: ReplicaSet makes web-rs-new1 @0 on b, preempting default/filler-b',
      'filler-b @0 (preempted by web-rs-new1): nothing makes none (a bare pod: nothing recreates it)',
    ],
  },
  {
    name: 'a preempted ReplicaSet pod is deleted when its preemptor is placed, and its own replacement lands on a node the preemptor could not use',
    nodes: [node('a', SHAPE), node('b', SHAPE), node('c', { ...SHAPE, taints: [DEDICATED] })],
    pods: [HIGH_WEB, LOW_BATCH],
    taint: TAINT,
    on: ['a'],
    budgets: [BATCH_BUDGET],
    expected: [
      'web-1 @0: ReplicaSet makes web-rs-new1 @0 on b, preempting default/low-1',
      'low-1 @0 (preempted by web-rs-new1): ReplicaSet makes low-rs-new2 @0 on c',
    ],
    budgetsExpected: ['default/batch-pdb: broken @0'],
  },
  {
    name: 'a preempted pod whose replacement fits nowhere stays Pending with the message explain gives, and preempts nothing of higher priority',
    nodes: [node('a', SHAPE), node('b', SHAPE), node('c', { ...SMALL, taints: [DEDICATED] })],
    pods: [HIGH_WEB, LOW_BATCH],
    taint: TAINT,
    on: ['a'],
    expected: [
      'web-1 @0: ReplicaSet makes web-rs-new1 @0 on b, preempting default/low-1',
      'low-1 @0 (preempted by web-rs-new1): ReplicaSet makes low-rs-new2 @0, Pending: 0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 Insufficient cpu. no new claims to deallocate, preemption: 0/3 nodes are available: 1 No preemption victims found for incoming pod, 2 Preemption is not helpful for scheduling.',
    ],
  },
  {
    name: 'a preempted pod holds its node for its grace period beside the nominated preemptor, so a later replacement finds no room there',
    nodes: [node('a', SHAPE), node('b', SHAPE)],
    pods: [
      { ...HIGH_WEB, createdAt: '2026-01-01T00:00:00Z' },
      web('tiny-1', 'a', { createdAt: '2026-02-01T00:00:00Z' }),
      { spec: { name: 'low-b', nodeName: 'b', requests: { cpu: '1500m' }, priority: 0 } },
    ],
    taint: TAINT,
    on: ['a'],
    expected: [
      'web-1 @0: ReplicaSet makes web-rs-new1 @0 on b, preempting default/low-b',
      // b: low-b terminating (1.5 cpu) and web-rs-new1 (1 cpu); with low-b gone, 1 cpu were free.
      'tiny-1 @0: ReplicaSet makes web-rs-new2 @0, Pending: 0/2 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint(s). no new claims to deallocate, preemption: 0/2 nodes are available: 1 No preemption victims found for incoming pod, 1 Preemption is not helpful for scheduling.',
      'low-b @0 (preempted by web-rs-new1): nothing makes none (a bare pod: nothing recreates it)',
    ],
  },
  {
    name: 'a pod preempted before the taint would evict it is followed once: its planned eviction names the preemption instead',
    nodes: [node('a', SHAPE), node('b', SHAPE)],
    pods: [
      web('web-1', 'b', {
        tolerations: [tolerates('maint', 10)],
        spec: { name: 'web-1', nodeName: 'b', requests: { cpu: '1' }, priority: 100 },
      }),
      {
        spec: { name: 'keeper', nodeName: 'b', requests: { cpu: '1' }, priority: 1000 },
        tolerations: [tolerates('maint')],
      },
      LOW_ON_A,
    ],
    taint: TAINT,
    on: ['a', 'b'],
    expected: [
      'web-1 @10: ReplicaSet makes web-rs-new1 @10 on a, preempting default/low-a, evicted again after 10s',
      // The taint would have evicted low-a at +300 s; by then it is gone.
      'low-a @never: nothing makes none (preempted at +10 s by web-rs-new1 (its own row))',
      // b holds web-1 for its grace period beside keeper; a holds web-1's replacement.
      'low-a @10 (preempted by web-rs-new1): ReplicaSet makes low-rs-new2 @10, Pending: 0/2 nodes are available: 2 Insufficient cpu. no new claims to deallocate, preemption: 0/2 nodes are available: 2 No preemption victims found for incoming pod.',
    ],
  },
  {
    name: 'two replacements of one ReplicaSet, numbered as the tools number them, preempted together on one node are both deleted, both followed and each named',
    sameNewNames: true,
    mode: 'reject',
    nodes: [node('a', WIDE), node('b', SHAPE), node('c', SHAPE)],
    pods: [...LOW_PAIR_ON_A, HIGH_LATER, filler('c', 1000)],
    taint: TAINT,
    on: ['a'],
    expected: [
      'low-1 @0: ReplicaSet makes low-rs-<new-1> @0 on b',
      'low-2 @0: ReplicaSet makes low-rs-<new-2> @0 on b',
      'high-1 @10: ReplicaSet makes high-rs-<new-1> @10 on b, preempting default/low-rs-<new-1>,default/low-rs-<new-2>',
      `low-rs-<new-1> @10 (preempted by high-rs-<new-1>): ReplicaSet makes low-rs-<new-3> @10, Pending: ${LOW_PENDING}`,
      `low-rs-<new-2> @10 (preempted by high-rs-<new-1>): ReplicaSet makes low-rs-<new-4> @10, Pending: ${LOW_PENDING}`,
    ],
  },
  {
    name: 'two replacements of one ReplicaSet, numbered, preempted one at a time by two later replacements are each deleted, followed and named',
    sameNewNames: true,
    mode: 'reject',
    nodes: [node('a', WIDE), node('b', SHAPE), node('c', SHAPE)],
    pods: [...LOW_PAIR_ON_A, HALF_HIGH(10), HALF_HIGH(20), filler('c', 1000)],
    taint: TAINT,
    on: ['a'],
    expected: [
      'low-1 @0: ReplicaSet makes low-rs-<new-1> @0 on b',
      'low-2 @0: ReplicaSet makes low-rs-<new-2> @0 on b',
      'half-10 @10: ReplicaSet makes half-10-rs-<new-1> @10 on b, preempting default/low-rs-<new-2>',
      // low-rs-<new-2>, terminating on b for its 30 s, is a victim again (upstream takes every
      // pod of lower priority), and followed once; low-rs-<new-1> is followed now.
      'half-20 @20: ReplicaSet makes half-20-rs-<new-1> @20 on b, preempting default/low-rs-<new-1>,default/low-rs-<new-2>',
      `low-rs-<new-2> @10 (preempted by half-10-rs-<new-1>): ReplicaSet makes low-rs-<new-3> @10, Pending: ${LOW_PENDING}`,
      `low-rs-<new-1> @20 (preempted by half-20-rs-<new-1>): ReplicaSet makes low-rs-<new-4> @20, Pending: ${LOW_PENDING}`,
    ],
  },
]

describeFollowCases('the forecast follows the pods a replacement preempts', PREEMPTION_CASES)
