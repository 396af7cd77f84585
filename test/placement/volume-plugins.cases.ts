import type {
  ClaimFacts,
  PersistentVolumeFacts,
  PodVolumeClaim,
  StorageClassFacts,
  VolumeBindingFacts,
} from '../../src/placement/index.js'
import { REASON_UNTOLERATED_TAINT } from '../../src/core/index.js'
import { node, pod, type TestNode } from './builders.js'
import { helpless, type DiagnosisCase } from './diagnosis.cases.js'

/**
 * The volume plugins over the pod's claims (v1.28.7 volume_restrictions.go, volume_binding.go,
 * binder.go, volume_zone.go). PreFilter: a claim missing, Lost, being deleted, an ephemeral
 * volume's claim the pod does not control, or unbound and not waiting for its first consumer,
 * turns the pod away on every node, and the event gives the reason alone; so does a bound
 * claim's volume that does not exist (VolumeZone). Filter: a bound claim's volume whose node
 * affinity the node does not meet (VolumeBinding), or whose zone labels it does not carry
 * (VolumeZone). Each row also says which volume plugins are left unjudged.
 */

export interface VolumeCase extends DiagnosisCase {
  /** The volume plugins left unjudged, in the profile's order; none when the pod is turned away. */
  readonly unjudged: readonly string[]
}

const NODES = [node('a'), node('b', { taints: ['dedicated=db:NoSchedule'] })]
const UID = 'uid-incoming'
export const ZONE = 'topology.kubernetes.io/zone'

const claimRef = (claimName: string): PodVolumeClaim => ({ claimName, ephemeral: false })
const ephemeralRef = (volume: string): PodVolumeClaim => ({
  claimName: `incoming-${volume}`,
  ephemeral: true,
})

/** A claim of the default namespace: bound (named volume, bind completed) unless said. */
export function claim(name: string, facts: Partial<ClaimFacts> = {}): ClaimFacts {
  const readWriteOncePod = facts.readWriteOncePod ?? false
  return {
    namespace: 'default',
    name,
    volumeName: `pv-${name}`,
    lost: false,
    deleting: false,
    bindCompleted: true,
    className: '',
    controllerUid: null,
    readWriteOncePod,
    uid: `uid-${name}`,
    storageRequest: null,
    selector: null,
    accessModes: [readWriteOncePod ? 'ReadWriteOncePod' : 'ReadWriteOnce'],
    volumeMode: 'Filesystem',
    attributesClass: '',
    selectedNode: null,
    ...facts,
  }
}
const unbound = (name: string, className: string): ClaimFacts =>
  claim(name, { volumeName: '', bindCompleted: false, className })

const WAITING: StorageClassFacts = {
  name: 'local',
  waitForFirstConsumer: true,
  provisioner: 'kubernetes.io/no-provisioner',
}
const AT_ONCE: StorageClassFacts = { name: 'standard', waitForFirstConsumer: false }
const CLASSES = [WAITING, AT_ONCE]

/** Every node turned away by `plugin` for `reason`, and the event's PreFilter message. */
function rejected(
  plugin: string,
  reason: string
): Pick<VolumeCase, 'expected' | 'summary' | 'unjudged'> {
  return {
    expected: { a: [plugin, reason], b: [plugin, reason] },
    summary: `0/2 nodes are available: ${reason}.` + helpless(2),
    unjudged: [],
  }
}

/** Without the volumes read, what reads them is not judged; nor, ever, NodeVolumeLimits. */
const NO_VOLUMES_READ = ['NodeVolumeLimits', 'VolumeBinding', 'VolumeZone']

/** Both PreFilters pass: the tainted node is turned away by TaintToleration, the other fits. */
const TAINTED_ONLY: Pick<VolumeCase, 'expected' | 'summary' | 'unjudged'> = {
  expected: { a: null, b: ['TaintToleration', REASON_UNTOLERATED_TAINT] },
  summary: '1/2 nodes are available: 1 node(s) had untolerated taint(s).',
  unjudged: NO_VOLUMES_READ,
}

