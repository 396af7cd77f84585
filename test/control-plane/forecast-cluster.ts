/**
 * The cluster the forecast suites build on the real control plane: eight nodes of several shapes
 * (zones, pools, allocatable, a PreferNoSchedule and a NoSchedule taint) and, in namespace
 * `shop`, the workloads a taint or a drain of node TARGET meets: Deployments (one tolerating
 * `maint=yes:NoExecute` for a few seconds, one forever, one whose replacement fits nowhere), a
 * StatefulSet whose volume is TARGET's, a Job, a DaemonSet, a bare pod, and PodDisruptionBudgets. Bare filler pods load
 * the other nodes unevenly, so that the replacements' scores differ from node to node.
 */

export const NS = 'shop'
export const TARGET = 'general-2'
export const MAINT = { key: 'maint', value: 'yes', effect: 'NoExecute' } as const
export const MAINT_SECONDS = 6
const IMAGE = 'registry.k8s.io/pause:3.9'

interface NodeShape {
  readonly name: string
  readonly zone: 'a' | 'b'
  readonly pool: string
  readonly cpu: string
  readonly memory: string
  readonly taints?: readonly Record<string, string>[]
}

const NODES: readonly NodeShape[] = [
  { name: 'general-1', zone: 'a', pool: 'general', cpu: '4', memory: '16Gi' },
  { name: TARGET, zone: 'b', pool: 'general', cpu: '8', memory: '32Gi' },
  { name: 'general-3', zone: 'a', pool: 'general', cpu: '8', memory: '32Gi' },
  { name: 'compute-1', zone: 'b', pool: 'compute', cpu: '16', memory: '32Gi' },
  { name: 'memory-1', zone: 'a', pool: 'memory', cpu: '4', memory: '64Gi' },
  { name: 'small-1', zone: 'b', pool: 'general', cpu: '2', memory: '4Gi' },
  {
    name: 'spot-1',
    zone: 'b',
    pool: 'general',
    cpu: '4',
    memory: '8Gi',
    taints: [{ key: 'spot', value: 'true', effect: 'PreferNoSchedule' }],
  },
  {
    name: 'gpu-1',
    zone: 'a',
    pool: 'gpu',
    cpu: '8',
    memory: '32Gi',
    taints: [{ key: 'gpu', value: 'true', effect: 'NoSchedule' }],
  },
]

export function nodeObjects(): Record<string, unknown>[] {
  return NODES.map((n) =>
    readyNode(
      n.name,
      { cpu: n.cpu, memory: n.memory },
      { 'topology.kubernetes.io/zone': n.zone, pool: n.pool },
      n.taints
    )
  )
}

/**
 * A node as its kubelet would report it, Ready, with `resources` (and room for 110 pods) as
 * both capacity and allocatable, labelled with its hostname and `labels`.
 */
export function readyNode(
  name: string,
  resources: { readonly cpu: string; readonly memory: string },
  labels: Record<string, string> = {},
  taints: readonly Record<string, string>[] = []
): Record<string, unknown> {
  const capacity = { ...resources, pods: '110' }
  return {
    metadata: { name, labels: { 'kubernetes.io/hostname': name, ...labels } },
    spec: { taints },
    status: {
      capacity,
      allocatable: capacity,
      conditions: [{ type: 'Ready', status: 'True', reason: 'KubeletReady', message: 'ready' }],
    },
  }
}

type Spec = Record<string, unknown>

/**
 * A pod of one container; its grace period one second, which the stand-in kubelet takes whole
 * (forecast holds an evicted pod on its node for its grace period too), to keep the suites short.
 */
export function podSpec(cpu: string, memory: string, extra: Spec = {}): Spec {
  const resources = { requests: { cpu, memory } }
  return {
    containers: [{ name: 'main', image: IMAGE, resources }],
    terminationGracePeriodSeconds: 1,
    ...extra,
  }
}

function template(app: string, spec: Spec): Spec {
  return { metadata: { labels: { app } }, spec }
}

/** A Deployment of `replicas` pods of `spec`, labelled and selected by `app: name`. */
export function deployment(name: string, replicas: number, spec: Spec): Spec {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name },
    spec: { replicas, selector: { matchLabels: { app: name } }, template: template(name, spec) },
  }
}

