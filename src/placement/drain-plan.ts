import type { KubeVersion } from '../core/index.js'
import type { ClusterPod } from './cluster-pod.js'
import type { DisruptionBudget } from './disruption-budgets.js'
import { filterDrainPod, type DrainFlags, type DrainVerdict } from './drain-filters.js'
import { EvictionBudgets, type EvictionAnswer } from './eviction-api.js'
import type { PlannedEviction } from './eviction-plan.js'
import type { Workloads } from './workloads.js'

/**
 * `kubectl drain` planned without a cluster (staging/src/k8s.io/kubectl/pkg/cmd/drain/drain.go
 * `RunDrain`, `deleteOrEvictPodsSimple`; pkg/drain/drain.go `GetPodsForDeletion`, `evictPods`,
 * `deletePods`): every node cordoned first, then node by node, its pods listed, filtered, and
 * evicted all at once. A node with a pod the filters refuse evicts nothing and the drain moves
 * on; a pod a budget refuses is retried every 5 s without end, so the drain waits at its node
 * and the nodes after it are not reached.
 */

export interface DrainNode {
  readonly name: string
  /** `spec.unschedulable` already: kubectl says "already cordoned". */
  readonly unschedulable: boolean
}

export interface DrainInput {
  /** The nodes to drain, in the order kubectl visits them. */
  readonly nodes: readonly DrainNode[]
  /** The cluster's pods; those bound to other nodes are passed over. */
  readonly pods: readonly ClusterPod[]
  readonly budgets: readonly DisruptionBudget[]
  /** The workloads read, for whether a DaemonSet still exists; null when not read. */
  readonly workloads: Workloads | null
  readonly flags: DrainFlags
  /** The release whose kubectl words the messages. */
  readonly release: KubeVersion
}

/**
 * What becomes of one listed pod: `left` by the filters (an ignored DaemonSet's, a mirror),
 * `error` for the filters (its node evicts nothing), `kept` on a node refused for another pod,
 * `evicted` or `deleted` (`--disable-eviction`), `refused` by a budget, `failed` by another
 * eviction error, or `not-reached` behind a node where the drain waits.
 */
export type DrainedPodState =
  'left' | 'error' | 'kept' | 'evicted' | 'deleted' | 'refused' | 'failed' | 'not-reached'

export interface DrainedPod {
  readonly pod: ClusterPod
  readonly state: DrainedPodState
  /** The budget (`namespace/name`) that refuses the eviction; null otherwise. */
  readonly blockedBy: string | null
  /** The filter's or the API server's words for it; null when none. */
  readonly message: string | null
}

/** Pods that share one filter message, as kubectl groups them (`ns/a, ns/b`). */
export interface PodGroup {
  readonly message: string
  readonly pods: readonly string[]
}

/**
 * A node's drain: `drained`, `refused` (pods the filters refuse), `failed` (an eviction error),
 * `waiting` (a budget refuses an eviction: drain retries there), `not-reached` (behind a wait).
 */
export type NodeDrainState = 'drained' | 'refused' | 'failed' | 'waiting' | 'not-reached'

export interface NodeDrain {
  readonly node: string
  readonly alreadyCordoned: boolean
  readonly state: NodeDrainState
  /** kubectl's `Warning:` groups, then its `cannot delete …` groups, in the pods' order. */
  readonly warnings: readonly PodGroup[]
  readonly errors: readonly PodGroup[]
  readonly pods: readonly DrainedPod[]
}

export interface DrainPlan {
  readonly nodes: readonly NodeDrain[]
  /** Every pod that goes or is refused, for the forecast of what happens next. */
  readonly evictions: readonly PlannedEviction[]
  /** kubectl drain ends with an error (exit 1): a node refused, or an eviction failed. */
  readonly failed: boolean
  /** kubectl drain would wait at a budget without end (or until its --timeout). */
  readonly waits: boolean
}

/** The API server lists a node's pods in its storage's key order: namespace, then name. */
function listOrder(a: ClusterPod, b: ClusterPod): number {
  const key = (p: ClusterPod): string => `${p.namespace}/${p.name}`
  return key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0
}

/** Pods by message, in the order each message is first met. */
function groups(entries: readonly { message: string; pod: ClusterPod }[]): PodGroup[] {
  const byMessage = new Map<string, string[]>()
  for (const { message, pod } of entries) {
    const pods = byMessage.get(message) ?? []
    pods.push(`${pod.namespace}/${pod.name}`)
    byMessage.set(message, pods)
  }
  return [...byMessage].map(([message, pods]) => ({ message, pods }))
}

