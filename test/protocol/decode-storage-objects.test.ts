import { describe, expect, it } from 'vitest'
import {
  decodeCsiDriver,
  decodeCsiNode,
  decodePersistentVolume,
  decodeStorageCapacity,
  decodeStorageClass,
  decodeVolumeAttachment,
  decodeVolumeClaim,
  ProtocolError,
} from '../../src/protocol/index.js'

/**
 * What the volume plugins' PreFilters read of a PersistentVolumeClaim and a StorageClass: the
 * class as `GetPersistentVolumeClaimClass` reads it, the PV controller's bind-completed mark,
 * the controller's uid (`VolumeIsForPod`), Lost and being deleted; a class's binding mode, which
 * the API server defaults to Immediate. And what VolumeBinding matches a waiting claim to a
 * volume by, and provisions it by: a claim's request, selector and modes, a volume's capacity,
 * claim reference and phase, a class's allowedTopologies, CSIDrivers and CSIStorageCapacities.
 */

const GI = 2n ** 30n * 1_000_000_000n

const META = { name: 'data', namespace: 'shop' }

describe('a PersistentVolumeClaim', () => {
  it.each([
    ['a bare claim: no volume, no class, not bound, not owned', {}, {}],
    [
      'its class is spec.storageClassName',
      { spec: { storageClassName: 'fast' } },
      { className: 'fast' },
    ],
    [
      'the beta annotation names its class before spec.storageClassName',
      {
        metadata: { ...META, annotations: { 'volume.beta.kubernetes.io/storage-class': 'old' } },
        spec: { storageClassName: 'fast' },
      },
      { className: 'old' },
    ],
    [
      'storageClassName: null is no class, as Go decodes it',
      { spec: { storageClassName: null } },
      { className: '' },
    ],
    [
      'bound: its volume and the bind-completed annotation, whatever its value',
      {
        metadata: { ...META, annotations: { 'pv.kubernetes.io/bind-completed': '' } },
        spec: { volumeName: 'pv-1' },
      },
      { volumeName: 'pv-1', bindCompleted: true },
    ],
    ['status.phase Lost is lost', { status: { phase: 'Lost' } }, { lost: true }],
    [
      'ReadWriteOncePod among its access modes',
      { spec: { accessModes: ['ReadWriteOnce', 'ReadWriteOncePod'] } },
      { readWriteOncePod: true, accessModes: ['ReadWriteOnce', 'ReadWriteOncePod'] },
    ],
    ['status.phase Bound is not', { status: { phase: 'Bound' } }, { lost: false }],
    [
      'a deletionTimestamp is being deleted; null is not',
      { metadata: { ...META, deletionTimestamp: '2026-01-01T00:00:00Z' } },
      { deleting: true },
    ],
    [
      'what a waiting claim binds by: its uid, storage request, selector, modes, attributes class and selected node',
      {
        metadata: {
          ...META,
          uid: 'uid-1',
          annotations: { 'volume.kubernetes.io/selected-node': 'node-1' },
        },
        spec: {
          resources: { requests: { storage: '10Gi' } },
          selector: { matchLabels: { tier: 'fast' } },
          accessModes: ['ReadWriteMany'],
          volumeMode: 'Block',
          volumeAttributesClassName: 'gold',
        },
      },
      {
        uid: 'uid-1',
        storageRequest: 10n * GI,
        selector: { matchLabels: { tier: 'fast' }, matchExpressions: [] },
        accessModes: ['ReadWriteMany'],
        volumeMode: 'Block',
        attributesClass: 'gold',
        selectedNode: 'node-1',
      },
    ],
    [
      'its controller is the owner reference with controller: true',
      {
        metadata: {
          ...META,
          ownerReferences: [
            { apiVersion: 'v1', kind: 'Pod', name: 'a', uid: 'uid-a' },
            { apiVersion: 'v1', kind: 'Pod', name: 'b', uid: 'uid-b', controller: true },
          ],
        },
      },
      { controllerUid: 'uid-b' },
    ],
  ])('%s', (_name, object, facts) => {
    const decoded = decodeVolumeClaim({ metadata: META, ...object }, 'pvc 0')
    expect(decoded).toEqual({
      namespace: 'shop',
      name: 'data',
      volumeName: '',
      lost: false,
      deleting: false,
      bindCompleted: false,
      className: '',
      controllerUid: null,
      readWriteOncePod: false,
      uid: '',
      storageRequest: null,
      selector: null,
      accessModes: [],
      volumeMode: 'Filesystem',
      attributesClass: '',
      selectedNode: null,
      ...facts,
    })
  })

  it.each([
    ['no metadata', {}, 'pvc 0.metadata is missing'],
    ['no name', { metadata: { namespace: 'shop' } }, 'pvc 0.metadata.name: a name is required'],
    [
      'a volumeName of the wrong type',
      { metadata: META, spec: { volumeName: 7 } },
      'pvc 0.spec.volumeName: expected a string, got a number',
    ],
    [
      'a storage request that is no quantity',
      { metadata: META, spec: { resources: { requests: { storage: 'ten' } } } },
      'pvc 0.spec.resources.requests["storage"]: "ten" is not a quantity',
    ],
  ])('refuses %s, naming the place', (_name, object, message) => {
    expect(() => decodeVolumeClaim(object, 'pvc 0')).toThrow(new ProtocolError(message))
  })
})

