import {
  parseQuantity,
  type ContainerResources,
  type HostPort,
  type PodResources,
  type ResourceList,
} from '../placement/index.js'
import {
  field,
  isJsonObject,
  listField,
  NO_ITEMS,
  numberField,
  objectField,
  objectItem,
  readObject,
  readString,
  stringField,
  type JsonObject,
} from '../json/json-fields.js'
import { element, member } from '../json/json-path.js'
import { ProtocolError } from '../json/protocol-error.js'
import { podResourceFacts, sameFacts } from './pod-resource-facts.js'
import { numberSharedList, sharedPodResources } from './shared-pod-resources.js'

/**
 * What NodeResourcesFit and NodePorts read of a Pod and a Node: resource lists as
 * resource.Quantity (a JSON string, or a number as YAML writes one), container host ports, and
 * the container statuses' resources. A quantity the API server would refuse is an error naming
 * its place. Paths are built only for an error: every pod of a cluster is read.
 */

/** The list of an absent field: one map that no reader adds to. */
const NO_QUANTITIES: ResourceList = new Map()

/**
 * Resource lists by their text: a cluster's containers repeat a few lists (`cpu: 250m, memory:
 * 512Mi`) many times over, and every decoded pod is kept for the whole run, so equal lists share
 * one map (no reader adds to a decoded list). Bounded as parseQuantity's memo is.
 */
const sharedLists = new Map<string, ResourceList>()
const SHARED_LISTS_MAX = 1024
const SHARED_LIST_TEXT_MAX = 256

/** The ResourceList in field `name` of `obj` (`requests`, `allocatable`, `overhead`); null when absent. */
export function resourceListField(obj: JsonObject, name: string, at: string): ResourceList | null {
  const value = field(obj, name)
  if (value == null) return null
  if (!isJsonObject(value)) readObject(value, `${at}.${name}`, false)
  const list = value as JsonObject
  let text = ''
  let shareable = true
  for (const key in list) {
    if (!Object.hasOwn(list, key)) continue
    text += `${key}\u0000${quantityText(list, key, at, name)}\u0000`
    // A NUL in a name would let two different lists spell the same text.
    if (key.includes('\u0000')) shareable = false
  }
  const shared = shareable ? sharedLists.get(text) : undefined
  if (shared !== undefined) return shared
  const result = new Map<string, bigint>()
  for (const key in list) {
    if (Object.hasOwn(list, key))
      result.set(key, parseQuantity(quantityText(list, key, at, name)) as bigint)
  }
  if (!shareable || text.length > SHARED_LIST_TEXT_MAX) return result
  if (sharedLists.size >= SHARED_LISTS_MAX) sharedLists.clear()
  sharedLists.set(text, result)
  numberSharedList(result)
  return result
}

/** The quantity in field `name` of `obj` in nanos (a CSIStorageCapacity's `capacity`); null when absent. */
export function quantityField(obj: JsonObject, name: string, at: string): bigint | null {
  const value = field(obj, name)
  if (value == null) return null
  const text = typeof value === 'number' ? String(value) : readString(value, `${at}.${name}`)
  const nanos = parseQuantity(text)
  if (nanos === null || nanos < 0n) quantityRefused(text, nanos, `${at}.${name}`)
  return nanos
}

/** The text of quantity `key` of a list, checked to be one the API server takes. */
function quantityText(list: JsonObject, key: string, at: string, name: string): string {
  const item = list[key]
  const text =
    typeof item === 'string'
      ? item
      : typeof item === 'number'
        ? String(item)
        : readString(item, quantityAt(at, name, key))
  const nanos = parseQuantity(text)
  if (nanos === null || nanos < 0n) quantityRefused(text, nanos, quantityAt(at, name, key))
  return text
}

function quantityAt(at: string, name: string, key: string): string {
  return `${at}.${name}[${JSON.stringify(key)}]`
}

function quantityRefused(text: string, nanos: bigint | null, at: string): never {
  if (nanos === null) throw new ProtocolError(`${at}: ${JSON.stringify(text)} is not a quantity`)
  throw new ProtocolError(`${at}: ${text} must be greater than or equal to 0`)
}

interface ContainerStatusResources {
  readonly allocated: ResourceList | null
  readonly actuated: ResourceList | null
}

const NO_STATUSES: ReadonlyMap<string, ContainerStatusResources> = new Map()
const STATUS_KINDS = ['initContainerStatuses', 'containerStatuses'] as const

