import { node } from './builders.js'
import { claim, inZone, volume, ZONE } from './volume-plugins.cases.js'
import { free } from './volume-binding-waiting.cases.js'
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
 * The forecast engine's semantics (src/placement follow-evictions.ts): who replaces each evicted
 * pod (eviction-and-drain.md §2), where the replacement lands as the default profile places it,
 * how long the evicted pod holds its node (§2.7), the eviction loop with and without the
 * extender's reject mode, and the budgets broken (§4.1).
 */

const THREE = [node('a', SHAPE), node('b', SHAPE), node('c', SHAPE)]

/** A ReplicaSet's pod of 1 cpu on node a, tolerating the taint for 60 s. */
const WEB_1_CPU_FOR_60S = web('web-1', 'a', {
  tolerations: [tolerates('maint', 60)],
  spec: { name: 'web-1', nodeName: 'a', requests: { cpu: '1' } },
})

/** Nodes a in zone z1, b and c in z2, d in z1. */
const ZONED = [
  node('a', { ...SHAPE, labels: { [ZONE]: 'z1' } }),
  node('b', { ...SHAPE, labels: { [ZONE]: 'z2' } }),
  node('c', { ...SHAPE, labels: { [ZONE]: 'z2' } }),
  node('d', { ...SHAPE, labels: { [ZONE]: 'z1' } }),
]

/** A StatefulSet's pod on node a whose claim is bound to a volume pinned to zone z1. */
const DB_0_IN_Z1: OwnedPod = {
  spec: {
    name: 'db-0',
    nodeName: 'a',
    volumeClaims: [{ claimName: 'data-db-0', ephemeral: false }],
  },
  owner: { kind: 'StatefulSet', name: 'db' },
}
const DB_STORAGE: FollowCase['storage'] = {
  claims: [claim('data-db-0', { volumeName: 'pv-db-0' })],
  classes: [],
  volumes: [volume('pv-db-0', { nodeAffinity: inZone('z1') })],
}

const GI = 2n ** 30n * 1_000_000_000n

/**
 * A ReplicaSet's pod on node a with a generic ephemeral volume whose claim, of class `local`
 * (waiting for its first consumer), its controller makes for each new pod from the template.
 */
function scratchPod(name: string): OwnedPod {
  const facts = { namespace: '', uid: '', volumeName: '', bindCompleted: false }
  const made = claim('', { ...facts, className: 'local', storageRequest: GI })
  const template = { volumeName: 'scratch', claim: made, classUnset: false }
  const notMade = { claimName: `${name}-scratch`, ephemeral: true, template, notCreated: true }
  const owner = { kind: 'ReplicaSet', name: 'cache-rs' } as const
  return { spec: { name, nodeName: 'a', volumeClaims: [notMade] }, owner }
}

/** Class local, and one free volume of it in zone z2. */
const ONE_FREE_IN_Z2: FollowCase['storage'] = {
  claims: [],
  classes: [
    { name: 'local', waitForFirstConsumer: true, provisioner: 'kubernetes.io/no-provisioner' },
  ],
  volumes: [free('pv-z2', 'z2', 1)],
}

