import type { KubeApi } from '../support/control-plane/index.js'
import { createNamespace } from '../support/control-plane/scheduling.js'
import { deployment, MAINT, podSpec, readyNode } from './forecast-cluster.js'
import { createAll, waitForBudgets, waitForRunning } from './forecast-harness.js'
import { setCordons } from './cordons.js'

/**
 * The clusters of the forecast-preemption suite. Every node has 2 cpu and every pod asks 1.5,
 * so that a node holds one pod. On TARGET runs Deployment `vip` at priority HIGH, tolerating
 * the taint for VIP_SECONDS; once it is evicted, its replacement fits nowhere (TARGET: the
 * extender's `reject` rule; every other node it may use: Insufficient cpu) and must preempt.
 * Each cluster leaves preemption one choice at each step, by priorities, budgets and node
 * affinity alone, so that no tie (kube-scheduler picks among ties at random) and no race decides.
 */

export const TARGET = 'target'
export const VIP_SECONDS = 3
const HIGH = 1000
const LOW = 10
/** Room for one pod of 1.5 cpu, not two. */
const NODE_SIZE = { cpu: '2', memory: '4Gi' }
/** The label of the nodes vip's pods may use (required node affinity). */
const FRONT = { tier: 'front' }

type Spec = Record<string, unknown>

export interface PreemptionCluster {
  readonly namespace: string
  readonly nodes: readonly { readonly name: string; readonly labels: Record<string, string> }[]
  /** Per node, the objects whose pods run there, created in this order. */
  readonly placed: readonly (readonly [string, readonly Spec[]])[]
  /** The apps a PodDisruptionBudget (minAvailable 1) guards. */
  readonly budgets: readonly string[]
}

const VIP = deployment(
  'vip',
  1,
  podSpec('1500m', '256Mi', {
    priorityClassName: 'high',
    tolerations: [{ ...MAINT, operator: 'Equal', tolerationSeconds: VIP_SECONDS }],
    affinity: {
      nodeAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: {
          nodeSelectorTerms: [
            { matchExpressions: [{ key: 'tier', operator: 'In', values: ['front'] }] },
          ],
        },
      },
    },
  })
)
const lowApp = (name: string): Spec =>
  deployment(name, 1, podSpec('1500m', '256Mi', { priorityClassName: 'low' }))

/**
 * One choice: keeper-1 holds a bare pod at HIGH, no lower than vip's; batch-1 holds batch's pod
 * at LOW, whose removal frees enough. Its replacement then fits nowhere and outranks no pod:
 * Pending.
 */
export const ONE_VICTIM: PreemptionCluster = {
  namespace: 'prio',
  nodes: [TARGET, 'batch-1', 'keeper-1'].map((name) => ({ name, labels: FRONT })),
  placed: [
    [
      'keeper-1',
      [
        {
          apiVersion: 'v1',
          kind: 'Pod',
          metadata: { name: 'keeper', labels: { app: 'keeper' } },
          spec: podSpec('1500m', '256Mi', { priorityClassName: 'high' }),
        },
      ],
    ],
    ['batch-1', [lowApp('batch')]],
    [TARGET, [VIP]],
  ],
  budgets: ['vip', 'batch'],
}

/**
 * A chain, each step decided by `pickOneNodeForPreemption`'s first criterion or by the only
 * candidate: vip's replacement may preempt `guarded` (LOW, its budget allows no disruption) or
 * `loose` (LOW, no budget) and takes loose, which violates no budget; loose's replacement
 * (LOW) outranks neither guarded nor vip's, but `filler` (no priority class: 0) on spare-1,
 * where vip's affinity never let it go, and preempts it; filler's replacement outranks no pod:
 * Pending.
 */
export const CHAIN: PreemptionCluster = {
  namespace: 'chain',
  nodes: [
    ...[TARGET, 'guarded-1', 'loose-1'].map((name) => ({ name, labels: FRONT })),
    { name: 'spare-1', labels: {} },
  ],
  placed: [
    ['guarded-1', [lowApp('guarded')]],
    ['loose-1', [lowApp('loose')]],
    ['spare-1', [deployment('filler', 1, podSpec('1500m', '256Mi'))]],
    [TARGET, [VIP]],
  ],
  budgets: ['vip', 'guarded'],
}

function priorityClass(name: string, value: number): Spec {
  return { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name }, value }
}

function budget(name: string): Spec {
  const spec = { minAvailable: 1, selector: { matchLabels: { app: name } } }
  return { apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name }, spec }
}

/**
 * Builds a cluster: the priority classes and nodes; each node's objects while only it takes new
 * pods (each object makes one pod), until they run; then every node schedulable again and the
 * budgets judged.
 */
export async function buildPreemptionCluster(
  api: KubeApi,
  extenderPort: number,
  cluster: PreemptionCluster
): Promise<void> {
  await api.create('/apis/scheduling.k8s.io/v1/priorityclasses', priorityClass('high', HIGH))
  await api.create('/apis/scheduling.k8s.io/v1/priorityclasses', priorityClass('low', LOW))
  for (const { name, labels } of cluster.nodes)
    await api.create('/api/v1/nodes', readyNode(name, NODE_SIZE, labels))
  await createNamespace(api, cluster.namespace)
  let running = 0
  for (const [node, objects] of cluster.placed) {
    await setCordons(api, extenderPort, (name) => name !== node)
    await createAll(api, cluster.namespace, objects)
    running += objects.length
    await waitForRunning(api, cluster.namespace, running)
  }
  await setCordons(api, extenderPort, () => false)
  await createAll(api, cluster.namespace, cluster.budgets.map(budget))
  await waitForBudgets(api, cluster.namespace)
}
