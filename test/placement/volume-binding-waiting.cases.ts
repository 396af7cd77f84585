import type {
  ClaimFacts,
  CsiDriverFacts,
  LabelSelector,
  PersistentVolumeFacts,
  PodVolumeClaim,
  StorageCapacityFacts,
  StorageClassFacts,
  VolumeBindingFacts,
} from '../../src/placement/index.js'
import { node, pod } from './builders.js'
import { helpless } from './diagnosis.cases.js'
import { claim, inZone, volume, ZONE, type VolumeCase } from './volume-plugins.cases.js'

/**
 * VolumeBinding's Filter over the claims waiting for their first consumer (v1.28.7 binder.go
 * `FindPodVolumes`, `findMatchingVolumes`, `checkVolumeProvisions`, `hasEnoughCapacity`;
 * pv_helpers.go `FindMatchingVolume`): a free volume of the claim's class the node may use, or
 * provisioning there by the class's provisioner, within its allowedTopologies and, for a CSI
 * driver that asks for it, a CSIStorageCapacity the node reaches. The reasons of the bound and
 * the waiting claims add up on a node. Nodes: a in zone z1, b in z2, c in none; each with its
 * hostname label.
 */

const HOSTNAME = 'kubernetes.io/hostname'
const NODES = [
  node('a', { labels: { [ZONE]: 'z1', [HOSTNAME]: 'a' } }),
  node('b', { labels: { [ZONE]: 'z2', [HOSTNAME]: 'b' } }),
  node('c', { labels: { [HOSTNAME]: 'c' } }),
]
const DRIVER = 'disk.example.com'
const GI = 2n ** 30n * 1_000_000_000n
const BIND = "node(s) didn't find available persistent volumes to bind"
const NO_SPACE = 'node(s) did not have enough free storage'
const NODE_CONFLICT = 'node(s) had volume node affinity conflict'

/** A class of local volumes: nothing provisions them. */
const LOCAL: StorageClassFacts = {
  name: 'local',
  waitForFirstConsumer: true,
  provisioner: 'kubernetes.io/no-provisioner',
}
/** A class DRIVER provisions. */
const LATE: StorageClassFacts = { name: 'late', waitForFirstConsumer: true, provisioner: DRIVER }
/** LATE, provisioning in zone z1 alone. */
const ZONE_ONE: StorageClassFacts = {
  ...LATE,
  name: 'zone-one',
  allowedTopologies: [[{ key: ZONE, values: ['z1'] }]],
}
const CLASSES = [LOCAL, LATE, ZONE_ONE]

/** A claim waiting for its first consumer, of `className`, asking for `gi` GiB. */
function waiting(name: string, className: string, gi: number, facts: Partial<ClaimFacts> = {}) {
  const storageRequest = BigInt(gi) * GI
  return claim(name, { volumeName: '', bindCompleted: false, className, storageRequest, ...facts })
}

/** A free (Available, unclaimed) volume of class local, of `gi` GiB, in `zone`. */
export function free(
  name: string,
  zone: string,
  gi: number,
  binding: Partial<VolumeBindingFacts> = {},
  facts: Partial<PersistentVolumeFacts> = {}
): PersistentVolumeFacts {
  return volume(name, {
    nodeAffinity: inZone(zone),
    binding: {
      className: 'local',
      capacity: BigInt(gi) * GI,
      claimRef: null,
      volumeMode: 'Filesystem',
      accessModes: ['ReadWriteOnce'],
      available: true,
      deleting: false,
      attributesClass: '',
      ...binding,
    },
    ...facts,
  })
}

const onHosts = (hosts: string[]) => [
  {
    matchExpressions: [{ key: HOSTNAME, operator: 'In' as const, values: hosts }],
    matchFields: [],
  },
]

const claimRef = (claimName: string): PodVolumeClaim => ({ claimName, ephemeral: false })
const using = (...claims: string[]) => pod({ volumeClaims: claims.map(claimRef) })

interface Read {
  readonly volumes?: readonly PersistentVolumeFacts[]
  readonly csiDrivers?: readonly CsiDriverFacts[]
  readonly capacities?: readonly StorageCapacityFacts[]
  readonly minor?: number
}

