import { describe, expect, it } from 'vitest'
import { runTool, tempFile } from './run-tool.js'

/**
 * forecast of a replacement with a generic ephemeral volume, through the tool, from files: the
 * claim its controller makes from the template once the new pod exists is judged as that claim
 * when its class waits for the first consumer (kube-scheduler's VolumeBinding binds it where
 * the pod goes), of the default class when the template names none; a claim the PV controller
 * binds first (a class binding at once, or no class) leaves the volume plugins unjudged.
 * Nodes n1 to n3; the pod on n1, whose claim holds n1's volume; a free volume on n3 alone.
 */

const HOSTNAME = 'kubernetes.io/hostname'
const NODE_NAMES = ['n1', 'n2', 'n3']

function node(name: string) {
  const allocatable = { cpu: '4', memory: '8Gi', pods: '110' }
  return { kind: 'Node', metadata: { name, labels: { [HOSTNAME]: name } }, status: { allocatable } }
}

function podSpec(storageClassName: string | undefined) {
  const spec = {
    ...(storageClassName === undefined ? {} : { storageClassName }),
    accessModes: ['ReadWriteOnce'],
    resources: { requests: { storage: '1Gi' } },
  }
  return {
    containers: [{ name: 'c', image: 'i', resources: { requests: { cpu: '100m' } } }],
    volumes: [{ name: 'scratch', ephemeral: { volumeClaimTemplate: { spec } } }],
  }
}

const RS_REF = { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'cache-5f6', uid: 'u-rs' }
const POD_REF = { apiVersion: 'v1', kind: 'Pod', name: 'cache-5f6-a', uid: 'u-cache-5f6-a' }

function pods(storageClassName: string | undefined, names = ['cache-5f6-a']) {
  const labels = { app: 'cache' }
  const podsOnN1 = names.map((name) => ({
    kind: 'Pod',
    metadata: {
      ...{ name, namespace: 'shop', uid: `u-${name}`, labels },
      ownerReferences: [{ ...RS_REF, controller: true }],
    },
    spec: { nodeName: 'n1', ...podSpec(storageClassName) },
    status: { phase: 'Running' },
  }))
  const replicaSet = {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: { name: 'cache-5f6', namespace: 'shop', uid: 'u-rs' },
    spec: {
      replicas: 1,
      selector: { matchLabels: labels },
      template: { metadata: { labels }, spec: podSpec(storageClassName) },
    },
  }
  return { kind: 'List', items: [...podsOnN1, replicaSet] }
}

function localVolume(host: string, claim?: string) {
  const onHost = { key: HOSTNAME, operator: 'In', values: [host] }
  return {
    kind: 'PersistentVolume',
    metadata: { name: `pv-${host}` },
    spec: {
      storageClassName: 'local',
      capacity: { storage: '1Gi' },
      accessModes: ['ReadWriteOnce'],
      local: { path: '/d' },
      ...(claim === undefined ? {} : { claimRef: { namespace: 'shop', name: claim, uid: 'u-c' } }),
      nodeAffinity: { required: { nodeSelectorTerms: [{ matchExpressions: [onHost] }] } },
    },
    status: { phase: claim === undefined ? 'Available' : 'Bound' },
  }
}

/** The old pod's claim, made by its controller and bound to n1's volume. */
const OLD_CLAIM = {
  kind: 'PersistentVolumeClaim',
  metadata: {
    ...{ name: 'cache-5f6-a-scratch', namespace: 'shop', uid: 'u-c' },
    annotations: { 'pv.kubernetes.io/bind-completed': 'yes' },
    ownerReferences: [{ ...POD_REF, controller: true }],
  },
  spec: { volumeName: 'pv-n1', storageClassName: 'local', accessModes: ['ReadWriteOnce'] },
  status: { phase: 'Bound' },
}

interface Storage {
  readonly mode: 'WaitForFirstConsumer' | 'Immediate'
  readonly isDefault: boolean
  readonly freeOnN3: boolean
}

function storage({ mode, isDefault, freeOnN3 }: Storage) {
  const annotations = isDefault ? { 'storageclass.kubernetes.io/is-default-class': 'true' } : {}
  const storageClass = {
    kind: 'StorageClass',
    metadata: { name: 'local', annotations },
    provisioner: 'kubernetes.io/no-provisioner',
    volumeBindingMode: mode,
  }
  const volumes = [localVolume('n1', OLD_CLAIM.metadata.name)]
  if (freeOnN3) volumes.push(localVolume('n3'))
  // The CSINodes, of no driver: NodeVolumeLimits counts nothing, and is judged.
  const csiNodes = NODE_NAMES.map((name) => ({ kind: 'CSINode', metadata: { name }, spec: {} }))
  return { kind: 'List', items: [storageClass, OLD_CLAIM, ...volumes, ...csiNodes] }
}

