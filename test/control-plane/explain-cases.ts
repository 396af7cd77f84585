/**
 * The cluster the explain suite builds: nodes in four zones with disk labels, a few taints and
 * a cordon; placed pods (bound at creation) labelled by app, the database ones carrying a
 * required anti-affinity against batch pods on their node; and probe pods with node selectors,
 * node affinity, inter-pod affinity and anti-affinity and tolerations, drawn by a fixed seed.
 *
 * A probe pod's own terms select only placed pods' `app` labels, and only placed pods' terms
 * select probes, so no probe's outcome depends on another's: the event each Pending probe gets
 * reads the same whenever it is written.
 */

type Obj = Record<string, unknown>

const ZONES = ['z1', 'z2', 'z3', 'z4']
const NODE_COUNT = 16
const ZONE = 'topology.kubernetes.io/zone'
const HOST = 'kubernetes.io/hostname'

export function nodeObjects(): Obj[] {
  return Array.from({ length: NODE_COUNT }, (_, i) => {
    const name = `node-${String(i).padStart(2, '0')}`
    const taints = i % 5 === 4 ? [{ key: 'gpu', value: 'true', effect: 'NoSchedule' }] : []
    const resources = { cpu: '64', memory: '256Gi', pods: '110' }
    return {
      metadata: {
        name,
        labels: { [HOST]: name, [ZONE]: ZONES[i % 4] ?? 'z1', disk: i % 3 === 0 ? 'ssd' : 'hdd' },
      },
      spec: { taints, unschedulable: i === 7 },
      status: { capacity: resources, allocatable: resources },
    }
  })
}

function container(): Obj {
  return { name: 'c', image: 'registry.k8s.io/pause:3.9' }
}

/** Pods bound at creation: web on every third node, db on every fifth, cache on node-02. */
export function placedPods(): Obj[] {
  const pods: Obj[] = []
  for (let i = 0; i < NODE_COUNT; i++) {
    const nodeName = `node-${String(i).padStart(2, '0')}`
    if (i % 3 === 1) pods.push(placed(`web-${i}`, nodeName, { app: 'web' }))
    if (i % 5 === 0) {
      const db = placed(`db-${i}`, nodeName, { app: 'db' })
      ;(db.spec as Obj).affinity = {
        podAntiAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: [
            { labelSelector: { matchLabels: { tier: 'batch' } }, topologyKey: HOST },
          ],
        },
      }
      pods.push(db)
    }
  }
  pods.push(placed('cache-2', 'node-02', { app: 'cache' }))
  pods.push({
    ...placed('room-user', 'node-02', { app: 'room-user' }),
    spec: {
      nodeName: 'node-02',
      containers: [container()],
      volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'room-used' } }],
    },
  })
  return pods
}

/**
 * Each node's CSINode, as the kubelet writes it: disk.example.com (the claim probes' volumes)
 * without a limit, attach.example.com with room for none, room.example.com for one, which
 * room-user's volume takes on node-02.
 */
export function csiNodes(): Obj[] {
  return nodeObjects().map((node) => {
    const name = (node.metadata as { name: string }).name
    const driver = (driverName: string, count?: number) => ({
      name: driverName,
      nodeID: name,
      ...(count === undefined ? {} : { allocatable: { count } }),
    })
    return {
      metadata: { name },
      spec: {
        drivers: [
          driver('disk.example.com'),
          driver('attach.example.com', 0),
          driver('room.example.com', 1),
        ],
      },
    }
  })
}

function placed(name: string, nodeName: string, labels: Obj): Obj {
  return { metadata: { name, labels }, spec: { nodeName, containers: [container()] } }
}

type Draw = () => number

