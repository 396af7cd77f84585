import type { ContainerResources, PodResources, ResourceList } from '../placement/index.js'

/**
 * Equal pod resources as one object. A cluster's pods come from a few templates, and the
 * snapshot computes each placed pod's requests and non-zero requests once per resources object
 * (placement/node-info.ts): pods that share one are computed once for all of them. Resources
 * are equal when their containers' names, restart policies and resource lists are: the lists
 * themselves are already shared by their text (decode-pod-resources.ts), so each is named here
 * by a number given to it once. Resources holding a list that is not shared are kept as they
 * are. What is shared is frozen, since every pod that holds it sees a change.
 */

/** Bounded as the shared lists are: a cluster has far fewer templates. */
const SHARED_MAX = 1024

const shared = new Map<string, PodResources>()
const listNumbers = new WeakMap<ResourceList, number>()
let nextNumber = 0

/** Lists that stand for no list of their own: absent ones. */
const NO_LIST = 'n'

/** Marks `list` as one shared by its text, so that resources holding it can be shared. */
export function numberSharedList(list: ResourceList): void {
  if (!listNumbers.has(list)) listNumbers.set(list, nextNumber++)
}

/** The key of a list, or null when the list is not a shared one. */
function listKey(list: ResourceList | null, empty: ResourceList): string | null {
  if (list === null) return NO_LIST
  if (list === empty) return 'e'
  const number = listNumbers.get(list)
  return number === undefined ? null : String(number)
}

function containersKey(
  containers: readonly ContainerResources[],
  empty: ResourceList
): string | null {
  let key = ''
  for (const c of containers) {
    const requests = listKey(c.requests, empty)
    const allocated = listKey(c.allocated, empty)
    const actuated = listKey(c.actuated, empty)
    if (requests === null || allocated === null || actuated === null) return null
    // The name's length first, so that no name can end in what another key continues with.
    key += `${c.name.length}:${c.name}:${c.restartable ? 1 : 0}:${requests},${allocated},${actuated};`
  }
  return key
}

/** `resources`, or an equal object decoded before; `empty` is the decoders' absent list. */
export function sharedPodResources(resources: PodResources, empty: ResourceList): PodResources {
  const containers = containersKey(resources.containers, empty)
  const init = containersKey(resources.initContainers, empty)
  const overhead = listKey(resources.overhead, empty)
  const podLevel = listKey(resources.podLevel, empty)
  if (containers === null || init === null || overhead === null || podLevel === null)
    return resources
  const key = `${containers}|${init}|${overhead}|${podLevel}|${resources.resizeInfeasible ? 1 : 0}`
  const known = shared.get(key)
  if (known !== undefined) return known
  if (shared.size >= SHARED_MAX) shared.clear()
  const frozen = Object.freeze({
    ...resources,
    containers: Object.freeze(resources.containers.map((c) => Object.freeze({ ...c }))),
    initContainers: Object.freeze(resources.initContainers.map((c) => Object.freeze({ ...c }))),
  })
  shared.set(key, frozen)
  return frozen
}
