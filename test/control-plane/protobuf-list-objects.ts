/**
 * Nodes and pods that between them set every member the decoders read of a Node and a Pod, for
 * the API server to answer in protobuf and in JSON (protobuf-lists.test.ts). Members the
 * release gates off (sidecar init containers, resource claims in 1.28) are set too: the API
 * server drops them, and both answers must then agree that they are absent.
 */

/** What the pods lean on: their namespace, a priority class and a runtime class. */
export const SETUP: readonly (readonly [string, unknown])[] = [
  ['/api/v1/namespaces', { metadata: { name: 'wire', labels: { team: 'a' } } }],
  [
    '/apis/scheduling.k8s.io/v1/priorityclasses',
    { metadata: { name: 'low-never' }, value: -5, preemptionPolicy: 'Never' },
  ],
  [
    '/apis/node.k8s.io/v1/runtimeclasses',
    {
      metadata: { name: 'with-overhead' },
      handler: 'runc',
      overhead: { podFixed: { cpu: '10m', memory: '8Mi' } },
    },
  ],
]

export const NODES: readonly unknown[] = [
  {
    metadata: { name: 'wire-n1', labels: { zone: 'z1', 'kubernetes.io/hostname': 'wire-n1' } },
    spec: {
      unschedulable: true,
      taints: [
        { key: 'dedicated', value: 'db', effect: 'NoSchedule' },
        { key: 'evict', effect: 'NoExecute' },
      ],
    },
  },
  { metadata: { name: 'wire-n2', labels: { zone: 'z2' } } },
  { metadata: { name: 'wire-n3' }, spec: { podCIDR: '10.0.3.0/24' } },
]

export const NODE_STATUSES: readonly (readonly [string, unknown])[] = [
  [
    'wire-n1',
    {
      capacity: { cpu: '4', memory: '8Gi', pods: '110', 'example.com/gpu': '2' },
      allocatable: { cpu: '3500m', memory: '7Gi', pods: '110', 'example.com/gpu': '2' },
      images: [
        {
          names: ['registry.example/app@sha256:0a1b', 'registry.example/app:v1'],
          sizeBytes: 123456789,
        },
        { names: ['registry.example/side:v2'], sizeBytes: 1024 },
      ],
    },
  ],
  ['wire-n2', { allocatable: { cpu: '2', memory: '4Gi', pods: '10' } }],
]

const selector = {
  matchLabels: { app: 'web' },
  matchExpressions: [{ key: 'tier', operator: 'In', values: ['front', 'back'] }],
}
const term = (topologyKey: string) => ({
  labelSelector: selector,
  namespaces: ['wire', 'other'],
  namespaceSelector: { matchExpressions: [{ key: 'team', operator: 'Exists' }] },
  topologyKey,
})
const nodeTerm = (key: string, values: string[]) => ({
  matchExpressions: [{ key, operator: 'In', values }],
  matchFields: [{ key: 'metadata.name', operator: 'NotIn', values: ['wire-n3'] }],
})

