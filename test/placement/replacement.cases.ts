import type {
  ClusterPod,
  Replacement,
  ReplacementNode,
  Workload,
  WorkloadKind,
} from '../../src/placement/index.js'
import { GATE_ON, taint, toleration } from '../core/builders.js'
import { pod } from './builders.js'

/**
 * replacementFor, one row per controller rule: who recreates an evicted pod, what it makes,
 * when, and why nothing does. The numbers are the controllers' (eviction-and-drain notes §2).
 */

export const TEMPLATE = pod({ name: '', namespace: '', labels: { app: 'web' }, priority: 7 })

export function workload(kind: WorkloadKind, name: string, more: Partial<Workload> = {}): Workload {
  return {
    kind,
    namespace: 'shop',
    name,
    uid: `uid-${name}`,
    selector: { matchLabels: { app: 'web' }, matchExpressions: [] },
    replicas: 3,
    template: TEMPLATE,
    controller: null,
    ...more,
  }
}

export function owned(kind: string, name: string, more: Partial<ClusterPod> = {}): ClusterPod {
  return {
    ...pod({ name: more.name ?? `${name}-x2k4p`, namespace: 'shop', nodeName: 'n1' }),
    labels: { app: 'web', 'pod-template-hash': 'h' },
    controller: { apiVersion: 'apps/v1', kind, name, uid: `uid-${name}` },
    gracePeriodSeconds: 45,
    priority: 1000,
    ...more,
  }
}

export const DEPLOYMENT_RS = workload('ReplicaSet', 'web-7d9', {
  controller: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', uid: 'uid-web' },
})

export interface Row {
  readonly name: string
  readonly pod: ClusterPod
  readonly workloads: readonly Workload[]
  readonly node?: ReplacementNode
  readonly expected: Partial<Replacement> & { readonly podName?: string | null }
}

const TAINTED_NODE = (spec: string): ReplacementNode => ({
  taints: [taint(spec)],
  options: GATE_ON,
})