const withClaims = (refs: readonly PodVolumeClaim[]) => pod({ volumeClaims: refs, uid: UID })

const CLAIM_CASES: readonly VolumeCase[] = [
  {
    name: 'a pod whose claims are all bound passes both PreFilters and is judged by the other plugins',
    pod: withClaims([claimRef('data'), claimRef('logs')]),
    cluster: { nodes: NODES, storage: { claims: [claim('data'), claim('logs')], classes: [] } },
    ...TAINTED_ONLY,
  },
  {
    name: 'a claim that does not exist is VolumeRestrictions’ not-found, before VolumeBinding looks',
    pod: withClaims([claimRef('data'), claimRef('missing')]),
    cluster: { nodes: NODES, storage: { claims: [claim('data')], classes: [] } },
    ...rejected('VolumeRestrictions', 'persistentvolumeclaim "missing" not found'),
  },
  {
    name: 'an ephemeral volume whose claim is not created yet waits for the ephemeral volume controller',
    pod: withClaims([ephemeralRef('scratch')]),
    cluster: { nodes: NODES, storage: { claims: [], classes: [] } },
    ...rejected(
      'VolumeBinding',
      'waiting for ephemeral volume controller to create the persistentvolumeclaim "incoming-scratch"'
    ),
  },
  {
    name: 'a Lost claim names the volume it was bound to',
    pod: withClaims([claimRef('data')]),
    cluster: { nodes: NODES, storage: { claims: [claim('data', { lost: true })], classes: [] } },
    ...rejected(
      'VolumeBinding',
      'persistentvolumeclaim "data" bound to non-existent persistentvolume "pv-data"'
    ),
  },
  {
    name: 'a claim being deleted turns the pod away',
    pod: withClaims([claimRef('data')]),
    cluster: {
      nodes: NODES,
      storage: { claims: [claim('data', { deleting: true })], classes: [] },
    },
    ...rejected('VolumeBinding', 'persistentvolumeclaim "data" is being deleted'),
  },
  {
    name: 'the first claim in volume order with a problem is the one named',
    pod: withClaims([claimRef('gone'), claimRef('going')]),
    cluster: {
      nodes: NODES,
      storage: {
        claims: [claim('gone', { lost: true }), claim('going', { deleting: true })],
        classes: [],
      },
    },
    ...rejected(
      'VolumeBinding',
      'persistentvolumeclaim "gone" bound to non-existent persistentvolume "pv-gone"'
    ),
  },
  {
    name: 'an ephemeral volume’s claim the pod does not control was not created for it',
    pod: withClaims([ephemeralRef('scratch')]),
    cluster: {
      nodes: NODES,
      storage: { claims: [claim('incoming-scratch', { controllerUid: 'uid-other' })], classes: [] },
    },
    ...rejected(
      'VolumeBinding',
      'PVC default/incoming-scratch was not created for pod default/incoming (pod is not owner)'
    ),
  },
  {
    name: 'an ephemeral volume’s claim the pod controls passes',
    pod: withClaims([ephemeralRef('scratch')]),
    cluster: {
      nodes: NODES,
      storage: { claims: [claim('incoming-scratch', { controllerUid: UID })], classes: [] },
    },
    ...TAINTED_ONLY,
  },
  {
    name: 'an unbound claim of an Immediate class turns the pod away until the PV controller binds it',
    pod: withClaims([claimRef('data')]),
    cluster: { nodes: NODES, storage: { claims: [unbound('data', 'standard')], classes: CLASSES } },
    ...rejected('VolumeBinding', 'pod has unbound immediate PersistentVolumeClaims'),
  },
  {
    name: 'an unbound claim without a class binds at once, so it turns the pod away',
    pod: withClaims([claimRef('data')]),
    cluster: { nodes: NODES, storage: { claims: [unbound('data', '')], classes: CLASSES } },
    ...rejected('VolumeBinding', 'pod has unbound immediate PersistentVolumeClaims'),
  },
  {
    name: 'an unbound claim of a class that does not exist binds at once too',
    pod: withClaims([claimRef('data')]),
    cluster: { nodes: NODES, storage: { claims: [unbound('data', 'gone')], classes: CLASSES } },
    ...rejected('VolumeBinding', 'pod has unbound immediate PersistentVolumeClaims'),
  },
  {
    name: 'an unbound claim of a WaitForFirstConsumer class waits for the pod: PreFilter passes',
    pod: withClaims([claimRef('data')]),
    cluster: { nodes: NODES, storage: { claims: [unbound('data', 'local')], classes: CLASSES } },
    ...TAINTED_ONLY,
  },
  {
    name: 'a claim pre-bound to a volume but not bound yet counts as immediate whatever its class',
    pod: withClaims([claimRef('data')]),
    cluster: {
      nodes: NODES,
      storage: {
        claims: [claim('data', { bindCompleted: false, className: 'local' })],
        classes: CLASSES,
      },
    },
    ...rejected('VolumeBinding', 'pod has unbound immediate PersistentVolumeClaims'),
  },
]