const FULL_SPEC = {
  nodeName: 'wire-n1',
  schedulerName: 'other-scheduler',
  priorityClassName: 'low-never',
  runtimeClassName: 'with-overhead',
  nodeSelector: { zone: 'z1' },
  terminationGracePeriodSeconds: 45,
  initContainers: [
    {
      name: 'init',
      image: 'busybox',
      resources: { requests: { cpu: '200m' }, limits: { cpu: '1' } },
    },
    {
      name: 'sidecar',
      image: 'envoy',
      restartPolicy: 'Always',
      resources: { requests: { memory: '32Mi' } },
    },
  ],
  containers: [
    {
      name: 'app',
      image: 'registry.example/app:v1',
      ports: [
        { containerPort: 80, hostPort: 8080, protocol: 'TCP', hostIP: '127.0.0.2' },
        { containerPort: 53, hostPort: 5353, protocol: 'UDP' },
        { containerPort: 9090 },
      ],
      resources: {
        requests: { cpu: '250m', memory: '64Mi', 'example.com/gpu': '1' },
        limits: { cpu: '500m', memory: '128Mi', 'example.com/gpu': '1' },
      },
    },
    { name: 'helper', image: 'busybox' },
  ],
  affinity: {
    nodeAffinity: {
      requiredDuringSchedulingIgnoredDuringExecution: {
        nodeSelectorTerms: [nodeTerm('zone', ['z1', 'z2'])],
      },
      preferredDuringSchedulingIgnoredDuringExecution: [
        { weight: 40, preference: nodeTerm('zone', ['z1']) },
      ],
    },
    podAffinity: {
      requiredDuringSchedulingIgnoredDuringExecution: [term('zone')],
      preferredDuringSchedulingIgnoredDuringExecution: [
        { weight: 7, podAffinityTerm: term('kubernetes.io/hostname') },
      ],
    },
    podAntiAffinity: {
      requiredDuringSchedulingIgnoredDuringExecution: [term('kubernetes.io/hostname')],
      preferredDuringSchedulingIgnoredDuringExecution: [
        { weight: 100, podAffinityTerm: term('zone') },
      ],
    },
  },
  tolerations: [
    { key: 'dedicated', operator: 'Equal', value: 'db', effect: 'NoSchedule' },
    { key: 'evict', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 600 },
  ],
  topologySpreadConstraints: [
    {
      maxSkew: 1,
      topologyKey: 'zone',
      whenUnsatisfiable: 'DoNotSchedule',
      labelSelector: { matchLabels: { app: 'web' } },
      minDomains: 2,
      nodeAffinityPolicy: 'Honor',
      nodeTaintsPolicy: 'Ignore',
      matchLabelKeys: ['tier'],
    },
    {
      maxSkew: 3,
      topologyKey: 'kubernetes.io/hostname',
      whenUnsatisfiable: 'ScheduleAnyway',
      labelSelector: { matchExpressions: [{ key: 'app', operator: 'Exists' }] },
    },
  ],
  volumes: [
    { name: 'scratch', emptyDir: {} },
    { name: 'data', persistentVolumeClaim: { claimName: 'data' } },
    { name: 'cfg', configMap: { name: 'cfg' } },
    {
      name: 'tmp',
      ephemeral: {
        volumeClaimTemplate: {
          spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } },
        },
      },
    },
  ],
  resourceClaims: [{ name: 'gpu', source: { resourceClaimName: 'gpu-claim' } }],
}

const plain = (name: string, nodeName: string) => ({
  metadata: { name, labels: { app: 'plain' } },
  spec: { nodeName, containers: [{ name: 'c', image: 'busybox' }] },
})

export const PODS: readonly unknown[] = [
  {
    metadata: {
      name: 'full',
      labels: { app: 'web', tier: 'front' },
      annotations: {
        'kubernetes.io/config.mirror': 'h',
        'kubectl.kubernetes.io/last-applied-configuration': JSON.stringify({ spec: FULL_SPEC }),
      },
      ownerReferences: [
        {
          apiVersion: 'v1',
          kind: 'ConfigMap',
          name: 'other',
          uid: '00000000-0000-0000-0000-000000000001',
        },
        {
          apiVersion: 'apps/v1',
          kind: 'ReplicaSet',
          name: 'web-rs',
          uid: '00000000-0000-0000-0000-000000000002',
          controller: true,
          blockOwnerDeletion: true,
        },
      ],
      finalizers: ['example.com/hold'],
    },
    spec: FULL_SPEC,
  },
  {
    metadata: { name: 'pending', labels: { app: 'web', tier: 'back' } },
    spec: {
      schedulerName: 'nobody',
      containers: [{ name: 'c', image: 'busybox', resources: { requests: { cpu: '1' } } }],
    },
  },
  ...['a', 'b', 'c', 'd'].map((name) => plain(`plain-${name}`, name < 'c' ? 'wire-n2' : 'wire-n3')),
]

export const POD_STATUSES: readonly (readonly [string, unknown])[] = [
  [
    'full',
    {
      phase: 'Running',
      startTime: '2026-11-01T10:00:00Z',
      conditions: [
        { type: 'PodScheduled', status: 'True' },
        { type: 'Ready', status: 'True', reason: 'Started' },
        { type: 'PodResizePending', status: 'True', reason: 'Infeasible' },
      ],
      initContainerStatuses: [
        {
          name: 'init',
          ready: false,
          restartCount: 0,
          image: 'busybox',
          imageID: '',
          state: { terminated: { exitCode: 0 } },
        },
      ],
      containerStatuses: [
        {
          name: 'app',
          ready: true,
          restartCount: 0,
          image: 'registry.example/app:v1',
          imageID: '',
          state: { running: {} },
        },
      ],
    },
  ],
  [
    'pending',
    {
      phase: 'Pending',
      nominatedNodeName: 'wire-n2',
      conditions: [
        { type: 'PodScheduled', status: 'False', reason: 'Unschedulable', message: 'no room' },
      ],
    },
  ],
  ['plain-a', { phase: 'Succeeded' }],
]