/** The nodes and storage; a volume is always read (a file without any reads none). */
function cluster(claims: readonly ClaimFacts[], read: Read = {}): Pick<VolumeCase, 'cluster'> {
  const volumes = read.volumes ?? [volume('pv-elsewhere')]
  const drivers = read.csiDrivers === undefined ? {} : { csiDrivers: read.csiDrivers }
  const capacities = read.capacities === undefined ? {} : { capacities: read.capacities }
  const storage = { claims, classes: CLASSES, volumes, ...drivers, ...capacities }
  const version = read.minor === undefined ? {} : { kubeVersion: { minor: read.minor, patch: 0 } }
  return { cluster: { nodes: NODES, storage, ...version } }
}

/** The drivers read: DRIVER, asking for capacity checks when `checked`. */
const drivers = (checked: boolean) => [{ name: DRIVER, storageCapacity: checked }]

const inZoneSelector = (zone: string): LabelSelector => ({
  matchLabels: { [ZONE]: zone },
  matchExpressions: [],
})

/** A capacity of class late, `gi` GiB (the maximum volume size too when given), reached by `topology`. */
function capacity(
  gi: number,
  topology: LabelSelector | null,
  maximumGi: number | null = null
): StorageCapacityFacts {
  return {
    className: 'late',
    capacity: BigInt(gi) * GI,
    maximumVolumeSize: maximumGi === null ? null : BigInt(maximumGi) * GI,
    nodeTopology: topology,
  }
}

/** Rows turned away on a and c by BIND, b fitting. */
const ONLY_B: Pick<VolumeCase, 'expected' | 'summary'> = {
  expected: { a: ['VolumeBinding', BIND], b: null, c: ['VolumeBinding', BIND] },
  summary: `1/3 nodes are available: 2 ${BIND}.`,
}
const ONLY_A: Pick<VolumeCase, 'expected' | 'summary'> = {
  expected: { a: null, b: ['VolumeBinding', BIND], c: ['VolumeBinding', BIND] },
  summary: `1/3 nodes are available: 2 ${BIND}.`,
}
const NONE: Pick<VolumeCase, 'expected' | 'summary'> = {
  expected: Object.fromEntries(['a', 'b', 'c'].map((n) => [n, ['VolumeBinding', BIND] as const])),
  summary: `0/3 nodes are available: 3 ${BIND}.` + helpless(3),
}
/** NodeVolumeLimits is not judged: no CSINode is read in these rows. */
const LIMITS = ['NodeVolumeLimits']