/** `findContainerStatus`: by name, the containers' statuses first, then the init containers'. */
function statusesByName(
  status: JsonObject | null,
  path: string
): ReadonlyMap<string, ContainerStatusResources> {
  let byName: Map<string, ContainerStatusResources> | null = null
  const statusAt = member(path, 'status')
  for (const kind of STATUS_KINDS) {
    const items = listField(status, kind, statusAt)
    const listAt = member(statusAt, kind)
    for (let i = 0; i < items.length; i++) {
      const at = element(listAt, i)
      const obj = objectItem(items[i], listAt, i)
      const resources = objectField(obj, 'resources', at)
      byName ??= new Map()
      byName.set(stringField(obj, 'name', at), {
        allocated: resourceListField(obj, 'allocatedResources', at),
        actuated: resources && resourceListField(resources, 'requests', member(at, 'resources')),
      })
    }
  }
  return byName ?? NO_STATUSES
}

function readContainers(
  spec: JsonObject | null,
  kind: 'containers' | 'initContainers',
  statuses: ReadonlyMap<string, ContainerStatusResources>,
  path: string
): readonly ContainerResources[] {
  const items = listField(spec, kind, path)
  if (items.length === 0) return NO_ITEMS
  const listAt = member(path, kind)
  return items.map((item, i) => {
    const obj = objectItem(item, listAt, i)
    const at = element(listAt, i)
    const name = stringField(obj, 'name', at)
    const resources = objectField(obj, 'resources', at)
    const requests = resources && resourceListField(resources, 'requests', member(at, 'resources'))
    const status = statuses.get(name)
    return {
      name,
      requests: requests ?? NO_QUANTITIES,
      restartable: kind === 'initContainers' && stringField(obj, 'restartPolicy', at) === 'Always',
      allocated: status?.allocated ?? null,
      actuated: status?.actuated ?? null,
    }
  })
}

/** `status.conditions` has `PodResizePending` with reason `Infeasible`. */
function resizeInfeasible(status: JsonObject | null, path: string): boolean {
  const statusAt = member(path, 'status')
  const listAt = member(statusAt, 'conditions')
  return listField(status, 'conditions', statusAt).some((item, i) => {
    const obj = objectItem(item, listAt, i)
    const at = element(listAt, i)
    return (
      stringField(obj, 'type', at) === 'PodResizePending' &&
      stringField(obj, 'reason', at) === 'Infeasible'
    )
  })
}

/**
 * The previous pod's resource facts (pod-resource-facts.ts) and its shared resources, which a pod
 * with equal facts takes without being read again: they were checked when it was read. Only
 * shared (frozen) resources are kept, so a pod whose lists are not shared keeps its own.
 */
let previousFacts: unknown[] = []
let previousResources: PodResources | null = null
let facts: unknown[] = []

/** The pod's containers' requests, its overhead and pod-level requests, and the statuses'. */
export function decodePodResources(
  spec: JsonObject | null,
  status: JsonObject | null,
  path: string
): PodResources {
  facts.length = 0
  const comparable = podResourceFacts(spec, status, facts)
  if (comparable && previousResources !== null && sameFacts(facts, previousFacts))
    return previousResources
  const resources = readPodResources(spec, status, path)
  if (comparable && Object.isFrozen(resources)) {
    ;[previousFacts, facts] = [facts, previousFacts]
    previousResources = resources
  }
  return resources
}

/** decodePodResources without the previous pod's: every field read and checked. */
export function readPodResources(
  spec: JsonObject | null,
  status: JsonObject | null,
  path: string
): PodResources {
  const specAt = member(path, 'spec')
  const statuses = statusesByName(status, path)
  const podLevel = spec === null ? null : objectField(spec, 'resources', specAt)
  const resources: PodResources = {
    containers: readContainers(spec, 'containers', statuses, specAt),
    initContainers: readContainers(spec, 'initContainers', statuses, specAt),
    overhead: (spec && resourceListField(spec, 'overhead', specAt)) ?? NO_QUANTITIES,
    podLevel:
      (podLevel && resourceListField(podLevel, 'requests', member(specAt, 'resources'))) ??
      NO_QUANTITIES,
    resizeInfeasible: resizeInfeasible(status, path),
  }
  return sharedPodResources(resources, NO_QUANTITIES)
}

/** The containers' ports that name a host port (`hostPort` > 0), as NodePorts reads them. */
export function decodeHostPorts(spec: JsonObject | null, specAt: string): readonly HostPort[] {
  const containers = listField(spec, 'containers', specAt)
  const containersAt = member(specAt, 'containers')
  let found: HostPort[] | null = null
  for (let i = 0; i < containers.length; i++) {
    const container = objectItem(containers[i], containersAt, i)
    const containerAt = element(containersAt, i)
    const ports = listField(container, 'ports', containerAt)
    const portsAt = member(containerAt, 'ports')
    for (let j = 0; j < ports.length; j++) {
      const port = objectItem(ports[j], portsAt, j)
      const at = element(portsAt, j)
      const hostPort = numberField(port, 'hostPort', at) ?? 0
      if (hostPort <= 0) continue
      ;(found ??= []).push({
        hostIP: stringField(port, 'hostIP', at),
        protocol: stringField(port, 'protocol', at),
        hostPort,
      })
    }
  }
  return found ?? NO_ITEMS
}
