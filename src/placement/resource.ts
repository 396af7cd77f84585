import { milliValue, unitValue } from './quantity.js'
import type { ResourceList } from './pod-requests.js'

/**
 * The scheduler's `framework.Resource` (pkg/scheduler/framework types.go): cpu in millis,
 * memory and ephemeral-storage in bytes, the pod count, and the scalar resources (extended,
 * hugepages, `kubernetes.io/`-prefixed, attachable volumes) in units. A resource of another
 * name is not counted, as `Resource.Add` and `SetMaxResource` skip it.
 */

export interface Resource {
  milliCpu: bigint
  memory: bigint
  ephemeralStorage: bigint
  allowedPodNumber: bigint
  readonly scalar: Map<string, bigint>
}

export function emptyResource(): Resource {
  return { milliCpu: 0n, memory: 0n, ephemeralStorage: 0n, allowedPodNumber: 0n, scalar: new Map() }
}

/**
 * `schedutil.IsScalarResourceName`: an extended resource (a name with a `/` outside
 * `kubernetes.io/`, not `requests.`-prefixed), hugepages, a `kubernetes.io/`-prefixed native
 * resource, or an attachable-volumes count.
 */
export function isScalarResourceName(name: string): boolean {
  const nativePrefixed = name.includes('kubernetes.io/')
  const extended = name.includes('/') && !nativePrefixed && !name.startsWith('requests.')
  return (
    extended ||
    nativePrefixed ||
    name.startsWith('hugepages-') ||
    name.startsWith('attachable-volumes-')
  )
}

/** `Resource.Add` of a resource list: each quantity converted as its kind is, then summed. */
export function addList(into: Resource, list: ResourceList): void {
  for (const [name, nanos] of list) {
    if (name === 'cpu') into.milliCpu += milliValue(nanos)
    else if (name === 'memory') into.memory += unitValue(nanos)
    else if (name === 'ephemeral-storage') into.ephemeralStorage += unitValue(nanos)
    else if (name === 'pods') into.allowedPodNumber += unitValue(nanos)
    else if (isScalarResourceName(name))
      into.scalar.set(name, (into.scalar.get(name) ?? 0n) + unitValue(nanos))
  }
}

/** A resource list as a Resource (`NewResource`, and `SetMaxResource` from zero). */
export function resourceOf(list: ResourceList): Resource {
  const resource = emptyResource()
  addList(resource, list)
  return resource
}

/** `into += other` (`NodeInfo.AddPod`'s update of `Requested`), or `-=` with `sign` -1. */
export function accumulate(into: Resource, other: Resource, sign: 1n | -1n = 1n): void {
  // Added or taken away rather than multiplied by the sign: this runs for every pod placed or
  // taken off, preemption's dry run included, and a product is one more bigint made each time.
  if (sign === 1n) {
    into.milliCpu += other.milliCpu
    into.memory += other.memory
    into.ephemeralStorage += other.ephemeralStorage
  } else {
    into.milliCpu -= other.milliCpu
    into.memory -= other.memory
    into.ephemeralStorage -= other.ephemeralStorage
  }
  if (other.scalar.size === 0) return
  for (const [name, value] of other.scalar) {
    // A sum back at zero is dropped, so that taking a pod off leaves what never having it did.
    const sum = (into.scalar.get(name) ?? 0n) + sign * value
    if (sum === 0n) into.scalar.delete(name)
    else into.scalar.set(name, sum)
  }
}