const TOLERATES_MAINT_A_WHILE = {
  tolerations: [{ ...MAINT, operator: 'Equal', tolerationSeconds: MAINT_SECONDS }],
}
/** Zone b of pool general: TARGET, small-1 (too small) and spot-1 (its filler leaves too little). */
const ZONE_B_GENERAL = {
  affinity: {
    nodeAffinity: {
      requiredDuringSchedulingIgnoredDuringExecution: {
        nodeSelectorTerms: [
          {
            matchExpressions: [
              { key: 'topology.kubernetes.io/zone', operator: 'In', values: ['b'] },
              { key: 'pool', operator: 'In', values: ['general'] },
            ],
          },
        ],
      },
    },
  },
}

const DISK = { accessModes: ['ReadWriteOnce'] }

/**
 * The StatefulSet db's volume, a local disk of TARGET's (its node affinity TARGET's hostname),
 * made for db-0's claim (`data-db-0`), which the PV controller binds to it: db-0 runs on TARGET
 * alone, and so does the replacement the StatefulSet controller makes with the same claim.
 */
export function dbVolume(): Spec {
  return {
    apiVersion: 'v1',
    kind: 'PersistentVolume',
    metadata: { name: 'db-data' },
    spec: {
      ...DISK,
      capacity: { storage: '1Gi' },
      storageClassName: '',
      claimRef: { namespace: NS, name: 'data-db-0' },
      csi: { driver: 'disk.example.com', volumeHandle: 'db-data' },
      nodeAffinity: {
        required: {
          nodeSelectorTerms: [
            {
              matchExpressions: [
                { key: 'kubernetes.io/hostname', operator: 'In', values: [TARGET] },
              ],
            },
          ],
        },
      },
    },
  }
}

/** The workloads created while every node but TARGET is cordoned, so that they run there. */
export function targetWorkloads(): Spec[] {
  return [
    deployment('web', 3, podSpec('500m', '512Mi', TOLERATES_MAINT_A_WHILE)),
    deployment('api', 2, podSpec('1', '1Gi')),
    deployment('big', 1, podSpec('3', '2Gi', ZONE_B_GENERAL)),
    deployment(
      'cache',
      1,
      podSpec('250m', '256Mi', {
        tolerations: [{ key: MAINT.key, operator: 'Exists' }],
        volumes: [{ name: 'scratch', emptyDir: {} }],
      })
    ),
    {
      apiVersion: 'apps/v1',
      kind: 'StatefulSet',
      metadata: { name: 'db' },
      spec: {
        serviceName: 'db',
        replicas: 1,
        selector: { matchLabels: { app: 'db' } },
        template: template('db', podSpec('500m', '1Gi')),
        volumeClaimTemplates: [
          {
            metadata: { name: 'data' },
            spec: { ...DISK, storageClassName: '', resources: { requests: { storage: '1Gi' } } },
          },
        ],
      },
    },
    {
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: { name: 'report' },
      spec: { template: { spec: podSpec('250m', '256Mi', { restartPolicy: 'Never' }) } },
    },
    {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'debug', labels: { app: 'debug' } },
      spec: podSpec('100m', '64Mi', { nodeName: TARGET }),
    },
  ]
}

/** The DaemonSet (on every node it tolerates) and the budgets. */
export function clusterWideWorkloads(): Spec[] {
  const budget = (name: string, spec: Spec): Spec => ({
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: { name },
    spec: { selector: { matchLabels: { app: name } }, ...spec },
  })
  return [
    {
      apiVersion: 'apps/v1',
      kind: 'DaemonSet',
      metadata: { name: 'agent' },
      spec: {
        selector: { matchLabels: { app: 'agent' } },
        template: template('agent', podSpec('50m', '64Mi')),
      },
    },
    budget('web', { minAvailable: 3 }),
    budget('api', { maxUnavailable: 1 }),
  ]
}

/** Bound by name, so that the other nodes are loaded unevenly; and a Deployment placed freely. */
export function otherWorkloads(): Spec[] {
  const filler = (node: string, cpu: string, memory: string): Spec => ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: `filler-${node}`, labels: { app: 'filler' } },
    spec: podSpec(cpu, memory, { nodeName: node }),
  })
  return [
    filler('general-1', '1', '2Gi'),
    filler('general-3', '3', '8Gi'),
    filler('compute-1', '6', '8Gi'),
    filler('memory-1', '1', '32Gi'),
    filler('spot-1', '2', '2Gi'),
    deployment('catalog', 3, podSpec('500m', '1Gi')),
  ]
}
