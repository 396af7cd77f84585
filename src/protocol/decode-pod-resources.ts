import {
  parseQuantity,
  type ContainerResources,
  type HostPort,
  type PodResources,
} from '../placement/index.js'
import {
  field,
  readArray,
  readInteger,
  readObject,
  readString,
  type JsonObject,
} from '../json/json-fields.js'
import { ProtocolError } from '../json/protocol-error.js'

/**
 * What NodeResourcesFit and NodePorts read of a Pod and a Node: resource lists as
 * resource.Quantity (a JSON string, or a number as YAML writes one), container host ports, and
 * the container statuses' resources. A quantity the API server would refuse is an error naming
 * its place.
 */

function list(obj: JsonObject | null, name: string, path: string): unknown[] {
  return obj === null ? [] : (readArray(field(obj, name), `${path}.${name}`) ?? [])
}

/** A ResourceList (`requests`, `allocatable`, `overhead`); null when absent. */
export function readResourceList(value: unknown, path: string): Map<string, bigint> | null {
  const obj = readObject(value, path, false)
  if (obj === null) return null
  const result = new Map<string, bigint>()
  for (const [name, item] of Object.entries(obj)) {
    const at = `${path}[${JSON.stringify(name)}]`
    const text = typeof item === 'number' ? String(item) : readString(item, at)
    const nanos = parseQuantity(text)
    if (nanos === null) throw new ProtocolError(`${at}: ${JSON.stringify(text)} is not a quantity`)
    if (nanos < 0n) throw new ProtocolError(`${at}: ${text} must be greater than or equal to 0`)
    result.set(name, nanos)
  }
  return result
}

interface ContainerStatusResources {
  readonly allocated: Map<string, bigint> | null
  readonly actuated: Map<string, bigint> | null
}

/** `findContainerStatus`: by name, the containers' statuses first, then the init containers'. */
function statusesByName(
  status: JsonObject | null,
  path: string
): Map<string, ContainerStatusResources> {
  const byName = new Map<string, ContainerStatusResources>()
  for (const kind of ['initContainerStatuses', 'containerStatuses']) {
    list(status, kind, `${path}.status`).forEach((item, i) => {
      const at = `${path}.status.${kind}[${i}]`
      const obj = readObject(item, at, true)
      const resources = readObject(field(obj, 'resources'), `${at}.resources`, false)
      byName.set(readString(field(obj, 'name'), `${at}.name`), {
        allocated: readResourceList(field(obj, 'allocatedResources'), `${at}.allocatedResources`),
        actuated:
          resources === null
            ? null
            : readResourceList(field(resources, 'requests'), `${at}.resources.requests`),
      })
    })
  }
  return byName
}

function readContainers(
  spec: JsonObject | null,
  kind: 'containers' | 'initContainers',
  statuses: ReadonlyMap<string, ContainerStatusResources>,
  path: string
): ContainerResources[] {
  return list(spec, kind, path).map((item, i) => {
    const at = `${path}.${kind}[${i}]`
    const obj = readObject(item, at, true)
    const name = readString(field(obj, 'name'), `${at}.name`)
    const resources = readObject(field(obj, 'resources'), `${at}.resources`, false)
    const requests =
      resources === null
        ? null
        : readResourceList(field(resources, 'requests'), `${at}.resources.requests`)
    const status = statuses.get(name)
    return {
      name,
      requests: requests ?? new Map(),
      restartable:
        kind === 'initContainers' &&
        readString(field(obj, 'restartPolicy'), `${at}.restartPolicy`) === 'Always',
      allocated: status?.allocated ?? null,
      actuated: status?.actuated ?? null,
    }
  })
}

/** `status.conditions` has `PodResizePending` with reason `Infeasible`. */
function resizeInfeasible(status: JsonObject | null, path: string): boolean {
  return list(status, 'conditions', `${path}.status`).some((item, i) => {
    const at = `${path}.status.conditions[${i}]`
    const obj = readObject(item, at, true)
    return (
      readString(field(obj, 'type'), `${at}.type`) === 'PodResizePending' &&
      readString(field(obj, 'reason'), `${at}.reason`) === 'Infeasible'
    )
  })
}

/** The pod's containers' requests, its overhead and pod-level requests, and the statuses'. */
export function decodePodResources(
  spec: JsonObject | null,
  status: JsonObject | null,
  path: string
): PodResources {
  const specAt = `${path}.spec`
  const statuses = statusesByName(status, path)
  const podLevel =
    spec === null ? null : readObject(field(spec, 'resources'), `${specAt}.resources`, false)
  return {
    containers: readContainers(spec, 'containers', statuses, specAt),
    initContainers: readContainers(spec, 'initContainers', statuses, specAt),
    overhead:
      (spec && readResourceList(field(spec, 'overhead'), `${specAt}.overhead`)) ?? new Map(),
    podLevel:
      (podLevel && readResourceList(field(podLevel, 'requests'), `${specAt}.resources.requests`)) ??
      new Map(),
    resizeInfeasible: resizeInfeasible(status, path),
  }
}

/** The containers' ports that name a host port (`hostPort` > 0), as NodePorts reads them. */
export function decodeHostPorts(spec: JsonObject | null, path: string): HostPort[] {
  const specAt = `${path}.spec`
  return list(spec, 'containers', specAt).flatMap((item, i) => {
    const at = `${specAt}.containers[${i}]`
    return list(readObject(item, at, true), 'ports', at).flatMap((port, j) => {
      const portAt = `${at}.ports[${j}]`
      const obj = readObject(port, portAt, true)
      const hostPort = readInteger(field(obj, 'hostPort'), `${portAt}.hostPort`) ?? 0n
      if (hostPort <= 0n) return []
      return [
        {
          hostIP: readString(field(obj, 'hostIP'), `${portAt}.hostIP`),
          protocol: readString(field(obj, 'protocol'), `${portAt}.protocol`),
          hostPort: Number(hostPort),
        },
      ]
    })
  })
}
