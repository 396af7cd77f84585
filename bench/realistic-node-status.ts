/** The status of a realistic node: capacity, 12 conditions, addresses, nodeInfo, 50 images. */
import { hex } from './random.js'

export const CREATED = '2025-11-03T08:14:27Z'
const HEARTBEAT = '2025-11-20T21:58:02Z'

/** A condition that is not set: [type, "False", reason, message]. */
const clear = (type: string, reason: string, message: string) => [type, 'False', reason, message]

const CONDITIONS = [
  clear(
    'FrequentUnregisterNetDevice',
    'NoFrequentUnregisterNetDevice',
    'node is functioning properly'
  ),
  clear('FrequentKubeletRestart', 'NoFrequentKubeletRestart', 'kubelet is functioning properly'),
  clear('FrequentDockerRestart', 'NoFrequentDockerRestart', 'docker is functioning properly'),
  clear(
    'FrequentContainerdRestart',
    'NoFrequentContainerdRestart',
    'containerd is functioning properly'
  ),
  clear('KernelDeadlock', 'KernelHasNoDeadlock', 'kernel has no deadlock'),
  clear('ReadonlyFilesystem', 'FilesystemIsNotReadOnly', 'Filesystem is not read-only'),
  clear(
    'CorruptDockerOverlay2',
    'NoCorruptDockerOverlay2',
    'docker overlay2 is functioning properly'
  ),
  clear('NetworkUnavailable', 'RouteCreated', 'NodeController create implicit route'),
  clear('MemoryPressure', 'KubeletHasSufficientMemory', 'kubelet has sufficient memory available'),
  clear('DiskPressure', 'KubeletHasNoDiskPressure', 'kubelet has no disk pressure'),
  clear('PIDPressure', 'KubeletHasSufficientPID', 'kubelet has sufficient PID available'),
  ['Ready', 'True', 'KubeletReady', 'kubelet is posting ready status. AppArmor enabled'],
]

const IMAGE_REPOS = [
  'gcr.io/gke-release',
  'europe-docker.pkg.dev/acme-prod/services',
  'registry.k8s.io',
]

function images(random: () => number): unknown[] {
  const out: unknown[] = []
  for (let k = 0; k < 50; k++) {
    const repo = IMAGE_REPOS[k % IMAGE_REPOS.length] as string
    const image = `${repo}/component-${(k * 7919) % 1000}-${hex(random, 4)}`
    out.push({
      names: [
        `${image}@sha256:${hex(random, 64)}`,
        `${image}:v1.${k % 30}.${Math.floor(random() * 20)}`,
      ],
      sizeBytes: 5_000_000 + Math.floor(random() * 900_000_000),
    })
  }
  return out
}

export function realisticNodeStatus(
  i: number,
  name: string,
  random: () => number
): Record<string, unknown> {
  const ip = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`
  return {
    capacity: { cpu: '16', 'ephemeral-storage': '98831908Ki', memory: '65851340Ki', pods: '110' },
    allocatable: {
      cpu: '15890m',
      'ephemeral-storage': '47060071478',
      memory: '58395596Ki',
      pods: '110',
    },
    conditions: CONDITIONS.map(([type, status, reason, message]) => ({
      type,
      status,
      lastHeartbeatTime: HEARTBEAT,
      lastTransitionTime: CREATED,
      reason,
      message,
    })),
    addresses: [
      { type: 'InternalIP', address: ip },
      { type: 'ExternalIP', address: `34.${76 + (i % 100)}.${(i >> 8) & 255}.${i & 255}` },
      { type: 'Hostname', address: name },
    ],
    daemonEndpoints: { kubeletEndpoint: { Port: 10250 } },
    nodeInfo: {
      machineID: hex(random, 32),
      systemUUID: hex(random, 32),
      bootID: hex(random, 32),
      kernelVersion: '6.1.112+',
      osImage: 'Container-Optimized OS from Google',
      containerRuntimeVersion: 'containerd://1.7.24',
      kubeletVersion: 'v1.35.0-gke.1200000',
      kubeProxyVersion: 'v1.35.0-gke.1200000',
      operatingSystem: 'linux',
      architecture: 'amd64',
    },
    images: images(random),
  }
}