const CONSTRAINTS: readonly ((spec: Obj, labels: Obj, draw: Draw) => void)[] = [
  (spec) => (spec.nodeSelector = { disk: 'ssd' }),
  (spec, _labels, draw) =>
    addAffinity(spec, 'nodeAffinity', {
      requiredDuringSchedulingIgnoredDuringExecution: {
        nodeSelectorTerms: [
          {
            matchExpressions: [
              { key: ZONE, operator: draw() % 2 === 0 ? 'In' : 'NotIn', values: ['z1', 'z2'] },
            ],
          },
        ],
      },
    }),
  (spec) =>
    addAffinity(spec, 'podAffinity', {
      requiredDuringSchedulingIgnoredDuringExecution: [
        { labelSelector: { matchLabels: { app: 'web' } }, topologyKey: ZONE },
      ],
    }),
  (spec, _labels, draw) =>
    addAffinity(spec, 'podAntiAffinity', {
      requiredDuringSchedulingIgnoredDuringExecution: [
        {
          labelSelector: { matchLabels: { app: draw() % 2 === 0 ? 'db' : 'web' } },
          topologyKey: draw() % 2 === 0 ? HOST : ZONE,
        },
      ],
    }),
  (spec) =>
    addAffinity(spec, 'podAffinity', {
      requiredDuringSchedulingIgnoredDuringExecution: [
        { labelSelector: { matchLabels: { app: 'cache' } }, topologyKey: HOST },
      ],
    }),
  (spec) => ((spec.tolerations as Obj[]).push({ key: 'gpu', operator: 'Exists' }), undefined),
  (spec) => (
    (spec.tolerations as Obj[]).push({
      key: 'node.kubernetes.io/unschedulable',
      operator: 'Exists',
      effect: 'NoSchedule',
    }),
    undefined
  ),
  (_spec, labels) => (labels.tier = 'batch'),
]

function addAffinity(spec: Obj, kind: string, value: Obj): void {
  const affinity = (spec.affinity ??= {}) as Obj
  affinity[kind] = value
}

/** `count` probe pods, the same every run (a Park–Miller generator with a fixed seed). */
export function probePods(count: number, seed = 11): Obj[] {
  let state = seed
  const draw: Draw = () => (state = (state * 48271) % 2147483647)
  return Array.from({ length: count }, (_, i) => {
    const labels: Obj = { role: 'probe' }
    const spec: Obj = { containers: [container()], tolerations: [] }
    const picks = 1 + (draw() % 3)
    const used = new Set<number>()
    for (let j = 0; j < picks; j++) {
      const index = draw() % CONSTRAINTS.length
      if (used.has(index)) continue
      used.add(index)
      CONSTRAINTS[index]?.(spec, labels, draw)
    }
    return { metadata: { name: `probe-${i}`, labels }, spec }
  })
}

/**
 * Probes whose required node affinity names nodes by `metadata.name`, which NodeAffinity's
 * PreFilter turns into the only nodes judged: terms that conflict; one naming the tainted
 * node-04 alone (the other nodes uncounted in v1.28.7, and tried by preemption); one naming
 * node-04 and a node that does not exist (the cycle fails in v1.28.7).
 */
export function nodeNameProbes(): Obj[] {
  // A term's fields are ANDed; the API server takes one value per metadata.name requirement.
  const probe = (name: string, terms: readonly (readonly string[])[]): Obj => {
    const nodeSelectorTerms = terms.map((names) => ({
      matchFields: names.map((node) => ({ key: 'metadata.name', operator: 'In', values: [node] })),
    }))
    const spec: Obj = { containers: [container()] }
    addAffinity(spec, 'nodeAffinity', {
      requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms },
    })
    return { metadata: { name, labels: { role: 'probe' } }, spec }
  }
  return [
    probe('named-conflict', [['node-00', 'node-01']]),
    probe('named-tainted', [['node-04']]),
    probe('named-missing', [['node-04'], ['node-gone']]),
  ]
}

/**
 * Probes with volumes: `volumes-plain` has one of each kind no volume plugin reads, naming a
 * ConfigMap and a Secret that do not exist (scheduling does not look), with a node selector;
 * `volumes-claim` mounts a PersistentVolumeClaim that does not exist, which VolumeRestrictions'
 * PreFilter refuses.
 */
