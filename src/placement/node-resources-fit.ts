import type { FilterPlugin } from './framework.js'
import { fitRejectsAboveAllocatableForGood, releaseOf } from './kube-releases.js'
import { NO_RESOURCES, podRequests } from './pod-requests.js'
import { formatMilli, formatUnits } from './quantity.js'
import { emptyResource, resourceOf, type Resource } from './resource.js'
import type { Rejection, SnapshotInput } from './types.js'

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
  // Built up only as shortfalls are found: most nodes have none, and this runs for every node
  // and every pod put back in preemption's dry run.
  const found: Shortfall[] = []
  // The allowance as a number: exact for any count of pods, and far cheaper to compare than a
  // number with a bigint.
  if (usage.pods + 1 > Number(allocatable.allowedPodNumber))
    found.push({
      reason: 'Too many pods',
      detail: `pods: ${usage.pods} placed, ${allocatable.allowedPodNumber} allowed`,
      unresolvable: false,
    })
  const used = usage.requested
  const add = (check: Shortfall | null) => check !== null && found.push(check)
  add(shortfall('cpu', request.milliCpu, used.milliCpu, allocatable.milliCpu, formatMilli))
  add(shortfall('memory', request.memory, used.memory, allocatable.memory, formatUnits))
  add(
    shortfall(
      'ephemeral-storage',
      request.ephemeralStorage,
      used.ephemeralStorage,
      allocatable.ephemeralStorage,
      formatUnits
    )
  )
  if (request.scalar.size === 0) return found
  for (const name of [...request.scalar.keys()].sort())
    add(
      shortfall(
        name,
        request.scalar.get(name) ?? 0n,
        used.scalar.get(name) ?? 0n,
        allocatable.scalar.get(name) ?? 0n,
        formatUnits
      )
    )
  return found
}

/**
 * PreFilter: the pod's requests; Filter reads each node's usage from its NodeInfo. Not judged
 * without the placed pods or with a node whose allocatable is unknown.
 */
export function preFilterNodeResourcesFit(
  input: SnapshotInput
): FilterPlugin | { notJudged: string } {
  const { snapshot } = input
  if (!snapshot.podsKnown) return { notJudged: 'resources (NodeResourcesFit: no pods given)' }
  const unknown = snapshot.withoutAllocatable
  if (unknown !== undefined)
    return { notJudged: `resources (NodeResourcesFit: ${unknown.name} has no status.allocatable)` }
  const request = resourceOf(podRequests(input.pod.resources ?? NO_RESOURCES, false))
  const forGood = fitRejectsAboveAllocatableForGood(releaseOf(input.options))
  return {
    name: PLUGIN_NODE_RESOURCES_FIT,
    filter(_state, node): Rejection | null {
      const usage = { requested: node.requested, pods: node.pods.length }
      const found = fitsRequest(request, node.allocatable ?? emptyResource(), usage)
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
