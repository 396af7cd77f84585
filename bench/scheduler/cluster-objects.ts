/**
 * The nodes and pods the scheduler benchmark creates in the API server. Nodes are the bench's
 * production-like fleet (`realistic-node.ts`: pools with their taints, capacity, allocatable,
 * conditions, images; about 2 % cordoned and 1 % unreachable) without the fields the API server
 * sets itself. Pods are a Deployment's, a quarter with no tolerations of their own and the rest
 * tolerating one pool each, in the operators v1.28's validation accepts (no `Gt`/`Lt`); the
 * API server's DefaultTolerationSeconds admission adds the 300 s not-ready and unreachable
 * tolerations to every one, as in a real cluster. Every pod fits somewhere, so each run ends with
 * all of them bound.
 */
import { realisticNode } from '../realistic-node.js'
import type { WireToleration } from '../realistic-pod.js'

export const NAMESPACE = 'scheduler-bench'

/** Node `i` as a client creates it: status included, no uid, resourceVersion or timestamp. */
export function benchNode(i: number): Record<string, unknown> {
  const node = realisticNode(i) as { metadata: Record<string, unknown> }
  const { name, labels, annotations } = node.metadata
  return { ...node, metadata: { name, labels, annotations } }
}

const POOL_TOLERATIONS: readonly (readonly WireToleration[])[] = [
  [],
  [
    { key: 'cloud.google.com/gke-spot', operator: 'Equal', value: 'true', effect: 'NoSchedule' },
    { key: 'spot', operator: 'Exists', effect: 'PreferNoSchedule' },
  ],
  [
    { key: 'nvidia.com/gpu', operator: 'Exists', effect: 'NoSchedule' },
    { key: 'dedicated', operator: 'Equal', value: 'gpu', effect: 'NoSchedule' },
  ],
  [
    { key: 'workload-tier', operator: 'Exists', effect: 'NoSchedule' },
    { key: 'team', value: 'data', effect: 'PreferNoSchedule' },
    { key: 'example.com/maintenance', operator: 'Exists' },
  ],
]

export function podName(i: number): string {
  return `web-${i.toString(36).padStart(4, '0')}`
}

/** Pod `i`: pending, for the default scheduler, with the tolerations of pool `i % 4`. */
export function benchPod(i: number): Record<string, unknown> {
  const tolerations = POOL_TOLERATIONS[i % POOL_TOLERATIONS.length] ?? []
  return {
    metadata: {
      name: podName(i),
      namespace: NAMESPACE,
      labels: { app: 'web', 'pod-template-hash': '7d9f8b6c5d', tier: 'frontend' },
    },
    spec: {
      containers: [
        {
          name: 'app',
          image: 'europe-docker.pkg.dev/acme-prod/services/web:v2.41.3',
          ports: [{ name: 'http', containerPort: 8080, protocol: 'TCP' }],
          resources: { requests: { cpu: '100m', memory: '128Mi' }, limits: { memory: '256Mi' } },
        },
      ],
      terminationGracePeriodSeconds: 30,
      ...(tolerations.length > 0 ? { tolerations } : {}),
    },
  }
}
