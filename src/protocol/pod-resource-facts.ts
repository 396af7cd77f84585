import { field, isJsonObject, NO_ITEMS, type JsonObject } from '../json/json-fields.js'

/**
 * What decodePodResources reads of a pod, as a flat list of the values read, without checking
 * or building anything: its containers' and init containers' names and requests (and an init
 * container's restart policy), the statuses' names, allocated and actuated requests, the
 * overhead and pod-level requests, and whether a resize is infeasible. A cluster's pods come
 * listed by name, so a pod mostly follows one of its own template: when its facts equal the
 * previous pod's, that pod's decoded and checked resources are its own too
 * (decode-pod-resources.ts), where decoding them anew was the largest part of reading a pod.
 *
 * Fields are found as the decoder finds them (`field`, Go's case folding), absent and `null`
 * alike, as the decoder reads them alike. Each list is preceded by its length, so that equal
 * facts are read alike. A value the decoder would refuse, or read as something other than the
 * string, number, object or list it is, makes the pod one to decode in full, and so refuse
 * with the decoder's own message.
 */

/** The pod must be decoded in full: a value of a kind the decoder refuses or converts. */
class NotComparable extends Error {}
const NOT_COMPARABLE = new NotComparable()

/** Appends the facts of a pod's resources to `out`; false when it must be decoded in full. */
export function podResourceFacts(
  spec: JsonObject | null,
  status: JsonObject | null,
  out: unknown[]
): boolean {
  try {
    containerFacts(spec, 'containers', false, out)
    containerFacts(spec, 'initContainers', true, out)
    containerFacts(status, 'initContainerStatuses', false, out)
    containerFacts(status, 'containerStatuses', false, out)
    listFacts(spec, 'overhead', out)
    listFacts(objectAt(spec, 'resources'), 'requests', out)
    out.push(resizeInfeasible(status))
    return true
  } catch (err) {
    if (err === NOT_COMPARABLE) return false
    throw err
  }
}

/** Whether two lists of facts are equal, value for value. */
export function sameFacts(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

function objectAt(obj: JsonObject | null, name: string): JsonObject | null {
  const value = obj === null ? null : field(obj, name)
  if (value == null) return null
  if (!isJsonObject(value)) throw NOT_COMPARABLE
  return value
}

function itemsAt(obj: JsonObject | null, name: string): readonly unknown[] {
  const value = obj === null ? null : field(obj, name)
  if (value == null) return NO_ITEMS
  if (!Array.isArray(value)) throw NOT_COMPARABLE
  return value
}

/** A string field, '' when absent or null as the decoder reads it. */
function stringAt(obj: JsonObject, name: string): string {
  const value = field(obj, name)
  if (value == null) return ''
  if (typeof value !== 'string') throw NOT_COMPARABLE
  return value
}

/**
 * Each container (or status) of list `name`: its name, its restart policy where `withPolicy`,
 * and the lists the decoder reads of either kind (requests; allocated and actuated requests).
 */
function containerFacts(
  obj: JsonObject | null,
  name: string,
  withPolicy: boolean,
  out: unknown[]
): void {
  const items = itemsAt(obj, name)
  out.push(items.length)
  for (const item of items) {
    if (!isJsonObject(item)) throw NOT_COMPARABLE
    out.push(stringAt(item, 'name'))
    if (withPolicy) out.push(stringAt(item, 'restartPolicy'))
    listFacts(objectAt(item, 'resources'), 'requests', out)
    listFacts(item, 'allocatedResources', out)
  }
}

/** A resource list: -1 when absent, else its size and each name and quantity. */
function listFacts(obj: JsonObject | null, name: string, out: unknown[]): void {
  const list = objectAt(obj, name)
  if (list === null) {
    out.push(-1)
    return
  }
  const at = out.length
  out.push(0)
  let size = 0
  for (const key in list) {
    if (!Object.hasOwn(list, key)) continue
    const value = list[key]
    if (typeof value !== 'string' && typeof value !== 'number') throw NOT_COMPARABLE
    out.push(key, value)
    size++
  }
  out[at] = size
}

/** `status.conditions` has `PodResizePending` with reason `Infeasible`, read as the decoder reads it. */
function resizeInfeasible(status: JsonObject | null): boolean {
  return itemsAt(status, 'conditions').some((item) => {
    if (!isJsonObject(item)) throw NOT_COMPARABLE
    return (
      stringAt(item, 'type') === 'PodResizePending' && stringAt(item, 'reason') === 'Infeasible'
    )
  })
}