export const ROWS: Row[] = [
  {
    name: 'a bare pod is replaced by nothing, said plainly',
    pod: { ...pod({ name: 'lonely', nodeName: 'n1' }), controller: null },
    workloads: [],
    expected: {
      outcome: 'none',
      owner: null,
      reason: 'a bare pod: nothing recreates it',
      podName: null,
    },
  },
  {
    name: 'a Deployment pod is replaced at once by its ReplicaSet from the template, named from <rs>- and owned by the Deployment',
    pod: owned('ReplicaSet', 'web-7d9'),
    workloads: [DEPLOYMENT_RS],
    expected: {
      outcome: 'recreated',
      owner: { kind: 'Deployment', name: 'web' },
      controller: { kind: 'ReplicaSet', name: 'web-7d9' },
      afterSeconds: 0,
      waitsForOldPod: false,
      boundTo: null,
      podName: 'web-7d9-<new>',
    },
  },
  {
    name: 'a ReplicationController replaces at once as a ReplicaSet does',
    pod: owned('ReplicationController', 'legacy'),
    workloads: [workload('ReplicationController', 'legacy')],
    expected: {
      outcome: 'recreated',
      owner: { kind: 'ReplicationController', name: 'legacy' },
      afterSeconds: 0,
    },
  },
  {
    name: 'a ReplicaSet scaled to 0 replicas makes no replacement',
    pod: owned('ReplicaSet', 'web-7d9'),
    workloads: [{ ...DEPLOYMENT_RS, replicas: 0 }],
    expected: { outcome: 'none', reason: 'ReplicaSet web-7d9 wants 0 replicas' },
  },
  {
    name: 'a ReplicaSet that was not read leaves the replacement unknown, naming it',
    pod: owned('ReplicaSet', 'web-7d9'),
    workloads: [],
    expected: {
      outcome: 'unknown',
      reason: 'its ReplicaSet shop/web-7d9 was not read',
      owner: { kind: 'ReplicaSet', name: 'web-7d9' },
    },
  },
  {
    name: 'a controller reference whose uid is not the object of that name names an older object: unknown',
    pod: owned('ReplicaSet', 'web-7d9', {
      controller: { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-7d9', uid: 'old' },
    }),
    workloads: [DEPLOYMENT_RS],
    expected: { outcome: 'unknown' },
  },
  {
    name: 'a controller of a kind no rule follows (an operator custom resource) leaves it unknown',
    pod: owned('Rollout', 'canary'),
    workloads: [],
    expected: {
      outcome: 'unknown',
      reason: 'its controller Rollout canary is not one whose replacements are known',
    },
  },
  {
    name: 'a StatefulSet pod comes back with its own name once the old object is gone, ordered by its ordinal',
    pod: owned('StatefulSet', 'db', { name: 'db-2' }),
    workloads: [workload('StatefulSet', 'db')],
    expected: {
      outcome: 'recreated',
      podName: 'db-2',
      waitsForOldPod: true,
      afterSeconds: 45,
      orderedOrdinal: 2,
    },
  },
  {
    name: 'a StatefulSet with Parallel pod management orders nothing',
    pod: owned('StatefulSet', 'db', { name: 'db-2' }),
    workloads: [workload('StatefulSet', 'db', { podManagementPolicy: 'Parallel' })],
    expected: { outcome: 'recreated', orderedOrdinal: null, waitsForOldPod: true },
  },
  {
    name: 'a StatefulSet pod whose grace period is unset waits at most the default 30 s',
    pod: owned('StatefulSet', 'db', { name: 'db-0', gracePeriodSeconds: null }),
    workloads: [workload('StatefulSet', 'db')],
    expected: { afterSeconds: 30, orderedOrdinal: 0 },
  },
  {
    name: 'a StatefulSet pod beyond the replicas (scaled down) is not recreated',
    pod: owned('StatefulSet', 'db', { name: 'db-3' }),
    workloads: [workload('StatefulSet', 'db')],
    expected: { outcome: 'none', reason: 'db-3 is not among the 3 replicas of StatefulSet db' },
  },
  {
    name: 'a StatefulSet whose ordinals start at 5 recreates ordinal 7 of 3 replicas',
    pod: owned('StatefulSet', 'db', { name: 'db-7' }),
    workloads: [workload('StatefulSet', 'db', { ordinalsStart: 5 })],
    expected: { outcome: 'recreated', orderedOrdinal: 7 },
  },
  {
    name: 'a DaemonSet pod comes back only on its node once the old one is gone',
    pod: owned('DaemonSet', 'agent', { nodeName: 'n1' }),
    workloads: [workload('DaemonSet', 'agent', { replicas: null })],
    node: TAINTED_NODE('maint=yes:NoExecute'),
    expected: {
      outcome: 'none',
      reason: 'DaemonSet agent does not tolerate maint=yes:NoExecute on n1',
    },
  },
  {
    name: 'a DaemonSet pod that tolerates the new taint for a while comes back to the same node (the eviction loop)',
    pod: owned('DaemonSet', 'agent', { nodeName: 'n1' }),
    workloads: [
      workload('DaemonSet', 'agent', {
        replicas: null,
        templateTolerations: [
          toleration({ key: 'maint', operator: 'Exists', tolerationSeconds: 20n }),
        ],
      }),
    ],
    node: TAINTED_NODE('maint=yes:NoExecute'),
    expected: { outcome: 'recreated', boundTo: 'n1', waitsForOldPod: true, afterSeconds: 45 },
  },
  {
    name: 'a DaemonSet ignores cordon: its pods tolerate node.kubernetes.io/unschedulable',
    pod: owned('DaemonSet', 'agent', { nodeName: 'n1' }),
    workloads: [workload('DaemonSet', 'agent', { replicas: null })],
    node: TAINTED_NODE('node.kubernetes.io/unschedulable:NoSchedule'),
    expected: { outcome: 'recreated', boundTo: 'n1' },
  },
  {
    name: 'a DaemonSet is not held back by a PreferNoSchedule taint',
    pod: owned('DaemonSet', 'agent', { nodeName: 'n1' }),
    workloads: [workload('DaemonSet', 'agent', { replicas: null })],
    node: TAINTED_NODE('soft=1:PreferNoSchedule'),
    expected: { outcome: 'recreated' },
  },
  {
    name: 'a static pod mirror is not the API server’s to recreate',
    pod: { ...owned('Node', 'n1'), mirror: true },
    workloads: [],
    expected: { outcome: 'none', podName: null },
  },
]
