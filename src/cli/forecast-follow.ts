import { compileNode, withTaint, type RuleOptions, type Taint } from '../core/index.js'
import {
  followEvictions,
  planTaintEvictions,
  replacementFor,
  type Workloads,
  type DisruptionBudget,
  type EvictionFollowUp,
  type NamespaceLabels,
  type PlacementNode,
} from '../placement/index.js'
import type { ManifestNode } from '../protocol/index.js'
import type { PlacedPod } from './manifests.js'

/**
 * The forecast of what a NoExecute taint does next (src/placement follow-evictions.ts): the
 * cluster as read, the taint applied to the selected nodes, the taint-eviction controller's
 * evictions in order, each followed to where its replacement lands.
 */

export interface FollowReading {
  /** Every node read, the selected ones among them. */
  readonly nodes: readonly ManifestNode[]
  /** Every pod read; finished and unbound ones are left out of the snapshot here. */
  readonly pods: readonly PlacedPod[]
  readonly budgets: readonly DisruptionBudget[]
  readonly namespaces: NamespaceLabels
  /** The controllers and Services read (a controller not among them: its replacement unknown). */
  readonly workloads: Workloads
}

const FINISHED: ReadonlySet<string> = new Set(['Succeeded', 'Failed'])

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
function boundPods(pods: readonly PlacedPod[]): PlacedPod[] {
  const seen = new Set<string>()
  return pods.filter(({ pod }) => {
    if (pod.nodeName === '' || FINISHED.has(pod.phase)) return false
    const key = `${pod.namespace}/${pod.name}`
    if (seen.has(key)) return false
    seen.add(key)
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
  const taintsAfter = new Map(after.map((n) => [n.name, n.taints]))
  const bound = boundPods(reading.pods)
  // The engine keeps the pods' resources as the release's API server keeps them.
  const onTainted = bound
    .filter((p) => tainted.has(p.pod.nodeName))
    .map((p) => ({ pod: p.placement, tolerations: p.pod.tolerations }))
  return followEvictions({
    nodes: after.map(placementNode),
    pods: bound.map((p) => p.placement),
    evictions: planTaintEvictions(onTainted, (name) => taintsAfter.get(name), rules),
    // A DaemonSet makes its pod again only on a node whose taints it tolerates, as changed.
    replacementOf: (pod) =>
      replacementFor(pod, reading.workloads, {
        taints: taintsAfter.get(pod.nodeName) ?? [],
        options: rules,
      }),
    namespaces: reading.namespaces,
    workloads: reading.workloads,
    disruptionBudgets: reading.budgets,
    options: rules,
  })
}