export const WAITING_CASES: readonly VolumeCase[] = [
  {
    name: 'a waiting claim binds a free volume of its class on the nodes its affinity takes; a class that provisions nothing leaves the others without a volume',
    pod: using('data'),
    ...cluster([waiting('data', 'local', 10)], { volumes: [free('pv-z1', 'z1', 10)] }),
    ...ONLY_A,
    unjudged: LIMITS,
  },
  {
    name: 'no volume is taken that is too small, of another volume mode, class or access mode, being deleted, not Available or claimed by another',
    pod: using('data'),
    ...cluster([waiting('data', 'local', 10)], {
      volumes: [
        free('pv-small', 'z1', 5),
        free('pv-block', 'z1', 10, { volumeMode: 'Block' }),
        free('pv-other-class', 'z1', 10, { className: 'late' }),
        free('pv-read-many', 'z1', 10, { accessModes: ['ReadOnlyMany'] }),
        free('pv-deleting', 'z1', 10, { deleting: true }),
        free('pv-released', 'z1', 10, { available: false }),
        free('pv-taken', 'z1', 10, { claimRef: { namespace: 'default', name: 'x', uid: '' } }),
      ],
    }),
    ...NONE,
    unjudged: LIMITS,
  },
  {
    name: 'a volume pre-bound to the claim is its only match: taken where its affinity holds whatever its phase or modes, and nothing else is looked at elsewhere',
    pod: using('data'),
    ...cluster([waiting('data', 'local', 10)], {
      volumes: [
        free('pv-a-free', 'z1', 10),
        free('pv-pre', 'z2', 10, {
          claimRef: { namespace: 'default', name: 'data', uid: 'uid-data' },
          available: false,
          accessModes: ['ReadOnlyMany'],
        }),
      ],
    }),
    ...ONLY_B,
    unjudged: LIMITS,
  },
  {
    name: 'a claim reference naming another uid is another claim’s, so the volume is not taken',
    pod: using('data'),
    ...cluster([waiting('data', 'local', 10)], {
      volumes: [
        free('pv-pre', 'z1', 10, { claimRef: { namespace: 'default', name: 'data', uid: 'old' } }),
      ],
    }),
    ...NONE,
    unjudged: LIMITS,
  },
  {
    name: 'each claim, smallest first, takes the smallest volume that fits it, so the larger claim still finds the larger volume',
    pod: using('big', 'small'),
    ...cluster([waiting('big', 'local', 15), waiting('small', 'local', 5)], {
      volumes: [free('pv-a-20', 'z1', 20), free('pv-b-10', 'z1', 10)],
    }),
    ...ONLY_A,
    unjudged: LIMITS,
  },
  {
    name: 'claims are matched smallest request first, even where the other order would have found a volume for each',
    pod: using('shared', 'own'),
    ...cluster(
      [
        waiting('shared', 'local', 10, { accessModes: ['ReadWriteMany'] }),
        waiting('own', 'local', 5),
      ],
      {
        volumes: [
          free('pv-10-many', 'z1', 10, { accessModes: ['ReadWriteMany', 'ReadWriteOnce'] }),
          free('pv-12-once', 'z1', 12),
        ],
      }
    ),
    ...NONE,
    unjudged: LIMITS,
  },
  {
    name: 'a local volume pinned to a hostname is free on the node of that hostname label alone',
    pod: using('data'),
    ...cluster([waiting('data', 'local', 10)], {
      volumes: [free('pv-on-a', 'z9', 10, {}, { nodeAffinity: onHosts(['a']) })],
    }),
    ...ONLY_A,
    unjudged: LIMITS,
  },
  {
    name: 'a volume pinned to a hostname by one term and to a zone by another is free on the nodes of either',
    pod: using('data'),
    ...cluster([waiting('data', 'local', 10)], {
      volumes: [
        free('pv-two-ways', 'z9', 10, {}, { nodeAffinity: [...onHosts(['c']), ...inZone('z2')] }),
      ],
    }),
    expected: { a: ['VolumeBinding', BIND], b: null, c: null },
    summary: `2/3 nodes are available: 1 ${BIND}.`,
    unjudged: LIMITS,
  },
  {
    name: 'two claims cannot share one volume',
    pod: using('one', 'two'),
    ...cluster([waiting('one', 'local', 5), waiting('two', 'local', 5)], {
      volumes: [free('pv-z1', 'z1', 10), free('pv-z2-1', 'z2', 10), free('pv-z2-2', 'z2', 10)],
    }),
    ...ONLY_B,
    unjudged: LIMITS,
  },
  {
    name: 'a claim’s selector keeps it to the volumes whose labels it selects',
    pod: using('data'),
    ...cluster(
      [
        waiting('data', 'local', 10, {
          selector: { matchLabels: { tier: 'fast' }, matchExpressions: [] },
        }),
      ],
      {
        volumes: [
          free('pv-slow', 'z1', 10, {}, { labels: { tier: 'slow' } }),
          free('pv-fast', 'z2', 10, {}, { labels: { tier: 'fast' } }),
        ],
      }
    ),
    ...ONLY_B,
    unjudged: LIMITS,
  },
  {
    name: 'a class with a provisioner provisions what no volume binds, on every node, when its driver asks for no capacity check',
    pod: using('data'),
    ...cluster([waiting('data', 'late', 10)], { csiDrivers: drivers(false) }),
    expected: { a: null, b: null, c: null },
    summary: '3/3 nodes are available.',
    unjudged: LIMITS,
  },
  {
    name: 'a class’s allowedTopologies keep provisioning to the nodes whose labels they list',
    pod: using('data'),
    ...cluster([waiting('data', 'zone-one', 10)], { csiDrivers: drivers(false) }),
    ...ONLY_A,
    unjudged: LIMITS,
  },
  {
    name: 'a driver that asks for capacity checks provisions only where a capacity of the class the node reaches holds the request, its maximum volume size first',
    pod: using('data'),
    ...cluster([waiting('data', 'late', 10)], {
      csiDrivers: drivers(true),
      capacities: [
        capacity(50, inZoneSelector('z1'), 8),
        capacity(5, inZoneSelector('z2'), 12),
        capacity(100, null),
        { ...capacity(100, { matchLabels: {}, matchExpressions: [] }), className: 'other' },
      ],
    }),
    expected: { a: ['VolumeBinding', NO_SPACE], b: null, c: ['VolumeBinding', NO_SPACE] },
    summary: `1/3 nodes are available: 2 ${NO_SPACE}.`,
    unjudged: LIMITS,
  },
  {
    name: 'a capacity whose node topology is an expression reaches the nodes it selects',
    pod: using('data'),
    ...cluster([waiting('data', 'late', 10)], {
      csiDrivers: drivers(true),
      capacities: [
        capacity(20, {
          matchLabels: {},
          matchExpressions: [{ key: ZONE, operator: 'In', values: ['z1'] }],
        }),
      ],
    }),
    expected: { a: null, b: ['VolumeBinding', NO_SPACE], c: ['VolumeBinding', NO_SPACE] },
    summary: `1/3 nodes are available: 2 ${NO_SPACE}.`,
    unjudged: LIMITS,
  },
  {
    name: 'a claim the scheduler chose a node for is provisioned there alone',
    pod: using('data'),
    ...cluster([waiting('data', 'late', 10, { selectedNode: 'b' })], {
      csiDrivers: drivers(false),
    }),
    ...ONLY_B,
    unjudged: LIMITS,
  },
  {
    name: 'a bound volume’s node affinity conflict and a waiting claim’s missing volume add up on a node, in FindPodVolumes’ order',
    pod: using('data', 'logs'),
    ...cluster([claim('data'), waiting('logs', 'local', 10)], {
      volumes: [volume('pv-data', { nodeAffinity: inZone('z1') }), free('pv-z2', 'z2', 10)],
    }),
    expected: {
      a: ['VolumeBinding', BIND],
      b: ['VolumeBinding', NODE_CONFLICT],
      c: ['VolumeBinding', `${NODE_CONFLICT}, ${BIND}`],
    },
    summary: `0/3 nodes are available: 2 ${BIND}, 2 ${NODE_CONFLICT}.` + helpless(3),
    unjudged: LIMITS,
  },
  {
    name: 'without the CSIDrivers read, a claim a provisioner would make leaves VolumeBinding unjudged',
    pod: using('data'),
    ...cluster([waiting('data', 'late', 10)]),
    expected: { a: null, b: null, c: null },
    summary: '3/3 nodes are available.',
    unjudged: ['NodeVolumeLimits', 'VolumeBinding'],
  },
  {
    name: 'from v1.34 a claim binds only a volume of its volume attributes class',
    pod: using('data'),
    ...cluster([waiting('data', 'local', 10, { attributesClass: 'gold' })], {
      volumes: [free('pv-plain', 'z1', 10), free('pv-gold', 'z2', 10, { attributesClass: 'gold' })],
      minor: 34,
    }),
    ...ONLY_B,
    unjudged: LIMITS,
  },
  {
    name: 'up to v1.33 the volume attributes class is not read: any volume binds',
    pod: using('data'),
    ...cluster([waiting('data', 'local', 10, { attributesClass: 'gold' })], {
      volumes: [free('pv-plain', 'z1', 10), free('pv-gold', 'z2', 10, { attributesClass: 'gold' })],
      minor: 33,
    }),
    expected: { a: null, b: null, c: ['VolumeBinding', BIND] },
    summary: `2/3 nodes are available: 1 ${BIND}.`,
    unjudged: LIMITS,
  },
]