/** Three nodes: in zone z1, in zone z2, and in no zone. */
const ZONED = [
  node('a', { labels: { [ZONE]: 'z1' } }),
  node('b', { labels: { [ZONE]: 'z2' } }),
  node('c'),
]

const DRIVER = 'disk.example.com'

/** What a volume bound to some claim gives VolumeBinding's matching: it is no claim's to take. */
const BOUND: VolumeBindingFacts = {
  className: '',
  capacity: 0n,
  claimRef: { namespace: 'default', name: 'other', uid: '' },
  volumeMode: 'Filesystem',
  accessModes: ['ReadWriteOnce'],
  available: false,
  deleting: false,
  attributesClass: '',
}

/** A CSI volume of DRIVER, of no labels or node affinity unless said. */
export function volume(
  name: string,
  facts: Partial<PersistentVolumeFacts> = {}
): PersistentVolumeFacts {
  const csi = { driver: DRIVER, handle: name }
  return { name, labels: {}, nodeAffinity: null, source: 'other', csi, binding: BOUND, ...facts }
}
const HOSTNAME = 'kubernetes.io/hostname'
const PINNED_ELSEWHERE = "node(s) didn't satisfy plugin(s) [VolumeBinding]"
const onHost = (host: string) => [
  {
    matchExpressions: [{ key: HOSTNAME, operator: 'In' as const, values: [host] }],
    matchFields: [],
  },
]
export const inZone = (zone: string) => [
  { matchExpressions: [{ key: ZONE, operator: 'In' as const, values: [zone] }], matchFields: [] },
]
const bound = (...claims: ClaimFacts[]) => claims
/**
 * The claims, classes and volumes read. A table row always holds some volume: read from a file,
 * a list without any PersistentVolume leaves the volumes unknown.
 */
const withVolumes = (
  claims: readonly ClaimFacts[],
  volumes: readonly PersistentVolumeFacts[],
  classes: readonly StorageClassFacts[] = CLASSES
) => ({ nodes: ZONED, storage: { claims, classes, volumes } })

/** Every node fits. */
const ALL_FIT = { expected: { a: null, b: null, c: null }, summary: '3/3 nodes are available.' }

/** Every node is judged by VolumeBinding and VolumeZone: only NodeVolumeLimits is left. */
const ONLY_LIMITS = ['NodeVolumeLimits']
const NONE_LEFT = "node(s) didn't satisfy plugin VolumeBinding"