const FOLLOW_CASES: readonly FollowCase[] = [
  {
    name: "a Deployment's pod evicted at once is replaced by its ReplicaSet on the untainted nodes, every feasible node tied",
    nodes: THREE,
    pods: [web('web-1', 'a')],
    taint: TAINT,
    on: ['a'],
    expected: ['web-1 @0: ReplicaSet makes web-rs-new1 @0 on b (tied b,c)'],
  },
  {
    name: 'a bare pod evicted is gone: nothing makes none (a bare pod: nothing recreates it)',
    nodes: THREE,
    pods: [{ spec: { name: 'solo', nodeName: 'a' } }],
    taint: TAINT,
    on: ['a'],
    expected: ['solo @0: nothing makes none (a bare pod: nothing recreates it)'],
  },
  {
    name: "a Job's replacement is made after the failure back-off of 10 s",
    nodes: THREE,
    pods: [{ spec: { name: 'batch-1', nodeName: 'a' }, owner: { kind: 'Job', name: 'batch' } }],
    taint: TAINT,
    on: ['a'],
    expected: ['batch-1 @0: Job makes batch-new1 @10 on b (tied b,c)'],
  },
  {
    name: "replacements are placed when their owners make them: a ReplicaSet's, made at a later eviction, before a Job's made after its back-off, and takes the last room",
    nodes: [node('a', SHAPE), node('b', SMALL), node('c', SHAPE)],
    pods: [
      filler('c'),
      {
        spec: { name: 'batch-1', nodeName: 'a', requests: { cpu: '1' } },
        owner: { kind: 'Job', name: 'batch' },
      },
      web('web-1', 'a', {
        tolerations: [tolerates('maint', 5)],
        spec: { name: 'web-1', nodeName: 'a', requests: { cpu: '1' } },
      }),
    ],
    taint: TAINT,
    on: ['a'],
    expected: [
      'batch-1 @0: Job makes batch-new1 @10, Pending: 0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 Insufficient cpu. no new claims to deallocate, preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod.',
      'web-1 @5: ReplicaSet makes web-rs-new2 @5 on b',
    ],
  },
  {
    name: 'a DaemonSet that does not tolerate the new taint makes no pod for that node again',
    nodes: THREE,
    pods: [
      {
        spec: { name: 'agent-a', nodeName: 'a' },
        owner: {
          kind: 'DaemonSet',
          name: 'agent',
          declines: 'it does not tolerate maint=yes:NoExecute',
        },
      },
    ],
    taint: TAINT,
    on: ['a'],
    expected: ['agent-a @0: DaemonSet makes none (it does not tolerate maint=yes:NoExecute)'],
  },
  {
    name: 'pods go in the order of their tolerationSeconds, then of their creation, whatever the order they were read in',
    nodes: THREE,
    pods: [
      { spec: { name: 'late', nodeName: 'a' }, tolerations: [tolerates('maint', 300)] },
      { spec: { name: 'young', nodeName: 'a' }, createdAt: '2026-02-01T00:00:00Z' },
      { spec: { name: 'old', nodeName: 'a' }, createdAt: '2026-01-01T00:00:00Z' },
      { spec: { name: 'stays', nodeName: 'a' }, tolerations: [tolerates('maint')] },
    ],
    taint: TAINT,
    on: ['a'],
    expected: [
      'old @0: nothing makes none (a bare pod: nothing recreates it)',
      'young @0: nothing makes none (a bare pod: nothing recreates it)',
      'late @300: nothing makes none (a bare pod: nothing recreates it)',
    ],
  },
  {
    name: 'a replacement tolerating the taint for a while lands back on the tainted node and is evicted again: the eviction loop',
    nodes: [node('a', SHAPE), node('b', SHAPE)],
    pods: [web('web-1', 'a', { tolerations: [tolerates('maint', 20)] }), filler('b')],
    taint: TAINT,
    on: ['a'],
    expected: ['web-1 @20: ReplicaSet makes web-rs-new1 @20 on a, evicted again after 20s'],
  },
  {
    name: "with the extender's reject mode the loop cannot start: the tainted node is turned away and the replacement stays Pending",
    nodes: [node('a', SHAPE), node('b', SHAPE)],
    pods: [web('web-1', 'a', { tolerations: [tolerates('maint', 20)] }), filler('b')],
    taint: TAINT,
    on: ['a'],
    mode: 'reject',
    expected: [
      'web-1 @20: ReplicaSet makes web-rs-new1 @20, Pending: 0/2 nodes are available: 1 Insufficient cpu, 1 node(s) had a NoExecute taint the pod tolerates only for a while. no new claims to deallocate, preemption: 0/2 nodes are available: 1 No preemption victims found for incoming pod, 1 Preemption is not helpful for scheduling.',
    ],
  },
  {
    name: "with the extender's reject mode a replacement that would come back to the tainted node lands on a node it can stay on",
    nodes: THREE,
    pods: [web('web-1', 'a', { tolerations: [tolerates('maint', 20)] }), filler('b')],
    taint: TAINT,
    on: ['a'],
    mode: 'reject',
    expected: ['web-1 @20: ReplicaSet makes web-rs-new1 @20 on c'],
  },
  {
    name: "a StatefulSet's pod is made again only once the old one is gone, so it takes back the room the old one held",
    nodes: [node('a', SMALL), node('b', SHAPE)],
    pods: [
      {
        spec: { name: 'db-0', nodeName: 'a', requests: { cpu: '1' } },
        tolerations: [tolerates('maint', 60)],
        owner: { kind: 'StatefulSet', name: 'db' },
      },
      filler('b'),
    ],
    taint: TAINT,
    on: ['a'],
    expected: ['db-0 @60: StatefulSet makes db-0 @90 on a, evicted again after 60s'],
  },
  {
    name: "a StatefulSet's pod whose claim is bound to a volume in the tainted node's zone stays Pending when no other node is in that zone",
    nodes: ZONED.slice(0, 3),
    pods: [DB_0_IN_Z1],
    taint: TAINT,
    on: ['a'],
    storage: DB_STORAGE,
    expected: [
      'db-0 @0: StatefulSet makes db-0 @30, Pending: 0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 node(s) had volume node affinity conflict. no new claims to deallocate, preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.',
    ],
  },
  {
    name: "a StatefulSet's pod whose claim is bound to a volume in the tainted node's zone lands on that zone's other node",
    nodes: ZONED,
    pods: [DB_0_IN_Z1],
    taint: TAINT,
    on: ['a'],
    storage: DB_STORAGE,
    expected: ['db-0 @0: StatefulSet makes db-0 @30 on d'],
  },
  {
    name: 'a replacement takes the one free volume its claim, waiting for its first consumer, matches, assumed bound: the next replacement finds none and stays Pending',
    nodes: ZONED,
    pods: [scratchPod('cache-1'), scratchPod('cache-2')],
    taint: TAINT,
    on: ['a'],
    storage: ONE_FREE_IN_Z2,
    expected: [
      'cache-1 @0: ReplicaSet makes cache-rs-new1 @0 on b (tied b,c)',
      "cache-2 @0: ReplicaSet makes cache-rs-new2 @0, Pending: 0/4 nodes are available: 1 node(s) had untolerated taint(s), 3 node(s) didn't find available persistent volumes to bind. no new claims to deallocate, preemption: 0/4 nodes are available: 4 Preemption is not helpful for scheduling.",
    ],
  },
  {
    name: "without the claims read, the same StatefulSet's pod lands on any untainted node, its volumes left unjudged",
    nodes: ZONED,
    pods: [DB_0_IN_Z1],
    taint: TAINT,
    on: ['a'],
    expected: ['db-0 @0: StatefulSet makes db-0 @30 on b (tied b,c,d)'],
  },
  {
    name: "a ReplicaSet's replacement is made while the old pod still terminates on its node, so it stays Pending for cpu there",
    nodes: [node('a', SMALL), node('b', SHAPE)],
    pods: [WEB_1_CPU_FOR_60S, filler('b')],
    taint: TAINT,
    on: ['a'],
    expected: [
      'web-1 @60: ReplicaSet makes web-rs-new1 @60, Pending: 0/2 nodes are available: 2 Insufficient cpu. no new claims to deallocate, preemption: 0/2 nodes are available: 2 No preemption victims found for incoming pod.',
    ],
  },
  {
    name: "a pod whose grace period is 0 s leaves its node at once, so its ReplicaSet's replacement can take the room back",
    nodes: [node('a', SMALL), node('b', SHAPE)],
    pods: [{ ...WEB_1_CPU_FOR_60S, grace: 0 }, filler('b')],
    taint: TAINT,
    on: ['a'],
    expected: ['web-1 @60: ReplicaSet makes web-rs-new1 @60 on a, evicted again after 60s'],
  },
  {
    name: 'a terminating pod holds its node for the default grace period of 30 s only: a later replacement uses the room it left',
    nodes: [node('a', SHAPE), node('b', SHAPE)],
    pods: [
      { spec: { name: 'gone-first', nodeName: 'a', requests: { cpu: '1' } } },
      WEB_1_CPU_FOR_60S,
      filler('b'),
    ],
    taint: TAINT,
    on: ['a'],
    expected: [
      'gone-first @0: nothing makes none (a bare pod: nothing recreates it)',
      'web-1 @60: ReplicaSet makes web-rs-new1 @60 on a, evicted again after 60s',
    ],
  },
  {
    name: 'a budget allowing one disruption is broken when two of its pods go at the same second: taint eviction ignores budgets',
    nodes: THREE,
    pods: [web('web-1', 'a'), web('web-2', 'a'), web('web-3', 'b')],
    taint: TAINT,
    on: ['a'],
    budgets: [WEB_BUDGET],
    expected: [
      // web-3 on b: LeastAllocated and BalancedAllocation rank the empty c first.
      'web-1 @0: ReplicaSet makes web-rs-new1 @0 on c',
      'web-2 @0: ReplicaSet makes web-rs-new2 @0 on b (tied b,c)',
    ],
    budgetsExpected: ['default/web-pdb: broken @0'],
  },
  {
    name: 'a budget is kept when the first replacement has landed before the second eviction',
    nodes: THREE,
    pods: [web('web-1', 'a'), web('web-2', 'a', { tolerations: [tolerates('maint', 300)] })],
    taint: TAINT,
    on: ['a'],
    budgets: [WEB_BUDGET],
    expected: [
      'web-1 @0: ReplicaSet makes web-rs-new1 @0 on b (tied b,c)',
      // The first replacement is counted on b, web-2 still terminates on a: c is the emptiest.
      'web-2 @300: ReplicaSet makes web-rs-new2 @300 on c',
    ],
    budgetsExpected: ['default/web-pdb: kept'],
  },
]

describeFollowCases('the forecast of what a taint does next, eviction by eviction', FOLLOW_CASES)