export function volumeProbes(): Obj[] {
  const plain = [
    { name: 'config', configMap: { name: 'absent' } },
    { name: 'secret', secret: { secretName: 'absent' } },
    {
      name: 'labels',
      downwardAPI: { items: [{ path: 'l', fieldRef: { fieldPath: 'metadata.labels' } }] },
    },
    { name: 'bundle', projected: { sources: [{ configMap: { name: 'absent' } }] } },
    { name: 'scratch', emptyDir: {} },
    { name: 'host', hostPath: { path: '/var/tmp' } },
  ]
  const probe = (name: string, volumes: readonly Obj[], spec: Obj = {}): Obj => ({
    metadata: { name, labels: { role: 'probe' } },
    spec: { containers: [container()], volumes, ...spec },
  })
  return [
    probe('volumes-plain', plain, { nodeSelector: { disk: 'ssd' } }),
    probe('volumes-claim', [{ name: 'data', persistentVolumeClaim: { claimName: 'missing' } }]),
  ]
}

/**
 * The volumes, claims and classes the claim probes read, as the API server keeps them once
 * created (no PV controller runs, so no claim is bound but those created bound): an unbound
 * claim of an Immediate class; a claim kept by a finalizer while it is deleted; a claim whose
 * status says Lost; a claim named as an ephemeral volume's would be, which no pod controls; and
 * claims bound to CSI volumes pinned to a zone no node is in, to zone z2, labelled with zone z3,
 * and to a volume that does not exist; and for the attach limits, claims bound to CSI volumes of
 * attach.example.com and room.example.com (room-used is room-user's on node-02), and an unbound
 * one whose class room.example.com provisions at its first consumer.
 */
export const CLAIM_OBJECTS = {
  volumes: [
    persistentVolume('pv-attach', { csi: { driver: 'attach.example.com', volumeHandle: 'a-1' } }),
    persistentVolume('pv-room-used', { csi: { driver: 'room.example.com', volumeHandle: 'r-1' } }),
    persistentVolume('pv-room-new', { csi: { driver: 'room.example.com', volumeHandle: 'r-2' } }),
    persistentVolume('pv-nowhere', { nodeAffinity: zoneAffinity('z9') }),
    persistentVolume('pv-host-07', { nodeAffinity: hostAffinity('node-07') }),
    persistentVolume('pv-host-05', { nodeAffinity: hostAffinity('node-05') }),
    persistentVolume('pv-z2', { nodeAffinity: zoneAffinity('z2') }),
    persistentVolume('pv-wait-z1', {
      nodeAffinity: zoneAffinity('z1'),
      storageClassName: 'local-wait',
    }),
    {
      ...persistentVolume('pv-zone-z3', {}),
      metadata: { name: 'pv-zone-z3', labels: { [ZONE]: 'z3' } },
    },
  ],
  classes: [
    {
      metadata: { name: 'at-once' },
      provisioner: 'example.com/none',
      volumeBindingMode: 'Immediate',
    },
    {
      metadata: { name: 'room-late' },
      provisioner: 'room.example.com',
      volumeBindingMode: 'WaitForFirstConsumer',
    },
    waitingClass('local-wait', 'kubernetes.io/no-provisioner'),
    {
      ...waitingClass('late-z9', 'provision.example.com'),
      allowedTopologies: [{ matchLabelExpressions: [{ key: ZONE, values: ['z9'] }] }],
    },
    waitingClass('late-capacity', 'capacity.example.com'),
    waitingClass('late-anywhere', 'provision.example.com'),
  ],
  drivers: [
    { metadata: { name: 'room.example.com' }, spec: { storageCapacity: false } },
    { metadata: { name: 'capacity.example.com' }, spec: { storageCapacity: true } },
  ],
  capacities: [
    storageCapacity('small-z1', '512Mi', null, 'z1'),
    storageCapacity('capped-z1', '100Gi', '512Mi', 'z1'),
    storageCapacity('room-z3', '100Gi', null, 'z3'),
  ],
  claims: [
    claimObject('unbound-now', { storageClassName: 'at-once' }),
    { ...claimObject('going', {}), metadata: { name: 'going', finalizers: ['example.com/hold'] } },
    claimObject('lost', { volumeName: 'gone-pv', storageClassName: '' }),
    claimObject('claim-foreign-scratch', {}),
    boundClaim('pinned-nowhere', 'pv-nowhere'),
    boundClaim('pinned-z2', 'pv-z2'),
    boundClaim('zoned-z3', 'pv-zone-z3'),
    boundClaim('volume-gone', 'pv-gone'),
    boundClaim('attach-one', 'pv-attach'),
    boundClaim('pinned-host-07', 'pv-host-07'),
    boundClaim('pinned-host-05', 'pv-host-05'),
    boundClaim('room-used', 'pv-room-used'),
    boundClaim('room-new', 'pv-room-new'),
    claimObject('room-late', { storageClassName: 'room-late' }),
    claimObject('wait-local', { storageClassName: 'local-wait' }),
    {
      ...claimObject('wait-big', { storageClassName: 'local-wait' }),
      spec: {
        accessModes: ['ReadWriteOnce'],
        resources: { requests: { storage: '2Gi' } },
        storageClassName: 'local-wait',
      },
    },
    claimObject('wait-z9', { storageClassName: 'late-z9' }),
    claimObject('wait-capacity', { storageClassName: 'late-capacity' }),
    {
      ...claimObject('wait-selected', { storageClassName: 'late-anywhere' }),
      metadata: {
        name: 'wait-selected',
        annotations: { 'volume.kubernetes.io/selected-node': 'node-gone' },
      },
    },
  ],
}