const VOLUME_FILTER_CASES: readonly VolumeCase[] = [
  {
    name: 'a bound claim’s volume whose node affinity a node does not meet is VolumeBinding’s node affinity conflict there, a node without the label included',
    pod: withClaims([claimRef('data')]),
    cluster: withVolumes(bound(claim('data')), [volume('pv-data', { nodeAffinity: inZone('z1') })]),
    expected: {
      a: null,
      b: ['VolumeBinding', 'node(s) had volume node affinity conflict'],
      c: ['VolumeBinding', 'node(s) had volume node affinity conflict'],
    },
    summary: '1/3 nodes are available: 2 node(s) had volume node affinity conflict.',
    unjudged: ONLY_LIMITS,
  },
  {
    name: 'a bound claim’s volume in a zone turns away the nodes of another zone, and passes a node in none',
    pod: withClaims([claimRef('data')]),
    cluster: withVolumes(bound(claim('data')), [volume('pv-data', { labels: { [ZONE]: 'z1' } })]),
    expected: { a: null, b: ['VolumeZone', 'node(s) had no available volume zone'], c: null },
    summary: '2/3 nodes are available: 1 node(s) had no available volume zone.',
    unjudged: ONLY_LIMITS,
  },
  {
    name: 'a zone label lists its zones separated by __',
    pod: withClaims([claimRef('data')]),
    cluster: withVolumes(bound(claim('data')), [
      volume('pv-data', { labels: { [ZONE]: 'z1__z2' } }),
    ]),
    ...ALL_FIT,
    unjudged: ONLY_LIMITS,
  },
  {
    name: 'node affinity is judged before the zone: VolumeBinding comes first in the profile',
    pod: withClaims([claimRef('data')]),
    cluster: withVolumes(bound(claim('data')), [
      volume('pv-data', { labels: { [ZONE]: 'z1' }, nodeAffinity: inZone('z1') }),
    ]),
    expected: {
      a: null,
      b: ['VolumeBinding', 'node(s) had volume node affinity conflict'],
      c: ['VolumeBinding', 'node(s) had volume node affinity conflict'],
    },
    summary: '1/3 nodes are available: 2 node(s) had volume node affinity conflict.',
    unjudged: ONLY_LIMITS,
  },
  {
    name: 'a bound claim whose volume does not exist is VolumeZone’s not-found, at PreFilter',
    pod: withClaims([claimRef('data')]),
    cluster: withVolumes(bound(claim('data')), [volume('pv-other')]),
    expected: Object.fromEntries(
      ['a', 'b', 'c'].map((n) => [n, ['VolumeZone', 'persistentvolume "pv-data" not found']])
    ),
    summary: '0/3 nodes are available: persistentvolume "pv-data" not found.' + helpless(3),
    unjudged: [],
  },
  {
    name: 'an ephemeral volume’s bound claim whose volume does not exist, which VolumeZone does not read, is VolumeBinding’s on every node',
    pod: withClaims([ephemeralRef('scratch')]),
    cluster: withVolumes(bound(claim('incoming-scratch', { controllerUid: UID })), [
      volume('pv-other'),
    ]),
    expected: Object.fromEntries(
      ['a', 'b', 'c'].map((n) => [
        n,
        [
          'VolumeBinding',
          'node(s) unavailable due to one or more pvc(s) bound to non-existent pv(s)',
        ],
      ])
    ),
    summary:
      '0/3 nodes are available: 3 node(s) unavailable due to one or more pvc(s) bound to non-existent pv(s).' +
      helpless(3),
    unjudged: ONLY_LIMITS,
  },
  {
    name: 'a claim waiting for its first consumer is VolumeBinding’s to judge (volume-binding-waiting.cases.ts), and VolumeZone passes it over',
    pod: withClaims([claimRef('data')]),
    cluster: withVolumes([unbound('data', 'local')], [volume('pv-other')]),
    expected: Object.fromEntries(
      ['a', 'b', 'c'].map((n) => [
        n,
        ['VolumeBinding', "node(s) didn't find available persistent volumes to bind"],
      ])
    ),
    summary:
      "0/3 nodes are available: 3 node(s) didn't find available persistent volumes to bind." +
      helpless(3),
    unjudged: ONLY_LIMITS,
  },
  {
    name: 'a volume pinned to a host by name (a local one here) narrows the nodes at PreFilter: the others get the absent-nodes status naming VolumeBinding',
    pod: withClaims([claimRef('data')]),
    cluster: {
      nodes: ['a', 'b', 'c'].map((n) => node(n, { labels: { [HOSTNAME]: n } })),
      storage: {
        claims: [claim('data')],
        classes: CLASSES,
        volumes: [volume('pv-data', { source: 'local', nodeAffinity: onHost('a') })],
      },
    },
    expected: {
      a: null,
      b: ['VolumeBinding', PINNED_ELSEWHERE],
      c: ['VolumeBinding', PINNED_ELSEWHERE],
    },
    summary: `1/3 nodes are available: 2 ${PINNED_ELSEWHERE}.`,
    unjudged: ONLY_LIMITS,
  },
  {
    name: 'volumes pinned to hosts no one node is among leave no node in VolumeBinding’s PreFilterResult, and the framework turns the pod away naming the plugin',
    pod: withClaims([claimRef('data'), claimRef('logs')]),
    cluster: {
      nodes: ['a', 'b', 'c'].map((n) => node(n, { labels: { [HOSTNAME]: n } })),
      storage: {
        claims: [claim('data'), claim('logs')],
        classes: CLASSES,
        volumes: [
          volume('pv-data', { nodeAffinity: onHost('a') }),
          volume('pv-logs', { nodeAffinity: onHost('b') }),
        ],
      },
    },
    expected: Object.fromEntries(['a', 'b', 'c'].map((n) => [n, ['VolumeBinding', NONE_LEFT]])),
    summary: `0/3 nodes are available: ${NONE_LEFT}.` + helpless(3),
    unjudged: ONLY_LIMITS,
  },
  {
    name: 'an in-tree disk leaves VolumeBinding unjudged (CSI migration rewrites its node affinity)',
    pod: withClaims([claimRef('data')]),
    cluster: withVolumes(bound(claim('data')), [
      volume('pv-data', { source: 'in-tree', nodeAffinity: inZone('z1') }),
    ]),
    ...ALL_FIT,
    unjudged: ['NodeVolumeLimits', 'VolumeBinding'],
  },
  {
    name: 'a ReadWriteOncePod claim leaves VolumeRestrictions unjudged (the pods using it are not counted)',
    pod: withClaims([claimRef('data')]),
    cluster: withVolumes(bound(claim('data', { readWriteOncePod: true })), [volume('pv-data')]),
    ...ALL_FIT,
    unjudged: ['VolumeRestrictions', 'NodeVolumeLimits'],
  },
  {
    name: 'a volume beside the claims that is no claim (nfs, a disk) leaves VolumeRestrictions unjudged',
    pod: pod({ volumeClaims: [claimRef('data')], inlineStorage: true, uid: UID }),
    cluster: withVolumes(bound(claim('data')), [volume('pv-data')]),
    ...ALL_FIT,
    unjudged: ['VolumeRestrictions', 'NodeVolumeLimits'],
  },
]