/** forecast of a NoExecute taint on n1 over the pods and storage objects, `output` its flags. */
function forecastOn(podList: object, storageList: object, output = ['-o', 'json']) {
  const nodes = { kind: 'List', items: NODE_NAMES.map(node) }
  const files = [
    ['--nodes', tempFile('nodes.json', JSON.stringify(nodes))],
    ['--pods', tempFile('pods.json', JSON.stringify(podList))],
    ['--storage', tempFile('storage.json', JSON.stringify(storageList))],
  ].flat()
  return runTool('forecast', [
    '--taint',
    'maint=now:NoExecute',
    '--node',
    'n1',
    ...files,
    ...output,
  ])
}

const WAITS: Storage = { mode: 'WaitForFirstConsumer', isDefault: true, freeOnN3: true }
const VOLUMES = 'volumes (VolumeRestrictions, NodeVolumeLimits, VolumeBinding, VolumeZone)'
/** Without the volume plugins, the untainted nodes tie; the row says what was not judged. */
const UNJUDGED_TIE = { node: 'n2', tiedNodes: ['n2', 'n3'], reason: null, notJudged: [VOLUMES] }

describe('taint-extender forecast of a replacement with a generic ephemeral volume', () => {
  it.each<[string, string | undefined, Storage, object, number]>([
    [
      'a claim of a class waiting for its first consumer is judged: the replacement lands on the one node with a volume free for it',
      'local',
      WAITS,
      { node: 'n3', tiedNodes: ['n3'], notJudged: [] },
      0,
    ],
    [
      'a template naming no class gets the default class, and is judged the same',
      undefined,
      WAITS,
      { node: 'n3', tiedNodes: ['n3'], notJudged: [] },
      0,
    ],
    [
      'with no volume free, the replacement stays Pending for VolumeBinding, as kube-scheduler words it',
      'local',
      { ...WAITS, freeOnN3: false },
      {
        node: null,
        reason:
          "0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 node(s) didn't find available persistent volumes to bind. no new claims to deallocate, preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.",
      },
      1,
    ],
    [
      'a class binding at once leaves the volume plugins unjudged: the PV controller binds the claim before the pod is placed',
      'local',
      { ...WAITS, mode: 'Immediate' },
      UNJUDGED_TIE,
      0,
    ],
    [
      'storageClassName "" asks for no class, which binds at once too: unjudged',
      '',
      WAITS,
      UNJUDGED_TIE,
      0,
    ],
    [
      'a template naming no class with no default class has none either: unjudged',
      undefined,
      { ...WAITS, isDefault: false },
      UNJUDGED_TIE,
      0,
    ],
  ])('%s', async (_name, className, classes, expected, code) => {
    const result = await forecastOn(pods(className), storage(classes))
    expect([result.code, result.stderr]).toEqual([code, ''])
    const followed = JSON.parse(result.stdout) as { evicted: { replacement: object | null }[] }
    expect(followed.evicted.map((e) => e.replacement)).toEqual([expect.objectContaining(expected)])
  })

  it('gives a volume to one replacement only: the next finds it assumed bound and stays Pending', async () => {
    const result = await forecastOn(pods('local', ['cache-5f6-a', 'cache-5f6-b']), storage(WAITS))
    expect([result.code, result.stderr]).toEqual([1, ''])
    const followed = JSON.parse(result.stdout) as {
      evicted: { replacement: { node: string | null; reason: string | null } | null }[]
    }
    expect(followed.evicted.map((e) => e.replacement?.node)).toEqual(['n3', null])
    expect(followed.evicted[1]?.replacement?.reason).toContain(
      "2 node(s) didn't find available persistent volumes to bind"
    )
  })

  it('names in the replacement’s row what its judging could not read', async () => {
    const bindsAtOnce = storage({ ...WAITS, mode: 'Immediate' })
    const result = await forecastOn(pods('local'), bindsAtOnce, [])
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(
      /^shop\/cache-5f6-a +\+0 s +ReplicaSet cache-5f6 +n2; tied with n3; not judged: volumes \(VolumeRestrictions, NodeVolumeLimits, VolumeBinding, VolumeZone\)$/m
    )
  })
})
