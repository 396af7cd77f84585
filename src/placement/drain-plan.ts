import type { ClusterPod } from './cluster-pod.js'
import { deleteAll } from './drain-deletes.js'
import { filterDrainPod, type DrainFlags, type DrainVerdict } from './drain-filters.js'
import { ReadyReplacements, timeEvictions, type TimedPod } from './drain-timeline.js'
import type {
  DrainedPod,
  DrainedPodState,
  DrainInput,
  DrainNode,
  DrainPlan,
  NodeDrain,
  NodeDrainState,
  PodGroup,
} from './drain-types.js'
import { EvictionBudgets } from './eviction-api.js'
import type { PlannedEviction } from './eviction-plan.js'

/**
 * `kubectl drain` planned without a cluster (staging/src/k8s.io/kubectl/pkg/cmd/drain/drain.go
 * `RunDrain`, `deleteOrEvictPodsSimple`; pkg/drain/drain.go `GetPodsForDeletion`, `evictPods`,
 * `deletePods`): every node cordoned first, then node by node, its pods listed, filtered, and
 * evicted all at once (drain-timeline.ts times the retries, the waits and `--timeout`); the
 * next node starts when the last goroutine of the one before returns. A node with a pod the
 * filters refuse evicts nothing and the drain moves on; a pod a budget refuses until no
 * replacement is left to free an allowance, without --timeout, holds the drain at its node
 * for ever, and the nodes after it are not reached.
 */

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

const NOT_EVICTED = {
  evictedAfterSeconds: null,
  goneAfterSeconds: null,
  refusals: 0,
  refusedWith: null,
} as const

function still(pod: ClusterPod, state: DrainedPodState, message: string | null = null): DrainedPod {
  return { pod, state, blockedBy: null, message, ...NOT_EVICTED }
}

/** A timed pod as the plan says it. */
function drained(timed: TimedPod, state: 'evicted' | 'deleted'): DrainedPod {
  const { pod, outcome, refusals, blockedBy, refusedWith } = timed
  const never = { evictedAfterSeconds: null, goneAfterSeconds: null }
  const base = { pod, blockedBy, refusals, refusedWith, message: null, ...never }
  switch (outcome.kind) {
    case 'evicted':
      return { ...base, state, evictedAfterSeconds: outcome.at, goneAfterSeconds: outcome.goneAt }
    case 'refused':
      // Retried without end: kubectl prints its line every 5 s, the plan once.
      return { ...base, state: 'refused', refusals: 1, message: refusedWith }
    case 'failed':
      return { ...base, state: 'failed', message: outcome.message }
    case 'timed-out': {
      const { evictedAt, goneAt } = outcome
      const times = { evictedAfterSeconds: evictedAt, goneAfterSeconds: goneAt }
      return { ...base, ...times, state: 'timed-out', message: outcome.error }
    }
  }
}

function stateOf(pods: readonly DrainedPod[]): NodeDrainState {
  if (pods.some((p) => p.state === 'error')) return 'refused'
  if (pods.some((p) => p.state === 'refused')) return 'waiting'
  return pods.some((p) => p.state === 'failed' || p.state === 'timed-out') ? 'failed' : 'drained'
}

/** When the node's last goroutine returns: its pods gone, given up, or failed. */
function endOf(
  pods: readonly DrainedPod[],
  timed: readonly TimedPod[],
  start: number
): number | null {
  if (pods.some((p) => p.state === 'refused')) return null
  const ends = timed.map(({ outcome: o }) =>
    o.kind === 'evicted' ? o.goneAt : 'at' in o ? o.at : start
  )
  return Math.max(start, ...ends)
}

interface Running {
  readonly budgets: EvictionBudgets
  readonly ready: ReadyReplacements
}

/** One node's turn from `start`: list, filter, then evict (or delete) what the filters let through. */
function drainNode(
  node: DrainNode,
  listed: readonly ClusterPod[],
  input: DrainInput,
  running: Running,
  start: number
): NodeDrain {
  const verdicts = listed.map((pod) => ({
    pod,
    verdict: filterDrainPod(pod, input.flags, input.workloads, input.release),
  }))
  const refused = verdicts.some((v) => v.verdict.kind === 'error')
  const going = refused ? [] : verdicts.filter((v) => v.verdict.kind === 'delete').map((v) => v.pod)
  const context = { ...running, flags: input.flags, release: input.release }
  const timed = input.flags.disableEviction
    ? deleteAll(going, start, context)
    : timeEvictions(going, start, context)
  const byPod = new Map(timed.map((t) => [t.pod, t]))
  const state = input.flags.disableEviction ? 'deleted' : 'evicted'
  const pods = verdicts.map(({ pod, verdict }) =>
    podOutcome(pod, verdict, refused, () => {
      const t = byPod.get(pod)
      return t === undefined ? still(pod, 'kept') : drained(t, state)
    })
  )
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
    startsAfterSeconds: start,
    endsAfterSeconds: endOf(pods, timed, start),
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
  timed: () => DrainedPod
): DrainedPod {
  if (verdict.kind === 'error') return still(pod, 'error', verdict.message)
  if (verdict.kind === 'skip') return still(pod, 'left')
  return nodeRefused ? still(pod, 'kept') : timed()
}

function notReached(node: DrainNode, listed: readonly ClusterPod[]): NodeDrain {
  return {
    node: node.name,
    alreadyCordoned: node.unschedulable,
    state: 'not-reached',
    startsAfterSeconds: null,
    endsAfterSeconds: null,
    warnings: [],
    errors: [],
    pods: listed.map((pod) => still(pod, 'not-reached')),
  }
}

/**
 * What goes, when, in the order it happens (list order within a second): an evicted pod with
 * the `--grace-period` its deletion carries; one never evicted at null, after them.
 */
function plannedEvictions(nodes: readonly NodeDrain[], flags: DrainFlags): PlannedEviction[] {
  const grace = flags.gracePeriodSeconds
  const planned = nodes.flatMap((n) =>
    n.pods.flatMap((p): PlannedEviction[] => {
      const pod = grace === null ? p.pod : { ...p.pod, gracePeriodSeconds: grace }
      if (p.evictedAfterSeconds !== null)
        return [{ pod, afterSeconds: p.evictedAfterSeconds, blockedBy: p.blockedBy }]
      if (p.state === 'refused' || p.state === 'failed' || p.state === 'timed-out')
        return [{ pod: p.pod, afterSeconds: null, blockedBy: p.blockedBy }]
      return []
    })
  )
  const time = (e: PlannedEviction): number => e.afterSeconds ?? Infinity
  return planned.sort((a, b) => time(a) - time(b))
}

export function planDrain(input: DrainInput): DrainPlan {
  const running: Running = {
    budgets: new EvictionBudgets(input.budgets),
    ready: new ReadyReplacements(input.landings ?? []),
  }
  const matches = input.flags.podSelector
  const nodes: NodeDrain[] = []
  let start: number | null = 0
  for (const node of input.nodes) {
    const listed = input.pods
      .filter((p) => p.nodeName === node.name && (matches === null || matches(p.labels)))
      .sort(listOrder)
    const drained: NodeDrain =
      start === null ? notReached(node, listed) : drainNode(node, listed, input, running, start)
    nodes.push(drained)
    if (start !== null) start = drained.endsAfterSeconds
  }
  return {
    nodes,
    evictions: plannedEvictions(nodes, input.flags),
    failed: nodes.some((n) => n.state === 'refused' || n.state === 'failed'),
    waits: nodes.some((n) => n.state === 'waiting'),
  }
}