/** A CSINode with an attach limit for DRIVER (none when null), and the plugins migrated there. */
const csiNode = (name: string, limit: number | null, migratedPlugins: string[] = []) => ({
  name,
  limits: new Map(limit === null ? [] : [[DRIVER, limit]]),
  migratedPlugins,
})

/** A pod on `nodeName` using `claims`. */
const usingOn = (name: string, nodeName: string, ...claims: string[]) =>
  pod({ name, nodeName, volumeClaims: claims.map(claimRef) })

/**
 * Nodes a (room for two volumes of DRIVER), b (one) and c (no CSINode), a pod on a and one on b
 * each using a volume, and the claims and volumes of `claims` beside theirs.
 */
function limited(
  claims: readonly ClaimFacts[],
  more: { volumes?: PersistentVolumeFacts[]; classes?: StorageClassFacts[] } = {}
): Pick<VolumeCase, 'cluster'> {
  const used = [claim('used-a'), claim('used-b')]
  return {
    cluster: {
      nodes: [node('a'), node('b'), node('c')],
      pods: [usingOn('web-a', 'a', 'used-a'), usingOn('web-b', 'b', 'used-b')],
      storage: {
        claims: [...used, ...claims],
        classes: more.classes ?? [],
        volumes: [...used, ...claims]
          .map((c) => volume(c.volumeName || 'pv-none'))
          .concat(more.volumes ?? []),
        csiNodes: [csiNode('a', 2), csiNode('b', 1)],
      },
    },
  }
}

