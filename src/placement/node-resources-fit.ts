import type { ClusterPod } from './cluster-pod.js'
import { fitRejectsAboveAllocatableForGood, releaseOf } from './kube-releases.js'
import { podsByNode, type FilterPlugin, type PodChanges } from './framework.js'
import { NO_RESOURCES, podRequests } from './pod-requests.js'
import { formatMilli, formatUnits } from './quantity.js'
import { accumulate, emptyResource, resourceOf, type Resource } from './resource.js'
import type { PlacementInput, PlacementNode, Rejection } from './types.js'

/**
 * NodeResourcesFit's Filter (pkg/scheduler/framework/plugins/noderesources fit.go): the pod's
 * requests (`computePodResourceRequest`, pod-requests.ts) against the node's allocatable minus
 * what its pods request (`fitsRequest`), and the pod count against `allocatable.pods`. Each
 * insufficient resource is a reason of its own (`Insufficient cpu`, `Too many pods`), so a
 * node short of two is counted under both. The status is UnschedulableAndUnresolvable when a
 * request exceeds the whole allocatable of its resource (preemption cannot make room; from v1.34,
 * kube-releases.ts), else Unschedulable.
 */

export const PLUGIN_NODE_RESOURCES_FIT = 'NodeResourcesFit'

/** What a node holds: the pods' summed requests (`NodeInfo.Requested`) and their number. */
interface NodeUsage {
  readonly requested: Resource
  readonly pods: number
}

interface Shortfall {
  readonly reason: string
  readonly detail: string
  readonly unresolvable: boolean
}

const placedRequests = new WeakMap<ClusterPod, Resource>()

/** A placed pod's requests as `NodeInfo.AddPod` counts them, computed once per pod. */
function requestsOfPlaced(pod: ClusterPod): Resource {
  let resource = placedRequests.get(pod)
  if (resource === undefined) {
    resource = resourceOf(podRequests(pod.resources ?? NO_RESOURCES, true))
    placedRequests.set(pod, resource)
  }
  return resource
}

function usageOf(pods: readonly ClusterPod[]): NodeUsage {
  const requested = emptyResource()
  for (const pod of pods) accumulate(requested, requestsOfPlaced(pod))
  return { requested, pods: pods.length }
}

function withChanges(usage: NodeUsage, node: PlacementNode, changes: PodChanges): NodeUsage {
  if (changes.added.length === 0 && changes.removed.size === 0) return usage
  const requested = emptyResource()
  accumulate(requested, usage.requested)
  let pods = usage.pods
  for (const pod of changes.added) {
    accumulate(requested, requestsOfPlaced(pod))
    pods++
  }
  for (const pod of changes.removed) {
    if (pod.nodeName !== node.name) continue
    accumulate(requested, requestsOfPlaced(pod), -1n)
    pods--
  }
  return { requested, pods }
}

function shortfall(
  name: string,
  request: bigint,
  used: bigint,
  allocatable: bigint,
  format: (value: bigint) => string
): Shortfall | null {
  if (request <= 0n || request <= allocatable - used) return null
  return {
    reason: `Insufficient ${name}`,
    detail: `${name}: requests ${format(request)}, free ${format(allocatable - used)}`,
    unresolvable: request > allocatable,
  }
}

/** `fitsRequest`: every shortfall, in upstream's order (pods, cpu, memory, storage, scalars). */
export function fitsRequest(
  request: Resource,
  allocatable: Resource,
  usage: NodeUsage
): Shortfall[] {
  const found: Shortfall[] = []
  if (BigInt(usage.pods) + 1n > allocatable.allowedPodNumber)
    found.push({
      reason: 'Too many pods',
      detail: `pods: ${usage.pods} placed, ${allocatable.allowedPodNumber} allowed`,
      unresolvable: false,
    })
  const used = usage.requested
  const checks = [
    shortfall('cpu', request.milliCpu, used.milliCpu, allocatable.milliCpu, formatMilli),
    shortfall('memory', request.memory, used.memory, allocatable.memory, formatUnits),
    shortfall(
      'ephemeral-storage',
      request.ephemeralStorage,
      used.ephemeralStorage,
      allocatable.ephemeralStorage,
      formatUnits
    ),
    ...[...request.scalar.keys()]
      .sort()
      .map((name) =>
        shortfall(
          name,
          request.scalar.get(name) ?? 0n,
          used.scalar.get(name) ?? 0n,
          allocatable.scalar.get(name) ?? 0n,
          formatUnits
        )
      ),
  ]
  for (const check of checks) if (check !== null) found.push(check)
  return found
}

/**
 * PreFilter: the pod's requests, and each node's usage from the pods placed on it. Not judged
 * without the placed pods or with a node whose allocatable is unknown.
 */
export function preFilterNodeResourcesFit(
  input: PlacementInput
): FilterPlugin | { notJudged: string } {
  if (input.placedPods === null) return { notJudged: 'resources (NodeResourcesFit: no pods given)' }
  const unknown = input.nodes.find((n) => n.allocatable == null)
  if (unknown !== undefined)
    return { notJudged: `resources (NodeResourcesFit: ${unknown.name} has no status.allocatable)` }
  const request = resourceOf(podRequests(input.pod.resources ?? NO_RESOURCES, false))
  const byNode = podsByNode(input.placedPods)
  const usage = new Map<string, NodeUsage>()
  const allocatables = new Map<PlacementNode, Resource>()
  const forGood = fitRejectsAboveAllocatableForGood(releaseOf(input.options))
  return {
    name: PLUGIN_NODE_RESOURCES_FIT,
    filter(node, changes): Rejection | null {
      let base = usage.get(node.name)
      if (base === undefined) {
        base = usageOf(byNode.get(node.name) ?? [])
        usage.set(node.name, base)
      }
      let allocatable = allocatables.get(node)
      if (allocatable === undefined) {
        allocatable = resourceOf(node.allocatable ?? new Map())
        allocatables.set(node, allocatable)
      }
      const found = fitsRequest(request, allocatable, withChanges(base, node, changes))
      if (found.length === 0) return null
      return {
        plugin: PLUGIN_NODE_RESOURCES_FIT,
        reasons: found.map((s) => s.reason),
        unresolvable: forGood && found.some((s) => s.unresolvable),
        detail: found.map((s) => s.detail).join('; '),
      }
    },
  }
}
