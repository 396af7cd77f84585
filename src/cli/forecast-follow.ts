import { compileNode, withTaint, type RuleOptions, type Taint } from '../core/index.js'
import {
  followEvictions,
  planTaintEvictions,
  replacementFor,
  type PlannedEviction,
  type Workloads,
  type DisruptionBudget,
  type EvictionFollowUp,
  type NamespaceLabels,
  type PlacementNode,
  type PlacementPod,
  type ReplacementOf,
  type VolumeStorage,
  FollowReplay,
  newDaemonPods,
  queueOrder,
  type FollowInput,
  type PendingPod,
} from '../placement/index.js'
import type { ForecastOptions } from '../config/index.js'
import { ProtocolError, type ManifestNode } from '../protocol/index.js'
import { readNamespaces } from './manifests.js'
import { isFinished, type ForecastPod } from './forecast-pods.js'
import { namespacesSource } from './tool-io.js'

/**
 * The forecast of what a NoExecute taint does next (src/placement follow-evictions.ts): the
 * cluster as read, the taint applied to the selected nodes, the taint-eviction controller's
 * evictions in order, each followed to where its replacement lands.
 */

export interface FollowReading {
  /** Every node read, the selected ones among them. */
  readonly nodes: readonly ManifestNode[]
  /** Every pod read; finished and unbound ones are left out of the snapshot here. */
  readonly pods: readonly ForecastPod[]
  readonly budgets: readonly DisruptionBudget[]
  readonly namespaces: NamespaceLabels
  /** The controllers and Services read (a controller not among them: its replacement unknown). */
  readonly workloads: Workloads
  /** The claims, volumes and classes read (storage-manifests.ts `storageForPods`); null: unread. */
  readonly storage: VolumeStorage | null
}

/** Namespace labels, read only when some pod's term has a namespaceSelector to apply them to. */
export async function namespaceLabels(
  options: Pick<ForecastOptions, 'namespaces'>,
  pods: readonly PlacementPod[]
) {
  const needer = pods.find((p) =>
    [...p.requiredAffinity, ...p.requiredAntiAffinity].some((t) => t.namespaceSelector !== null)
  )
  if (needer === undefined) return new Map<string, Readonly<Record<string, string>>>()
  if (options.namespaces === null)
    throw new ProtocolError(
      `--namespaces FILE is required: ${needer.namespace}/${needer.name} has a namespaceSelector`
    )
  return readNamespaces(await namespacesSource(options.namespaces))
}

/** The node as the placement reads it, with its taints as given. */
function placementNode(node: ManifestNode): PlacementNode {
  return {
    name: node.name,
    labels: node.labels,
    compiled: compileNode(node),
    allocatable: node.allocatable,
    images: node.images,
  }
}

/**
 * The unfinished bound pods, each once: from the cluster a selected node's pods are listed by
 * its own field selector and again among every bound pod.
 */
function boundPods(pods: readonly ForecastPod[]): ForecastPod[] {
  // By namespace, then name: no `namespace/name` string made for each of a cluster's pods.
  const seen = new Map<string, Set<string>>()
  return pods.filter((pod) => {
    const { placement } = pod
    if (placement.nodeName === '' || isFinished(pod)) return false
    let names = seen.get(placement.namespace)
    if (names === undefined) seen.set(placement.namespace, (names = new Set()))
    if (names.has(placement.name)) return false
    names.add(placement.name)
    return true
  })
}

export function followTaint(
  taint: Taint,
  selected: readonly string[],
  reading: FollowReading,
  rules: RuleOptions
): EvictionFollowUp {
  const tainted = new Set(selected)
  const after = reading.nodes.map((n) =>
    tainted.has(n.name) ? { ...n, taints: withTaint(n.taints, taint) } : n
  )
  return followOnChanged(after, reading, rules, (bound, taintsAfter) => {
    const onTainted = bound
      .filter((p) => tainted.has(p.placement.nodeName))
      .map((p) => ({ pod: p.placement, tolerations: p.tolerations }))
    return { evictions: planTaintEvictions(onTainted, (name) => taintsAfter.get(name), rules) }
  })
}

