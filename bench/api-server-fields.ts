/**
 * What an API server's pod carries beside what the rules read: managedFields of two managers,
 * a uid, a resourceVersion, an annotation, an owner, the defaulted spec fields, a projected
 * service-account volume and a full status. `BENCH_SERVER_FIELDS=1` adds them to the placed pods
 * of explain-scale.ts, so a reader that builds whole objects pays for them as it would on a
 * real cluster's list (about four times the bytes of a bare pod).
 */

type Pod = {
  metadata: Record<string, unknown>
  spec: Record<string, unknown> & { containers: Record<string, unknown>[] }
  status: Record<string, unknown>
}

const CONDITION_FIELDS = {
  '.': {},
  'f:lastProbeTime': {},
  'f:lastTransitionTime': {},
  'f:status': {},
  'f:type': {},
}

function managedFields(k: number): unknown[] {
  const container = {
    '.': {},
    'f:image': {},
    'f:name': {},
    'f:ports': {
      '.': {},
      'k:{"containerPort":8080,"protocol":"TCP"}': { '.': {}, 'f:containerPort': {} },
    },
    'f:resources': {
      '.': {},
      'f:limits': { '.': {}, 'f:memory': {} },
      'f:requests': { '.': {}, 'f:cpu': {}, 'f:memory': {} },
    },
    'f:terminationMessagePath': {},
  }
  return [
    {
      manager: 'kube-controller-manager',
      operation: 'Update',
      apiVersion: 'v1',
      time: '2026-11-01T00:00:00Z',
      fieldsType: 'FieldsV1',
      fieldsV1: {
        'f:metadata': {
          'f:labels': { '.': {}, 'f:app': {}, 'f:tier': {} },
          'f:ownerReferences': { '.': {}, [`k:{"uid":"rs-${k}"}`]: {} },
        },
        'f:spec': { 'f:containers': { 'k:{"name":"main"}': container }, 'f:restartPolicy': {} },
      },
    },
    {
      manager: 'kubelet',
      operation: 'Update',
      apiVersion: 'v1',
      time: '2026-11-01T00:00:05Z',
      fieldsType: 'FieldsV1',
      subresource: 'status',
      fieldsV1: {
        'f:status': {
          'f:conditions': {
            'k:{"type":"ContainersReady"}': CONDITION_FIELDS,
            'k:{"type":"Initialized"}': CONDITION_FIELDS,
            'k:{"type":"Ready"}': CONDITION_FIELDS,
          },
          'f:containerStatuses': {},
          'f:hostIP': {},
          'f:phase': {},
          'f:podIP': {},
          'f:startTime': {},
        },
      },
    },
  ]
}

/** `pod` (as podObject builds it, the `k`th) with an API server's fields added. */
export function withServerFields(pod: Pod, k: number): Pod {
  const time = '2026-11-01T00:00:00Z'
  Object.assign(pod.metadata, {
    uid: `uid-${k}`,
    resourceVersion: String(1000 + k),
    creationTimestamp: time,
    annotations: { 'kubectl.kubernetes.io/restartedAt': time },
    ownerReferences: [
      {
        apiVersion: 'apps/v1',
        kind: 'ReplicaSet',
        name: `rs-${k}`,
        uid: `rs-${k}`,
        controller: true,
      },
    ],
    managedFields: managedFields(k),
  })
  Object.assign(pod.spec, {
    dnsPolicy: 'ClusterFirst',
    restartPolicy: 'Always',
    schedulerName: 'default-scheduler',
    serviceAccountName: 'default',
    terminationGracePeriodSeconds: 30,
    volumes: [
      {
        name: 'kube-api-access',
        projected: {
          defaultMode: 420,
          sources: [{ serviceAccountToken: { expirationSeconds: 3607, path: 'token' } }],
        },
      },
    ],
  })
  Object.assign(pod.spec.containers[0] ?? {}, {
    env: [{ name: 'LOG_LEVEL', value: 'info' }],
    volumeMounts: [
      {
        name: 'kube-api-access',
        mountPath: '/var/run/secrets/kubernetes.io/serviceaccount',
        readOnly: true,
      },
    ],
  })
  Object.assign(pod.status, {
    conditions: ['Initialized', 'Ready', 'ContainersReady', 'PodScheduled'].map((type) => ({
      type,
      status: 'True',
      lastProbeTime: null,
      lastTransitionTime: time,
    })),
    hostIP: '10.1.0.1',
    podIP: '10.0.0.1',
    qosClass: 'Burstable',
    containerStatuses: [
      {
        name: 'main',
        state: { running: { startedAt: time } },
        ready: true,
        restartCount: 0,
        image: 'registry.example/app:1.2.3',
        imageID: `registry.example/app@sha256:${'0123456789abcdef'.repeat(4)}`,
        containerID: `containerd://${'fedcba9876543210'.repeat(4)}`,
      },
    ],
  })
  return pod
}