const MAX_COUNT = 'node(s) exceed max volume count'
const B_FULL: Pick<VolumeCase, 'expected' | 'summary'> = {
  expected: { a: null, b: ['NodeVolumeLimits', MAX_COUNT], c: null },
  summary: `2/3 nodes are available: 1 ${MAX_COUNT}.`,
}
const LIMITS_JUDGED = {
  expected: { a: null, b: null, c: null },
  summary: '3/3 nodes are available.',
}
const PROVISIONED: StorageClassFacts = {
  name: 'csi-late',
  waitForFirstConsumer: true,
  provisioner: DRIVER,
}

/** limited() with node c replaced. */
function withNodeC(c: TestNode): Pick<VolumeCase, 'cluster'> {
  const { cluster } = limited([claim('data')])
  return { cluster: { ...cluster, nodes: [...cluster.nodes.slice(0, 2), c] } }
}

/** limited() with a pod using an inline disk on node a, whose CSINode marks aws-ebs migrated. */
function withMigratedA(): Pick<VolumeCase, 'cluster'> {
  const { cluster } = limited([claim('data')])
  const storage = cluster.storage ?? { claims: [], classes: [] }
  const inline = pod({ name: 'disk-a', nodeName: 'a', inlineStorage: true })
  const csiNodes = [csiNode('a', 2, ['kubernetes.io/aws-ebs']), csiNode('b', 1)]
  return {
    cluster: {
      ...cluster,
      pods: [...(cluster.pods ?? []), inline],
      storage: { ...storage, csiNodes },
    },
  }
}

