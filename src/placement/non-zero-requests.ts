import {
  hasPodLevelRequests,
  podRequests,
  type PodResources,
  type ResourceList,
} from './pod-requests.js'
import { milliValue, unitValue } from './quantity.js'

/**
 * The cpu and memory a pod counts for in the scores that rank nodes by their requests
 * (NodeResourcesFit's LeastAllocated): a container that names no cpu counts as requesting 100m,
 * one that names no memory 200Mi (pkg/scheduler/util pod_resources.go `DefaultMilliCPURequest`,
 * `DefaultMemoryRequest`); a request set to zero stays zero. Upstream computes it two ways:
 *
 * - from v1.32 (kubernetes/kubernetes#127878, "Scheduler will start considering the resource
 *   requests of existing sidecar containers during the scoring process"), framework types.go
 *   `calculateResource` asks `PodRequests` with the defaults as `NonMissingContainerRequests`:
 *   each container filled in before the sum, sidecars counted beside the containers; with
 *   pod-level requests set, only the resources neither they nor any container name get a default
 *   (`getNonMissingContainerRequests`).
 * - up to v1.31, `calculateResource` applied the defaults in `PodRequests`' `ContainerFn` to what
 *   each container passes: the regular containers one by one, each init container together with
 *   the sidecars started before it; sidecars were not added to the containers' sum.
 *
 * A pod's overhead is added either way.
 */

export interface CpuMemory {
  /** cpu in millis. */
  readonly milliCpu: bigint
  /** memory in bytes. */
  readonly memory: bigint
}

const MILLI = 1_000_000n
export const DEFAULT_MILLI_CPU_REQUEST = 100n
export const DEFAULT_MEMORY_REQUEST = 200n * 1024n * 1024n

const BOTH_DEFAULTS: ResourceList = new Map([
  ['cpu', DEFAULT_MILLI_CPU_REQUEST * MILLI],
  ['memory', DEFAULT_MEMORY_REQUEST * 1_000_000_000n],
])

function cpuMemoryOf(list: ResourceList): CpuMemory {
  return {
    milliCpu: milliValue(list.get('cpu') ?? 0n),
    memory: unitValue(list.get('memory') ?? 0n),
  }
}

/**
 * The pod's non-zero requests as v1.32 and later count them. `useStatus`: a pod placed on a node,
 * read with its in-place resize status as `Requested` reads it.
 */
export function nonZeroRequests(pod: PodResources, useStatus: boolean): CpuMemory {
  // Without pod-level requests both defaults apply, and the plain requests need not be summed.
  if (!hasPodLevelRequests(pod)) return cpuMemoryOf(podRequests(pod, useStatus, BOTH_DEFAULTS))
  const requests = podRequests(pod, useStatus)
  const defaults = new Map([...BOTH_DEFAULTS].filter(([name]) => !requests.has(name)))
  return cpuMemoryOf(defaults.size === 0 ? requests : podRequests(pod, useStatus, defaults))
}

/** `GetNonzeroRequests` of one list: the defaults where a resource is not named. */
function nonZeroOf(list: ResourceList): CpuMemory {
  const cpu = list.get('cpu')
  const memory = list.get('memory')
  return {
    milliCpu: cpu === undefined ? DEFAULT_MILLI_CPU_REQUEST : milliValue(cpu),
    memory: memory === undefined ? DEFAULT_MEMORY_REQUEST : unitValue(memory),
  }
}

function sumInto(into: Map<string, bigint>, list: ResourceList): void {
  for (const [name, value] of list) into.set(name, (into.get(name) ?? 0n) + value)
}

/** The pod's non-zero requests as v1.28 to v1.31 count them (their pods' spec alone). */
export function nonZeroRequestsBefore132(pod: PodResources): CpuMemory {
  let milliCpu = 0n
  let memory = 0n
  for (const c of pod.containers) {
    const own = nonZeroOf(c.requests)
    milliCpu += own.milliCpu
    memory += own.memory
  }
  let initCpu = 0n
  let initMemory = 0n
  const sidecars = new Map<string, bigint>()
  for (const c of pod.initContainers) {
    let passed: ResourceList
    if (c.restartable) {
      sumInto(sidecars, c.requests)
      passed = sidecars
    } else {
      const combined = new Map(c.requests)
      sumInto(combined, sidecars)
      passed = combined
    }
    const own = nonZeroOf(passed)
    if (own.milliCpu > initCpu) initCpu = own.milliCpu
    if (own.memory > initMemory) initMemory = own.memory
  }
  if (initCpu > milliCpu) milliCpu = initCpu
  if (initMemory > memory) memory = initMemory
  const overheadCpu = pod.overhead.get('cpu')
  const overheadMemory = pod.overhead.get('memory')
  if (overheadCpu !== undefined) milliCpu += milliValue(overheadCpu)
  if (overheadMemory !== undefined) memory += unitValue(overheadMemory)
  return { milliCpu, memory }
}

/**
 * The pod being scheduled as LeastAllocated's PreScore reads it (resource_allocation.go
 * `calculatePodResourceRequest`): `PodRequests` with both defaults for any container that does
 * not name them, in every release.
 */
export function nonZeroRequestsToPlace(pod: PodResources): CpuMemory {
  return cpuMemoryOf(podRequests(pod, false, BOTH_DEFAULTS))
}
