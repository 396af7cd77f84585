import { withServerFields } from './api-server-fields.js'

/**
 * The objects of explain-scale.ts's cluster: nodes in ten zones (one in fifty tainted), placed
 * pods with requests (a third with a required anti-affinity term, a third with a spread
 * constraint), the pod to explain, and pending pods for `explain --pending`.
 */

export const PODS_PER_NODE = Number(process.env.BENCH_PODS_PER_NODE ?? 30)
const PENDING_CPU = process.env.BENCH_PENDING_CPU ?? '100m'
const ZONES = 10

export function nodeObject(i: number): unknown {
  return {
    metadata: {
      name: `node-${i}`,
      labels: {
        'kubernetes.io/hostname': `node-${i}`,
        'topology.kubernetes.io/zone': `zone-${i % ZONES}`,
        'node.kubernetes.io/instance-type': 'm5.2xlarge',
      },
    },
    spec:
      i % 50 === 0 ? { taints: [{ key: 'dedicated', value: 'infra', effect: 'NoSchedule' }] } : {},
    status: {
      allocatable: { cpu: '7910m', memory: '31Gi', pods: '110', 'ephemeral-storage': '95Gi' },
    },
  }
}

/** `BENCH_SERVER_FIELDS=1`: placed pods carry what an API server's do (api-server-fields.ts). */
const SERVER_FIELDS = process.env.BENCH_SERVER_FIELDS === '1'

export function podObject(node: number, j: number): unknown {
  const pod = barePod(node, j)
  return SERVER_FIELDS ? withServerFields(pod, node * PODS_PER_NODE + j) : pod
}

function barePod(node: number, j: number): Parameters<typeof withServerFields>[0] {
  const app = `app-${(node * PODS_PER_NODE + j) % 500}`
  const kind = j % 3
  return {
    metadata: { name: `pod-${node}-${j}`, namespace: `ns-${j % 20}`, labels: { app, tier: 'web' } },
    spec: {
      nodeName: `node-${node}`,
      priority: j % 4 === 0 ? 1000 : 0,
      containers: [
        {
          name: 'main',
          image: 'registry.example/app:1.2.3',
          resources: { requests: { cpu: '250m', memory: '512Mi' }, limits: { memory: '1Gi' } },
          ports: [{ containerPort: 8080, protocol: 'TCP' }],
        },
      ],
      ...(kind === 1
        ? {
            affinity: {
              podAntiAffinity: {
                requiredDuringSchedulingIgnoredDuringExecution: [
                  {
                    labelSelector: { matchLabels: { app } },
                    topologyKey: 'kubernetes.io/hostname',
                  },
                ],
              },
            },
          }
        : {}),
      ...(kind === 2
        ? {
            topologySpreadConstraints: [
              {
                maxSkew: 1,
                topologyKey: 'topology.kubernetes.io/zone',
                whenUnsatisfiable: 'DoNotSchedule',
                labelSelector: { matchLabels: { app } },
              },
            ],
          }
        : {}),
    },
    status: { phase: 'Running', startTime: '2026-11-01T00:00:00Z' },
  }
}

export function incomingPod(): unknown {
  return {
    metadata: { name: 'incoming', namespace: 'ns-0', labels: { app: 'app-0', tier: 'web' } },
    spec: {
      priority: 100,
      containers: [{ name: 'main', resources: { requests: { cpu: '2', memory: '1Gi' } } }],
      affinity: {
        podAntiAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: [
            {
              labelSelector: { matchLabels: { app: 'app-0' } },
              topologyKey: 'kubernetes.io/hostname',
            },
          ],
        },
      },
    },
  }
}

/**
 * A pending pod as kube-scheduler's queue holds it: required pod affinity to the web tier's zone,
 * required anti-affinity to its own app's node, a toleration of the tainted nodes, and
 * `PENDING_CPU` (100m by default: it fits; 1 fits nowhere and runs preemption on every node).
 */
export function pendingPod(k: number): unknown {
  const app = `app-${k % 500}`
  const term = (labels: Record<string, string>, topologyKey: string) => ({
    labelSelector: { matchLabels: labels },
    topologyKey,
  })
  return {
    metadata: { name: `pending-${k}`, namespace: `ns-${k % 20}`, labels: { app, tier: 'web' } },
    spec: {
      priority: 100,
      tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'infra', effect: 'NoSchedule' }],
      containers: [{ name: 'main', resources: { requests: { cpu: PENDING_CPU, memory: '1Gi' } } }],
      affinity: {
        podAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: [
            term({ tier: 'web' }, 'topology.kubernetes.io/zone'),
          ],
        },
        podAntiAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: [term({ app }, 'kubernetes.io/hostname')],
        },
      },
    },
    status: { phase: 'Pending' },
  }
}