const LIMIT_CASES: readonly VolumeCase[] = [
  {
    name: 'a node where the pod’s CSI volume would pass its driver’s limit is turned away; one with room, or with no limit, fits',
    pod: withClaims([claimRef('data')]),
    ...limited([claim('data')]),
    ...B_FULL,
    unjudged: [],
  },
  {
    name: 'a volume a pod on the node uses already counts once, where it is no new volume',
    pod: withClaims([claimRef('used-b')]),
    ...limited([]),
    ...LIMITS_JUDGED,
    unjudged: [],
  },
  {
    name: 'two new volumes on a node with room for one more are turned away',
    pod: withClaims([claimRef('data'), claimRef('logs')]),
    ...limited([claim('data'), claim('logs')]),
    expected: { a: ['NodeVolumeLimits', MAX_COUNT], b: ['NodeVolumeLimits', MAX_COUNT], c: null },
    summary: `1/3 nodes are available: 2 ${MAX_COUNT}.`,
    unjudged: [],
  },
  {
    name: 'an unbound claim counts as one new volume of its class’s provisioner',
    pod: withClaims([claimRef('data')]),
    ...limited([unbound('data', 'csi-late')], { classes: [PROVISIONED] }),
    ...B_FULL,
    unjudged: [],
  },
  {
    name: 'a claim of a volume that is no CSI volume (nfs) counts for nothing',
    pod: withClaims([claimRef('data')]),
    ...limited([claim('data', { volumeName: 'pv-nfs' })], {
      volumes: [volume('pv-nfs', { csi: null })],
    }),
    ...LIMITS_JUDGED,
    unjudged: [],
  },
  {
    name: 'a claim of an in-tree plugin’s class leaves NodeVolumeLimits unjudged (CSI migration’s translation)',
    pod: withClaims([claimRef('data')]),
    ...limited([unbound('data', 'ebs')], {
      classes: [{ name: 'ebs', waitForFirstConsumer: true, provisioner: 'kubernetes.io/aws-ebs' }],
    }),
    ...LIMITS_JUDGED,
    unjudged: ['NodeVolumeLimits'],
  },
  {
    name: 'the node’s attachable-volumes-csi-<driver> allocatable limits the driver where no CSINode count does',
    pod: withClaims([claimRef('data')]),
    ...withNodeC(
      node('c', {
        allocatable: { cpu: '4', pods: '110', [`attachable-volumes-csi-${DRIVER}`]: '0' },
      })
    ),
    expected: { a: null, b: ['NodeVolumeLimits', MAX_COUNT], c: ['NodeVolumeLimits', MAX_COUNT] },
    summary: `1/3 nodes are available: 2 ${MAX_COUNT}.`,
    unjudged: [],
  },
  {
    name: 'a pod with an inline volume on a node whose CSINode marks an in-tree plugin migrated leaves NodeVolumeLimits unjudged',
    pod: withClaims([claimRef('data')]),
    ...withMigratedA(),
    ...LIMITS_JUDGED,
    unjudged: ['NodeVolumeLimits'],
  },
]

/**
 * From v1.32 a VolumeAttachment on node a, of a CSI volume no pod uses (`volume`: another, by
 * default), fills a's room too.
 */
function attachedOnA(minor: number, attachedVolume = 'pv-detaching'): Pick<VolumeCase, 'cluster'> {
  const { cluster } = limited([claim('data')], { volumes: [volume('pv-detaching')] })
  const storage = cluster.storage ?? { claims: [], classes: [] }
  const attachments = [{ nodeName: 'a', attacher: DRIVER, volumeName: attachedVolume }]
  const kubeVersion = { major: 1, minor, patch: 0 }
  return { cluster: { ...cluster, kubeVersion, storage: { ...storage, attachments } } }
}

const ATTACHMENT_CASES: readonly VolumeCase[] = [
  {
    name: 'from v1.32 a VolumeAttachment of a CSI volume no pod on the node uses counts there',
    pod: withClaims([claimRef('data')]),
    ...attachedOnA(32),
    expected: { a: ['NodeVolumeLimits', MAX_COUNT], b: ['NodeVolumeLimits', MAX_COUNT], c: null },
    summary: `1/3 nodes are available: 2 ${MAX_COUNT}.`,
    unjudged: [],
  },
  {
    name: 'from v1.32 an attachment of the pod’s own volume, which no pod uses, counts beside the pod’s volume: only pods’ volumes are counted once',
    pod: withClaims([claimRef('data')]),
    ...attachedOnA(32, 'pv-data'),
    expected: { a: ['NodeVolumeLimits', MAX_COUNT], b: ['NodeVolumeLimits', MAX_COUNT], c: null },
    summary: `1/3 nodes are available: 2 ${MAX_COUNT}.`,
    unjudged: [],
  },
  {
    name: 'up to v1.31 the VolumeAttachments are not counted',
    pod: withClaims([claimRef('data')]),
    ...attachedOnA(31),
    ...B_FULL,
    unjudged: [],
  },
]

export const VOLUME_CASES: readonly VolumeCase[] = [
  ...CLAIM_CASES,
  ...VOLUME_FILTER_CASES,
  ...LIMIT_CASES,
  ...ATTACHMENT_CASES,
]