function waitingClass(name: string, provisioner: string): Obj {
  return { metadata: { name }, provisioner, volumeBindingMode: 'WaitForFirstConsumer' }
}

/** A CSIStorageCapacity of class late-capacity, reached from the nodes of `zone`. */
function storageCapacity(name: string, capacity: string, maximum: string | null, zone: string) {
  return {
    metadata: { name },
    storageClassName: 'late-capacity',
    capacity,
    ...(maximum === null ? {} : { maximumVolumeSize: maximum }),
    nodeTopology: { matchLabels: { [ZONE]: zone } },
  }
}

/** A claim bound as the PV controller leaves it: its volume named, the binding marked complete. */
function boundClaim(name: string, volumeName: string): Obj {
  const claim = claimObject(name, { volumeName, storageClassName: '' })
  const annotations = { 'pv.kubernetes.io/bind-completed': 'yes' }
  return { ...claim, metadata: { name, annotations } }
}

function persistentVolume(name: string, spec: Obj): Obj {
  return {
    metadata: { name },
    spec: {
      capacity: { storage: '1Gi' },
      accessModes: ['ReadWriteOnce'],
      csi: { driver: 'disk.example.com', volumeHandle: name },
      ...spec,
    },
  }
}

/** Pinned to one host by name, which VolumeBinding's PreFilter narrows the nodes to. */
function hostAffinity(host: string): Obj {
  return {
    required: {
      nodeSelectorTerms: [{ matchExpressions: [{ key: HOST, operator: 'In', values: [host] }] }],
    },
  }
}

function zoneAffinity(zone: string): Obj {
  return {
    required: {
      nodeSelectorTerms: [{ matchExpressions: [{ key: ZONE, operator: 'In', values: [zone] }] }],
    },
  }
}

function claimObject(name: string, spec: Obj): Obj {
  return {
    metadata: { name },
    spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, ...spec },
  }
}

/**
 * Each probe mounts one claim, or an ephemeral volume: those VolumeBinding's PreFilter refuses,
 * then bound claims whose volume no node's zone meets (node affinity), one zone's nodes meet
 * (node affinity, and a zone label), or that does not exist, or pinned by name to the
 * unschedulable node-07 (the other nodes left out at PreFilter), the same held to node-03 by
 * `metadata.name` (no node left: turned away at PreFilter), once with a priority above the
 * placed pods', and two volumes pinned to node-07 and node-05; then NodeVolumeLimits' probes: a
 * volume of a driver with room on no node, and on node-02 a new volume where room-user's fills
 * the driver's place, that same volume (counted once), and one the class would provision. Then
 * claims waiting for their first consumer, every one Pending (one that fits would wait in
 * PreBind for a provisioner or PV controller that does not run): of a class that provisions
 * nothing, whose one free volume is in z1, held to z2, and asking for more than it holds; of a class whose
 * allowedTopologies name no zone; held to z1, where the capacities are too small (the one with
 * room is z3's); provisioning on a node that is gone; and beside a claim bound to z2's volume.
 */