describe('a StorageClass', () => {
  it.each([
    ['WaitForFirstConsumer waits', 'WaitForFirstConsumer', true],
    ['Immediate binds at once', 'Immediate', false],
    ['no mode is Immediate, as the API server defaults it', undefined, false],
  ])('%s', (_name, mode, waits) => {
    const object = { metadata: { name: 'c' }, provisioner: 'd', volumeBindingMode: mode }
    expect(decodeStorageClass(object, 'class 0')).toEqual({
      name: 'c',
      waitForFirstConsumer: waits,
      provisioner: 'd',
      allowedTopologies: [],
      isDefault: false,
      createdAt: null,
    })
  })

  it('gives each allowedTopologies term as its label keys and values', () => {
    const term = { key: 'topology.kubernetes.io/zone', values: ['z1', 'z2'] }
    const object = {
      metadata: { name: 'c' },
      provisioner: 'd',
      allowedTopologies: [{ matchLabelExpressions: [term] }, {}],
    }
    expect(decodeStorageClass(object, 'class 0').allowedTopologies).toEqual([[term], []])
  })

  it('refuses a topology value of the wrong type, naming the place', () => {
    const term = { key: 'zone', values: [1] }
    const object = {
      metadata: { name: 'c' },
      allowedTopologies: [{ matchLabelExpressions: [term] }],
    }
    expect(() => decodeStorageClass(object, 'class 0')).toThrow(
      new ProtocolError(
        'class 0.allowedTopologies[0].matchLabelExpressions[0].values[0]: expected a string, got a number'
      )
    )
  })
})

/** What a volume of no capacity, class or claim, in no phase, gives VolumeBinding's matching. */
const UNBOUND_VOLUME = {
  className: '',
  capacity: 0n,
  claimRef: null,
  volumeMode: 'Filesystem',
  accessModes: [],
  available: false,
  deleting: false,
  attributesClass: '',
}

describe('a PersistentVolume', () => {
  const ZONE_TERM = {
    matchExpressions: [{ key: 'topology.kubernetes.io/zone', operator: 'In', values: ['z1'] }],
  }
  it.each([
    [
      'a CSI volume: its labels and required node affinity, judged',
      {
        metadata: { name: 'pv-1', labels: { 'topology.kubernetes.io/zone': 'z1' } },
        spec: {
          csi: { driver: 'd', volumeHandle: 'h' },
          nodeAffinity: { required: { nodeSelectorTerms: [ZONE_TERM] } },
        },
      },
      {
        labels: { 'topology.kubernetes.io/zone': 'z1' },
        nodeAffinity: [{ matchExpressions: ZONE_TERM.matchExpressions, matchFields: [] }],
        source: 'other',
        csi: { driver: 'd', handle: 'h' },
      },
    ],
    [
      'a volume without node affinity has none',
      { metadata: { name: 'pv-1' }, spec: { nfs: { server: 's', path: '/' } } },
      { labels: {}, nodeAffinity: null, source: 'other', csi: null },
    ],
    [
      'a local volume is local: its hostnames narrow the nodes at PreFilter',
      { metadata: { name: 'pv-1' }, spec: { local: { path: '/mnt' } } },
      { labels: {}, nodeAffinity: null, source: 'local', csi: null },
    ],
    [
      'an in-tree disk is in-tree: CSI migration rewrites its node affinity',
      { metadata: { name: 'pv-1' }, spec: { gcePersistentDisk: { pdName: 'd' } } },
      { labels: {}, nodeAffinity: null, source: 'in-tree', csi: null },
    ],
  ])('%s', (_name, object, facts) => {
    expect(decodePersistentVolume(object, 'pv 0')).toEqual({
      name: 'pv-1',
      binding: UNBOUND_VOLUME,
      ...facts,
    })
  })

  it.each([
    [
      'its capacity, claim reference, modes, phase, attributes class and deletion',
      {
        metadata: { name: 'pv-1', deletionTimestamp: '2026-01-01T00:00:00Z' },
        spec: {
          capacity: { storage: '10Gi' },
          claimRef: { namespace: 'shop', name: 'data', uid: 'uid-1' },
          accessModes: ['ReadWriteOnce'],
          volumeMode: 'Block',
          storageClassName: 'local',
          volumeAttributesClassName: 'gold',
        },
        status: { phase: 'Available' },
      },
      {
        className: 'local',
        capacity: 10n * GI,
        claimRef: { namespace: 'shop', name: 'data', uid: 'uid-1' },
        accessModes: ['ReadWriteOnce'],
        volumeMode: 'Block',
        available: true,
        deleting: true,
        attributesClass: 'gold',
      },
    ],
    [
      'its class is the beta annotation before spec.storageClassName',
      {
        metadata: {
          name: 'pv-1',
          annotations: { 'volume.beta.kubernetes.io/storage-class': 'old' },
        },
        spec: { storageClassName: 'local' },
      },
      { className: 'old' },
    ],
  ])('what a waiting claim matches it by: %s', (_name, object, binding) => {
    expect(decodePersistentVolume(object, 'pv 0').binding).toEqual({
      ...UNBOUND_VOLUME,
      ...binding,
    })
  })

  it('refuses node affinity terms of the wrong type, naming the place', () => {
    const object = { metadata: { name: 'pv-1' }, spec: { nodeAffinity: { required: 'z1' } } }
    expect(() => decodePersistentVolume(object, 'pv 0')).toThrow(
      new ProtocolError('pv 0.spec.nodeAffinity.required: expected an object, got a string')
    )
  })
})

