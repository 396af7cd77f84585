import type { KubeApi } from '../support/control-plane/index.js'
import { createNamespace } from '../support/control-plane/scheduling.js'
import { deployment, MAINT, podSpec, readyNode } from './forecast-cluster.js'
import { cordonAllBut, createAll, waitForBudgets, waitForRunning } from './forecast-harness.js'

/**
 * The cluster of the forecast-preemption suite, three nodes of 2 cpu, each pod asking 1.5 cpu,
 * so that a node holds one pod: on TARGET, Deployment `vip` at priority HIGH, tolerating the
 * taint for VIP_SECONDS; on `batch-1`, Deployment `batch` at priority LOW; on `keeper-1`, a bare
 * pod at priority HIGH. Once TARGET is tainted and vip's pod evicted, its replacement fits
 * nowhere (TARGET: the extender's `reject` rule; the others: Insufficient cpu), and preemption
 * has exactly one choice: keeper-1 holds no pod of lower priority, batch-1 holds one, whose
 * removal frees enough. That pod (budget `batch` guards it) is preempted, and its own
 * replacement then fits nowhere either and preempts nothing (it outranks no pod), so it stays
 * Pending: no tie, no race decides anything.
 */

export const PREEMPT_NS = 'prio'
export const TARGET = 'target'
export const VICTIM_NODE = 'batch-1'
const KEEPER_NODE = 'keeper-1'
export const VIP_SECONDS = 3
const HIGH = 1000
const LOW = 10
/** Room for one pod of 1.5 cpu, not two. */
const NODE_SIZE = { cpu: '2', memory: '4Gi' }

function priorityClass(name: string, value: number): Record<string, unknown> {
  return { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name }, value }
}

function budget(name: string): Record<string, unknown> {
  const spec = { minAvailable: 1, selector: { matchLabels: { app: name } } }
  return { apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name }, spec }
}

const VIP = deployment(
  'vip',
  1,
  podSpec('1500m', '256Mi', {
    priorityClassName: 'high',
    tolerations: [{ ...MAINT, operator: 'Equal', tolerationSeconds: VIP_SECONDS }],
  })
)
const BATCH = deployment('batch', 1, podSpec('1500m', '256Mi', { priorityClassName: 'low' }))
const KEEPER = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'keeper', labels: { app: 'keeper' } },
  spec: podSpec('1500m', '256Mi', { priorityClassName: 'high', nodeName: KEEPER_NODE }),
}

/**
 * Builds the cluster: the priority classes and nodes; keeper bound by name; batch while only
 * batch-1 takes pods, vip while only TARGET does; then every node schedulable again and the
 * budgets of vip and batch judged. Resolves once the three pods run.
 */
export async function buildPreemptionCluster(api: KubeApi): Promise<void> {
  await api.create('/apis/scheduling.k8s.io/v1/priorityclasses', priorityClass('high', HIGH))
  await api.create('/apis/scheduling.k8s.io/v1/priorityclasses', priorityClass('low', LOW))
  for (const name of [TARGET, VICTIM_NODE, KEEPER_NODE])
    await api.create('/api/v1/nodes', readyNode(name, NODE_SIZE))
  await createNamespace(api, PREEMPT_NS)
  await createAll(api, PREEMPT_NS, [KEEPER])
  await cordonAllBut(api, [VICTIM_NODE], true)
  await createAll(api, PREEMPT_NS, [BATCH])
  await waitForRunning(api, PREEMPT_NS, 2)
  await cordonAllBut(api, [TARGET], true)
  await api.patch(`/api/v1/nodes/${TARGET}`, { spec: { unschedulable: false } })
  await createAll(api, PREEMPT_NS, [VIP])
  await waitForRunning(api, PREEMPT_NS, 3)
  await cordonAllBut(api, [], false)
  await createAll(api, PREEMPT_NS, [budget('vip'), budget('batch')])
  await waitForBudgets(api, PREEMPT_NS)
}