/**
 * The forecast of what relieving nodes does next (a taint removed, or a cordon lifted: `relieve`
 * gives a selected node as it is after): the pods already pending and those DaemonSets now make
 * there (daemon-pods.ts) placed in kube-scheduler's queue order (pending-placements.ts), each
 * counted for the next, and the pods their preemptions delete followed to where their
 * replacements land. No pod is evicted by it.
 */
export function followRelief(
  relieve: (node: ManifestNode) => ManifestNode,
  selected: readonly string[],
  reading: FollowReading,
  rules: RuleOptions,
  pending: readonly PendingPod[]
): EvictionFollowUp {
  const changed = new Set(selected)
  const after = reading.nodes.map((n) => (changed.has(n.name) ? relieve(n) : n))
  const nodes = reading.nodes
    .filter((n) => changed.has(n.name))
    .map((n) => ({ ...n, taintsBefore: n.taints, taintsAfter: relieve(n).taints }))
  return followOnChanged(after, reading, rules, (bound) => {
    const placed = bound.map((p) => p.placement)
    const daemons = newDaemonPods(reading.workloads.daemonSets(), nodes, placed, rules)
    return { evictions: [], pending: queueOrder([...pending, ...daemons]) }
  })
}

/**
 * The follow-up on the nodes as changed (`after`), of the evictions and pending pods `start`
 * gives for the unfinished bound pods and each node's taints.
 */
function followOnChanged(
  after: readonly ManifestNode[],
  reading: FollowReading,
  rules: RuleOptions,
  start: (
    bound: readonly ForecastPod[],
    taintsAfter: ReadonlyMap<string, readonly Taint[]>
  ) => Pick<FollowInput, 'evictions' | 'pending'>
): EvictionFollowUp {
  const taintsAfter = new Map(after.map((n) => [n.name, n.taints]))
  const bound = boundPods(reading.pods)
  // The engine keeps the pods' resources as the release's API server keeps them.
  return followEvictions({
    nodes: after.map(placementNode),
    pods: bound.map((p) => p.placement),
    ...start(bound, taintsAfter),
    // A DaemonSet makes its pod again only on a node whose taints it tolerates, as changed.
    replacementOf: (pod) =>
      replacementFor(pod, reading.workloads, {
        taints: taintsAfter.get(pod.nodeName) ?? [],
        options: rules,
      }),
    namespaces: reading.namespaces,
    workloads: reading.workloads,
    storage: reading.storage,
    disruptionBudgets: reading.budgets,
    options: rules,
  })
}

/**
 * The forecast of what a drain does next: the drained nodes cordoned (`spec.unschedulable`), the
 * drain's evictions (drain-plan.ts, all sent at once) followed to where each replacement lands.
 * Planning a drain follows its evictions once a round (forecast-drain-read.ts `settle`), each
 * round's plan on the same cluster: the follower it gives keeps the snapshot, and takes the
 * last round's placements where the new plan has not moved an eviction yet (FollowReplay).
 */
export function drainFollower(
  drained: readonly string[],
  reading: FollowReading,
  replacementOf: ReplacementOf,
  rules: RuleOptions
): (evictions: readonly PlannedEviction[]) => EvictionFollowUp {
  const cordoned = new Set(drained)
  const after = reading.nodes.map((n) => (cordoned.has(n.name) ? { ...n, unschedulable: true } : n))
  const nodes = after.map(placementNode)
  const pods = boundPods(reading.pods).map((p) => p.placement)
  const replay = new FollowReplay()
  return (evictions) =>
    followEvictions({
      nodes,
      pods,
      evictions,
      replacementOf,
      namespaces: reading.namespaces,
      workloads: reading.workloads,
      storage: reading.storage,
      disruptionBudgets: reading.budgets,
      options: rules,
      replay,
    })
}