describe('a CSINode', () => {
  it('gives each driver’s attach limit, none for a driver without allocatable, and the migrated plugins', () => {
    const object = {
      metadata: {
        name: 'node-1',
        annotations: {
          'storage.alpha.kubernetes.io/migrated-plugins':
            'kubernetes.io/aws-ebs,kubernetes.io/gce-pd',
        },
      },
      spec: {
        drivers: [
          { name: 'ebs.csi.aws.com', nodeID: 'i-1', allocatable: { count: 25 } },
          { name: 'efs.csi.aws.com', nodeID: 'i-1' },
          { name: 'zero.example.com', nodeID: 'i-1', allocatable: { count: 0 } },
        ],
      },
    }
    expect(decodeCsiNode(object, 'csinode 0')).toEqual({
      name: 'node-1',
      limits: new Map([
        ['ebs.csi.aws.com', 25],
        ['zero.example.com', 0],
      ]),
      migratedPlugins: ['kubernetes.io/aws-ebs', 'kubernetes.io/gce-pd'],
    })
  })

  it('without drivers or the annotation has no limits and no migrated plugins', () => {
    expect(decodeCsiNode({ metadata: { name: 'node-1' }, spec: {} }, 'csinode 0')).toEqual({
      name: 'node-1',
      limits: new Map(),
      migratedPlugins: [],
    })
  })

  it('refuses a count of the wrong type, naming the place', () => {
    const object = {
      metadata: { name: 'node-1' },
      spec: { drivers: [{ name: 'd', allocatable: { count: '25' } }] },
    }
    expect(() => decodeCsiNode(object, 'csinode 0')).toThrow(
      new ProtocolError(
        'csinode 0.spec.drivers[0].allocatable.count: expected an integer, got a string'
      )
    )
  })
})

describe('a VolumeAttachment', () => {
  it.each([
    [
      'of a PersistentVolume',
      { attacher: 'd', nodeName: 'n', source: { persistentVolumeName: 'pv-1' } },
      { attacher: 'd', nodeName: 'n', volumeName: 'pv-1' },
    ],
    [
      'of an inline volume names none',
      { attacher: 'd', nodeName: 'n', source: { inlineVolumeSpec: {} } },
      { attacher: 'd', nodeName: 'n', volumeName: null },
    ],
  ])('%s', (_name, spec, facts) => {
    expect(decodeVolumeAttachment({ metadata: { name: 'va' }, spec }, 'va 0')).toEqual(facts)
  })
})

describe('a CSIDriver', () => {
  it.each([
    [
      'asks for storage capacity checks with storageCapacity: true',
      { storageCapacity: true },
      true,
    ],
    ['does not without it', {}, false],
  ])('%s', (_name, spec, checked) => {
    expect(decodeCsiDriver({ metadata: { name: 'd' }, spec }, 'csidriver 0')).toEqual({
      name: 'd',
      storageCapacity: checked,
    })
  })
})

describe('a CSIStorageCapacity', () => {
  it('gives its class, capacity, maximum volume size and node topology', () => {
    const object = {
      metadata: { namespace: 'kube-system', name: 'csisc-1' },
      storageClassName: 'late',
      capacity: '100Gi',
      maximumVolumeSize: '10Gi',
      nodeTopology: { matchLabels: { zone: 'z1' } },
    }
    expect(decodeStorageCapacity(object, 'csistoragecapacity 0')).toEqual({
      className: 'late',
      capacity: 100n * GI,
      maximumVolumeSize: 10n * GI,
      nodeTopology: { matchLabels: { zone: 'z1' }, matchExpressions: [] },
    })
  })

  it('without capacity or topology gives none', () => {
    const object = { metadata: { name: 'csisc-1' }, storageClassName: 'late' }
    expect(decodeStorageCapacity(object, 'csistoragecapacity 0')).toEqual({
      className: 'late',
      capacity: null,
      maximumVolumeSize: null,
      nodeTopology: null,
    })
  })

  it('refuses a capacity that is no quantity, naming the place', () => {
    const object = { metadata: { name: 'csisc-1' }, capacity: 'lots' }
    expect(() => decodeStorageCapacity(object, 'csistoragecapacity 0')).toThrow(
      new ProtocolError('csistoragecapacity 0.capacity: "lots" is not a quantity')
    )
  })
})