function answered(pod: ClusterPod, answer: EvictionAnswer): DrainedPod {
  switch (answer.kind) {
    case 'evicted':
      return { pod, state: 'evicted', blockedBy: null, message: null }
    case 'refused':
      return { pod, state: 'refused', blockedBy: answer.budget, message: answer.message }
    case 'failed':
      return { pod, state: 'failed', blockedBy: null, message: answer.message }
  }
}

function stateOf(pods: readonly DrainedPod[]): NodeDrainState {
  if (pods.some((p) => p.state === 'error')) return 'refused'
  if (pods.some((p) => p.state === 'refused')) return 'waiting'
  return pods.some((p) => p.state === 'failed') ? 'failed' : 'drained'
}

/** One node's turn: list, filter, then evict (or delete) what the filters let through. */
function drainNode(
  node: DrainNode,
  listed: readonly ClusterPod[],
  input: DrainInput,
  budgets: EvictionBudgets
): NodeDrain {
  const verdicts = listed.map((pod) => ({
    pod,
    verdict: filterDrainPod(pod, input.flags, input.workloads, input.release),
  }))
  const refused = verdicts.some((v) => v.verdict.kind === 'error')
  const pods = verdicts.map(({ pod, verdict }) => podOutcome(pod, verdict, refused, input, budgets))
  const warned = verdicts.flatMap(({ pod, verdict }) =>
    verdict.kind !== 'error' && verdict.warning !== null ? [{ message: verdict.warning, pod }] : []
  )
  const errored = verdicts.flatMap(({ pod, verdict }) =>
    verdict.kind === 'error' ? [{ message: verdict.message, pod }] : []
  )
  return {
    node: node.name,
    alreadyCordoned: node.unschedulable,
    state: stateOf(pods),
    // kubectl prints the warnings only once the filters found no error (`deleteOrEvictPodsSimple`).
    warnings: refused ? [] : groups(warned),
    errors: groups(errored),
    pods,
  }
}

function podOutcome(
  pod: ClusterPod,
  verdict: DrainVerdict,
  nodeRefused: boolean,
  input: DrainInput,
  budgets: EvictionBudgets
): DrainedPod {
  if (verdict.kind === 'error')
    return { pod, state: 'error', blockedBy: null, message: verdict.message }
  if (verdict.kind === 'skip') return { pod, state: 'left', blockedBy: null, message: null }
  if (nodeRefused) return { pod, state: 'kept', blockedBy: null, message: null }
  if (input.flags.disableEviction) return { pod, state: 'deleted', blockedBy: null, message: null }
  return answered(pod, budgets.evict(pod))
}

function notReached(node: DrainNode, listed: readonly ClusterPod[]): NodeDrain {
  return {
    node: node.name,
    alreadyCordoned: node.unschedulable,
    state: 'not-reached',
    warnings: [],
    errors: [],
    pods: listed.map((pod) => ({ pod, state: 'not-reached', blockedBy: null, message: null })),
  }
}

/** What goes, when: drain's evictions are sent together (afterSeconds 0); refused ones never go. */
function plannedEvictions(nodes: readonly NodeDrain[]): PlannedEviction[] {
  return nodes.flatMap((n) =>
    n.pods.flatMap((p): PlannedEviction[] => {
      if (p.state === 'evicted' || p.state === 'deleted')
        return [{ pod: p.pod, afterSeconds: 0, blockedBy: null }]
      if (p.state === 'refused' || p.state === 'failed')
        return [{ pod: p.pod, afterSeconds: null, blockedBy: p.blockedBy }]
      return []
    })
  )
}

export function planDrain(input: DrainInput): DrainPlan {
  const budgets = new EvictionBudgets(input.budgets)
  const matches = input.flags.podSelector
  const nodes: NodeDrain[] = []
  let waiting = false
  for (const node of input.nodes) {
    const listed = input.pods
      .filter((p) => p.nodeName === node.name && (matches === null || matches(p.labels)))
      .sort(listOrder)
    const drained: NodeDrain = waiting
      ? notReached(node, listed)
      : drainNode(node, listed, input, budgets)
    nodes.push(drained)
    waiting ||= drained.state === 'waiting'
  }
  return {
    nodes,
    evictions: plannedEvictions(nodes),
    failed: nodes.some((n) => n.state === 'refused' || n.state === 'failed'),
    waits: waiting,
  }
}
