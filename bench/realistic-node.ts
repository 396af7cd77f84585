/**
 * Node objects shaped like a production cloud node (field survey §3.3): 24 labels, 6
 * annotations, 12 conditions, 50 images, addresses, capacity and nodeInfo, about 16 KiB of
 * compact JSON. Node `i` is a pure function of `i`, so the API server, the full-node payloads and
 * the expected answers all see the same fleet without sharing state.
 */
import type { NodeTaints, Taint } from '../src/core/index.js'
import { hex, seededRandom } from './random.js'
import { CREATED, realisticNodeStatus } from './realistic-node-status.js'

const REGION = 'europe-west1'
const ZONES = ['europe-west1-b', 'europe-west1-c', 'europe-west1-d'] as const

interface Pool {
  readonly name: string
  readonly machine: string
  readonly taints: (random: () => number) => Taint[]
}

const taint = (key: string, value: string, effect: string): Taint => ({ key, value, effect })

/** Node pools and their taints; the share of each pool is given by `poolOf`. */
const POOLS: readonly Pool[] = [
  {
    name: 'general',
    machine: 'n2-standard-16',
    taints: (r) =>
      r() < 0.15 ? [taint('example.com/maintenance', 'scheduled', 'PreferNoSchedule')] : [],
  },
  {
    name: 'spot',
    machine: 'n2-standard-8',
    taints: () => [
      taint('cloud.google.com/gke-spot', 'true', 'NoSchedule'),
      taint('spot', 'true', 'PreferNoSchedule'),
    ],
  },
  {
    name: 'gpu',
    machine: 'a2-highgpu-1g',
    taints: () => [
      taint('nvidia.com/gpu', 'present', 'NoSchedule'),
      taint('dedicated', 'gpu', 'NoSchedule'),
    ],
  },
  {
    name: 'tiered',
    machine: 'n2-highmem-32',
    taints: (r) => [
      taint('workload-tier', String(1 + Math.floor(r() * 5)), 'NoSchedule'),
      taint('team', 'data', 'PreferNoSchedule'),
    ],
  },
  {
    name: 'infra',
    machine: 'e2-standard-8',
    taints: () => [
      taint('dedicated', 'infra', 'NoSchedule'),
      taint('dedicated', 'infra', 'NoExecute'),
      taint('example.com/maintenance', 'scheduled', 'PreferNoSchedule'),
    ],
  },
]

function poolOf(i: number): Pool {
  const slot = i % 20 // 55 % general, 15 % spot, 10 % gpu, 10 % tiered, 10 % infra
  const index = slot < 11 ? 0 : slot < 14 ? 1 : slot < 16 ? 2 : slot < 18 ? 3 : 4
  return POOLS[index] as Pool
}

export function nodeName(i: number): string {
  const pool = poolOf(i)
  return `gke-prod-${REGION}-${pool.name}-pool-${hex(seededRandom(i * 7 + 1), 8)}-${i.toString(36).padStart(4, '0')}`
}

/** What the rules read of node `i`: about 2 % cordoned and 1 % unreachable, as on a big fleet. */
export function nodeTaints(i: number): NodeTaints {
  const random = seededRandom(i * 13 + 5)
  const taints = poolOf(i).taints(random)
  const health = random()
  let unschedulable = false
  if (health < 0.02) {
    unschedulable = true
    taints.splice(2)
    taints.push(taint('node.kubernetes.io/unschedulable', '', 'NoSchedule'))
  } else if (health < 0.03) {
    taints.splice(1)
    taints.push(taint('node.kubernetes.io/unreachable', '', 'NoExecute'))
  }
  return { name: nodeName(i), unschedulable, taints }
}

/** Node `i` as the API server serves it and kube-scheduler forwards it (camelCase). */
export function realisticNode(i: number): Record<string, unknown> {
  const name = nodeName(i)
  const pool = poolOf(i)
  const zone = ZONES[i % ZONES.length] as string
  const random = seededRandom(i * 31 + 3)
  const { taints, unschedulable } = nodeTaints(i)
  const labels: Record<string, string> = {
    'beta.kubernetes.io/arch': 'amd64',
    'beta.kubernetes.io/instance-type': pool.machine,
    'beta.kubernetes.io/os': 'linux',
    'cloud.google.com/gke-boot-disk': 'pd-balanced',
    'cloud.google.com/gke-container-runtime': 'containerd',
    'cloud.google.com/gke-cpu-scaling-level': '16',
    'cloud.google.com/gke-logging-variant': 'DEFAULT',
    'cloud.google.com/gke-max-pods-per-node': '110',
    'cloud.google.com/gke-nodepool': `${pool.name}-pool`,
    'cloud.google.com/gke-os-distribution': 'cos',
    'cloud.google.com/gke-provisioning': pool.name === 'spot' ? 'spot' : 'standard',
    'cloud.google.com/gke-stack-type': 'IPV4',
    'cloud.google.com/machine-family': pool.machine.split('-')[0] ?? 'n2',
    'cloud.google.com/private-node': 'true',
    'failure-domain.beta.kubernetes.io/region': REGION,
    'failure-domain.beta.kubernetes.io/zone': zone,
    'kubernetes.io/arch': 'amd64',
    'kubernetes.io/hostname': name,
    'kubernetes.io/os': 'linux',
    'node.kubernetes.io/instance-type': pool.machine,
    'topology.gke.io/zone': zone,
    'topology.kubernetes.io/region': REGION,
    'topology.kubernetes.io/zone': zone,
    'team.example.com/cost-center': `platform-${1000 + (i % 37)}`,
  }
  const spec: Record<string, unknown> = {
    podCIDR: `10.${64 + (i >> 8)}.${i & 255}.0/24`,
    podCIDRs: [`10.${64 + (i >> 8)}.${i & 255}.0/24`],
    providerID: `gce://acme-prod/${zone}/${name}`,
  }
  if (taints.length > 0)
    spec.taints = taints.map((t) => (t.value === '' ? { key: t.key, effect: t.effect } : t))
  if (unschedulable) spec.unschedulable = true
  return {
    metadata: {
      name,
      uid: `${hex(random, 8)}-${hex(random, 4)}-${hex(random, 4)}-${hex(random, 4)}-${hex(random, 12)}`,
      resourceVersion: String(100_000 + i),
      creationTimestamp: CREATED,
      labels,
      annotations: {
        'container.googleapis.com/instance_id': String(1e18 + i * 7_919_000),
        'csi.volume.kubernetes.io/nodeid': JSON.stringify({
          'pd.csi.storage.gke.io': `projects/acme-prod/zones/${zone}/instances/${name}`,
        }),
        'node.alpha.kubernetes.io/ttl': '0',
        'node.gke.io/last-applied-node-labels': Object.keys(labels).slice(4, 14).join(','),
        'node.gke.io/last-applied-node-taints': taints
          .map((t) => `${t.key}=${t.value}:${t.effect}`)
          .join(','),
        'volumes.kubernetes.io/controller-managed-attach-detach': 'true',
      },
    },
    spec,
    status: realisticNodeStatus(i, name, random),
  }
}
