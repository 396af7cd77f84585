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
]

describeFollowCases('the forecast follows the pods a replacement preempts', PREEMPTION_CASES)