export function claimProbes(): Obj[] {
  const probe = (name: string, volume: Obj): Obj => ({
    metadata: { name, labels: { role: 'probe' } },
    spec: { containers: [container()], volumes: [{ name: 'scratch', ...volume }] },
  })
  const claim = (claimName: string): Obj => ({ persistentVolumeClaim: { claimName } })
  const ephemeral = {
    ephemeral: {
      volumeClaimTemplate: {
        spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } },
      },
    },
  }
  return [
    probe('claim-immediate', claim('unbound-now')),
    probe('claim-deleting', claim('going')),
    probe('claim-lost', claim('lost')),
    probe('claim-ephemeral', ephemeral),
    probe('claim-foreign', ephemeral),
    probe('volume-nowhere', claim('pinned-nowhere')),
    probe('volume-z2', claim('pinned-z2')),
    probe('volume-zone-z3', claim('zoned-z3')),
    probe('volume-gone', claim('volume-gone')),
    probe('volume-host', claim('pinned-host-07')),
    namedOnly('node-03', probe('named-and-pinned', claim('pinned-host-07'))),
    urgent(namedOnly('node-03', probe('named-and-pinned-urgent', claim('pinned-host-07')))),
    twoClaims('pinned-apart', ['on-07', 'pinned-host-07'], ['on-05', 'pinned-host-05']),
    probe('limit-none', claim('attach-one')),
    onNode02(probe('limit-full', claim('room-new'))),
    onNode02(probe('limit-shared', claim('room-used'))),
    onNode02(probe('limit-provisioned', claim('room-late'))),
    probe('wait-big', claim('wait-big')),
    inZone('z2', probe('wait-elsewhere', claim('wait-local'))),
    probe('wait-topology', claim('wait-z9')),
    inZone('z1', probe('wait-capacity', claim('wait-capacity'))),
    probe('wait-selected', claim('wait-selected')),
    twoClaims('wait-and-bound', ['bound', 'pinned-z2'], ['waiting', 'wait-local']),
  ]
}

/** A probe with two volumes, each `[volume name, claim name]`. */
function twoClaims(name: string, ...volumes: [string, string][]): Obj {
  const spec = {
    containers: [container()],
    volumes: volumes.map(([volume, claimName]) => ({
      name: volume,
      persistentVolumeClaim: { claimName },
    })),
  }
  return { metadata: { name, labels: { role: 'probe' } }, spec }
}

/** A priority above the placed pods' (0), so that they are what preemption would take off. */
export const URGENT_CLASS = {
  apiVersion: 'scheduling.k8s.io/v1',
  kind: 'PriorityClass',
  metadata: { name: 'urgent' },
  value: 1000,
}

function urgent(probe: Obj): Obj {
  return { ...probe, spec: { ...(probe.spec as Obj), priorityClassName: 'urgent' } }
}

/** The probe held by its node affinity to the node named `node` (`metadata.name In`). */
function namedOnly(node: string, probe: Obj): Obj {
  const spec = { ...(probe.spec as Obj) }
  const matchFields = [{ key: 'metadata.name', operator: 'In', values: [node] }]
  addAffinity(spec, 'nodeAffinity', {
    requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields }] },
  })
  return { ...probe, spec }
}

/** The probe held to the nodes of `zone`. */
function inZone(zone: string, probe: Obj): Obj {
  return { ...probe, spec: { ...(probe.spec as Obj), nodeSelector: { [ZONE]: zone } } }
}

/** The probe held to node-02, where room-user's volume fills room.example.com's one place. */
function onNode02(probe: Obj): Obj {
  return { ...probe, spec: { ...(probe.spec as Obj), nodeSelector: { [HOST]: 'node-02' } } }
}
