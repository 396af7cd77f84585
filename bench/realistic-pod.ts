/**
 * Pending pods as kube-scheduler forwards them (about 2 KiB with 3 tolerations), with 0, 3 or 20
 * tolerations mixing Exists, Equal, an empty operator, Gt/Lt and an empty effect.
 */
import type { Toleration } from '../src/core/index.js'

export interface WireToleration {
  key?: string
  operator?: string
  value?: string
  effect?: string
  tolerationSeconds?: number
}

const NOT_READY: WireToleration = {
  key: 'node.kubernetes.io/not-ready',
  operator: 'Exists',
  effect: 'NoExecute',
  tolerationSeconds: 300,
}

/** Three: the admission default for not-ready, a dedicated pool, and a numeric tier threshold. */
const THREE: readonly WireToleration[] = [
  NOT_READY,
  { key: 'dedicated', operator: 'Equal', value: 'gpu', effect: 'NoSchedule' },
  { key: 'workload-tier', operator: 'Gt', value: '2', effect: 'NoSchedule' },
]

/** Twenty: a platform pod that tolerates many pools, with keys that no node carries too. */
const TWENTY: readonly WireToleration[] = [
  NOT_READY,
  {
    key: 'node.kubernetes.io/unreachable',
    operator: 'Exists',
    effect: 'NoExecute',
    tolerationSeconds: 300,
  },
  { key: 'dedicated', operator: 'Equal', value: 'gpu', effect: 'NoSchedule' },
  { key: 'dedicated', operator: 'Equal', value: 'highmem', effect: 'NoSchedule' },
  { key: 'dedicated', value: 'batch', effect: 'NoSchedule' },
  { key: 'nvidia.com/gpu', operator: 'Exists', effect: 'NoSchedule' },
  { key: 'cloud.google.com/gke-spot', operator: 'Equal', value: 'true', effect: 'NoSchedule' },
  { key: 'workload-tier', operator: 'Gt', value: '3', effect: 'NoSchedule' },
  { key: 'workload-tier', operator: 'Lt', value: '2', effect: 'NoSchedule' },
  { key: 'team', operator: 'Equal', value: 'data', effect: 'PreferNoSchedule' },
  { key: 'example.com/maintenance', operator: 'Exists' },
  { key: 'node.kubernetes.io/memory-pressure', operator: 'Exists', effect: 'NoSchedule' },
  { key: 'node.kubernetes.io/disk-pressure', operator: 'Exists', effect: 'NoSchedule' },
  { key: 'node.kubernetes.io/pid-pressure', operator: 'Exists', effect: 'NoSchedule' },
  { key: 'node.kubernetes.io/network-unavailable', operator: 'Exists', effect: 'NoSchedule' },
  { key: 'example.com/team-a', operator: 'Exists', effect: 'NoSchedule' },
  { key: 'example.com/team-b', operator: 'Equal', value: 'reserved', effect: 'NoSchedule' },
  { key: 'example.com/region-lock', operator: 'Equal', value: 'eu', effect: 'NoExecute' },
  { key: 'example.com/kernel', operator: 'Gt', value: '5', effect: 'NoSchedule' },
  { key: 'example.com/canary', operator: 'Exists', effect: 'PreferNoSchedule' },
]

export const TOLERATION_COUNTS = [0, 3, 20] as const
export type TolerationCount = (typeof TOLERATION_COUNTS)[number]

export function tolerationsFor(count: TolerationCount): readonly WireToleration[] {
  return count === 0 ? [] : count === 3 ? THREE : TWENTY
}

/** The same tolerations as the core types hold them after decoding. */
export function coreTolerations(wire: readonly WireToleration[]): Toleration[] {
  return wire.map((t) => ({
    key: t.key ?? '',
    operator: t.operator ?? '',
    value: t.value ?? '',
    effect: t.effect ?? '',
    tolerationSeconds: t.tolerationSeconds === undefined ? null : BigInt(t.tolerationSeconds),
  }))
}

/** A pending pod of a Deployment, as the scheduler holds it. */
export function realisticPod(
  name: string,
  tolerations: readonly WireToleration[]
): Record<string, unknown> {
  return {
    metadata: {
      name,
      generateName: 'checkout-api-7d9f8b6c5d-',
      namespace: 'shop',
      uid: `5b0c6a2e-1f0d-4c57-9d3e-${name.padStart(12, '0').slice(-12)}`,
      resourceVersion: '48213907',
      creationTimestamp: '2025-11-20T21:58:40Z',
      labels: { app: 'checkout-api', 'pod-template-hash': '7d9f8b6c5d', tier: 'backend' },
      annotations: { 'kubectl.kubernetes.io/restartedAt': '2025-11-20T21:58:39Z' },
      ownerReferences: [
        {
          apiVersion: 'apps/v1',
          kind: 'ReplicaSet',
          name: 'checkout-api-7d9f8b6c5d',
          uid: '0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
          controller: true,
          blockOwnerDeletion: true,
        },
      ],
    },
    spec: {
      containers: [
        {
          name: 'app',
          image: 'europe-docker.pkg.dev/acme-prod/services/checkout-api:v2.41.3',
          ports: [{ name: 'http', containerPort: 8080, protocol: 'TCP' }],
          env: [
            { name: 'LOG_LEVEL', value: 'info' },
            { name: 'POD_IP', valueFrom: { fieldRef: { fieldPath: 'status.podIP' } } },
          ],
          resources: {
            requests: { cpu: '500m', memory: '512Mi' },
            limits: { memory: '1Gi' },
          },
          readinessProbe: { httpGet: { path: '/ready', port: 8080 }, periodSeconds: 5 },
          volumeMounts: [
            {
              name: 'kube-api-access-x7k2p',
              mountPath: '/var/run/secrets/kubernetes.io/serviceaccount',
              readOnly: true,
            },
          ],
          terminationMessagePath: '/dev/termination-log',
          imagePullPolicy: 'IfNotPresent',
        },
      ],
      restartPolicy: 'Always',
      terminationGracePeriodSeconds: 30,
      dnsPolicy: 'ClusterFirst',
      serviceAccountName: 'checkout-api',
      schedulerName: 'default-scheduler',
      priority: 0,
      enableServiceLinks: true,
      preemptionPolicy: 'PreemptLowerPriority',
      tolerations,
      volumes: [{ name: 'kube-api-access-x7k2p', projected: { defaultMode: 420, sources: [] } }],
    },
    status: { phase: 'Pending', qosClass: 'Burstable' },
  }
}
