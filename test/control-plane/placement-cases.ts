import type { WireTaint, WireToleration } from '../support/wire.js'

/**
 * The nodes and pods the placement suite sends to the real API server: taints of every effect,
 * cordons, and tolerations of every operator a v1.28 API server accepts (Equal, Exists, the
 * empty operator, the empty key, the empty effect, tolerationSeconds), drawn by a fixed seed.
 * Group `b` has no node free of taints, so pods that select it often fit nowhere.
 */

export interface NodeCase {
  readonly name: string
  readonly group: 'a' | 'b'
  readonly taints: readonly WireTaint[]
  readonly unschedulable: boolean
}

const gpu = { key: 'gpu', value: 'true', effect: 'NoSchedule' }
const spot = { key: 'spot', value: 'true', effect: 'PreferNoSchedule' }

export const NODES: readonly NodeCase[] = [
  { name: 'a-plain-1', group: 'a', taints: [], unschedulable: false },
  { name: 'a-plain-2', group: 'a', taints: [], unschedulable: false },
  { name: 'a-spot', group: 'a', taints: [spot], unschedulable: false },
  { name: 'a-cordoned', group: 'a', taints: [], unschedulable: true },
  { name: 'b-gpu', group: 'b', taints: [gpu], unschedulable: false },
  { name: 'b-gpu-spot', group: 'b', taints: [gpu, spot], unschedulable: false },
  {
    name: 'b-maintenance',
    group: 'b',
    taints: [{ key: 'maintenance', value: 'planned', effect: 'NoExecute' }],
    unschedulable: false,
  },
  {
    name: 'b-dedicated',
    group: 'b',
    taints: [{ key: 'dedicated', value: '', effect: 'NoSchedule' }],
    unschedulable: false,
  },
  {
    name: 'b-gpu-zone',
    group: 'b',
    taints: [gpu, { key: 'zone', value: 'x', effect: 'NoExecute' }],
    unschedulable: false,
  },
  { name: 'b-cordoned-gpu', group: 'b', taints: [gpu], unschedulable: true },
  { name: 'b-cordoned', group: 'b', taints: [], unschedulable: true },
  {
    name: 'b-gpu-false',
    group: 'b',
    taints: [{ key: 'gpu', value: 'false', effect: 'NoSchedule' }],
    unschedulable: false,
  },
]

const TOLERATIONS: readonly WireToleration[] = [
  { key: 'gpu', operator: 'Equal', value: 'true', effect: 'NoSchedule' },
  { key: 'gpu', operator: 'Exists' },
  { operator: 'Exists' },
  {
    key: 'maintenance',
    operator: 'Equal',
    value: 'planned',
    effect: 'NoExecute',
    tolerationSeconds: 600,
  },
  { key: 'dedicated', operator: 'Equal', value: '', effect: 'NoSchedule' },
  { key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoSchedule' },
  { key: 'zone', operator: 'Exists', effect: 'NoExecute' },
  { key: 'gpu', value: 'false' },
  { key: 'spot', operator: 'Exists', effect: 'PreferNoSchedule' },
  { operator: 'Exists', effect: 'NoSchedule' },
  { key: 'maintenance', operator: 'Exists', effect: 'NoExecute' },
]

export interface PodCase {
  readonly name: string
  readonly tolerations: readonly WireToleration[]
  /** The node group the pod selects, or null for any. */
  readonly group: 'b' | null
}

/** `count` pods, the same for every run: a Park–Miller generator with a fixed seed. */
export function podCases(count: number, seed = 7): PodCase[] {
  let state = seed
  const next = (): number => (state = (state * 48271) % 2147483647)
  const pods: PodCase[] = []
  for (let i = 0; i < count; i++) {
    const picks = next() % 4
    const tolerations: WireToleration[] = []
    for (let j = 0; j < picks; j++) {
      const toleration = TOLERATIONS[next() % TOLERATIONS.length]
      if (toleration !== undefined && !tolerations.includes(toleration))
        tolerations.push(toleration)
    }
    pods.push({ name: `pod-${i}`, tolerations, group: i % 2 === 1 ? 'b' : null })
  }
  return pods
}

export function nodeObject(node: NodeCase): Record<string, unknown> {
  const resources = { cpu: '64', memory: '256Gi', pods: '110' }
  return {
    metadata: {
      name: node.name,
      labels: { group: node.group, 'kubernetes.io/hostname': node.name },
    },
    spec: { taints: node.taints, unschedulable: node.unschedulable },
    status: {
      capacity: resources,
      allocatable: resources,
      conditions: [{ type: 'Ready', status: 'True', reason: 'KubeletReady', message: 'ready' }],
    },
  }
}

export function podObject(pod: PodCase, schedulerName: string): Record<string, unknown> {
  return {
    metadata: { name: pod.name },
    spec: {
      schedulerName,
      containers: [{ name: 'c', image: 'registry.k8s.io/pause:3.9' }],
      tolerations: pod.tolerations,
      ...(pod.group === null ? {} : { nodeSelector: { group: pod.group } }),
    },
  }
}
