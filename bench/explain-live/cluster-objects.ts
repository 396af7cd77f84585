/**
 * The cluster the live `explain` benchmark loads into kube-apiserver, as issue 62 describes it:
 * nodes with 13 labels, a fifth of them tainted; placed pods spread over 50 namespaces, each with
 * requests, a tenth with a required anti-affinity term; and the probe, a pending pod with
 * required pod affinity, required anti-affinity and a toleration of the tainted nodes. Objects
 * are as a client creates them (no uid, resourceVersion or timestamps); pods are created bound
 * (`spec.nodeName` set), as a scheduler would have left them, since no scheduler runs.
 */

export const NAMESPACES = 50
export const PROBE = { name: 'probe', namespace: 'ns-1' } as const

const ZONES = 10
const APPS = 500

export function namespaceName(i: number): string {
  return `ns-${i}`
}

export function benchNode(i: number): Record<string, unknown> {
  const zone = `zone-${i % ZONES}`
  return {
    metadata: {
      name: `node-${i}`,
      labels: {
        'kubernetes.io/hostname': `node-${i}`,
        'kubernetes.io/os': 'linux',
        'kubernetes.io/arch': 'amd64',
        'beta.kubernetes.io/os': 'linux',
        'beta.kubernetes.io/arch': 'amd64',
        'topology.kubernetes.io/zone': zone,
        'topology.kubernetes.io/region': 'region-1',
        'failure-domain.beta.kubernetes.io/zone': zone,
        'failure-domain.beta.kubernetes.io/region': 'region-1',
        'node.kubernetes.io/instance-type': 'm5.2xlarge',
        'beta.kubernetes.io/instance-type': 'm5.2xlarge',
        'example.com/pool': `pool-${i % 5}`,
        'example.com/rack': `rack-${i % 40}`,
      },
    },
    spec:
      i % 5 === 0 ? { taints: [{ key: 'dedicated', value: 'infra', effect: 'NoSchedule' }] } : {},
    status: {
      capacity: { cpu: '8', memory: '32Gi', pods: '110', 'ephemeral-storage': '100Gi' },
      allocatable: { cpu: '7910m', memory: '31Gi', pods: '110', 'ephemeral-storage': '95Gi' },
      conditions: [{ type: 'Ready', status: 'True', reason: 'KubeletReady' }],
    },
  }
}

/** Placed pod `k` of `count`, on node `k % nodes`. */
export function benchPod(k: number, nodes: number): Record<string, unknown> {
  const app = `app-${k % APPS}`
  const antiAffinity =
    k % 10 === 0
      ? {
          affinity: {
            podAntiAffinity: {
              requiredDuringSchedulingIgnoredDuringExecution: [
                { labelSelector: { matchLabels: { app } }, topologyKey: 'kubernetes.io/hostname' },
              ],
            },
          },
        }
      : {}
  return {
    metadata: {
      name: `pod-${k}`,
      namespace: namespaceName(k % NAMESPACES),
      // Half of each namespace's pods are the web tier the probe's affinity asks for.
      labels: { app, tier: Math.floor(k / NAMESPACES) % 2 === 0 ? 'web' : 'worker' },
    },
    spec: {
      nodeName: `node-${k % nodes}`,
      containers: [
        {
          name: 'main',
          image: 'registry.example/app:1.2.3',
          resources: { requests: { cpu: '100m', memory: '256Mi' }, limits: { memory: '512Mi' } },
        },
      ],
      tolerations: k % 5 === 0 ? [{ key: 'dedicated', operator: 'Exists' }] : [],
      ...antiAffinity,
    },
  }
}

/** The pending pod `explain` is asked about. */
export function probePod(): Record<string, unknown> {
  const term = (labels: Record<string, string>, topologyKey: string) => ({
    labelSelector: { matchLabels: labels },
    topologyKey,
  })
  return {
    metadata: { name: PROBE.name, namespace: PROBE.namespace, labels: { app: 'probe' } },
    spec: {
      containers: [
        {
          name: 'main',
          image: 'registry.example/probe:1',
          resources: { requests: { cpu: '500m' } },
        },
      ],
      tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'infra', effect: 'NoSchedule' }],
      affinity: {
        podAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: [
            term({ tier: 'web' }, 'topology.kubernetes.io/zone'),
          ],
        },
        podAntiAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: [
            term({ app: 'app-7' }, 'kubernetes.io/hostname'),
          ],
        },
      },
    },
  }
}
