import type { WorkloadKind } from '../placement/index.js'
import { field, isJsonObject, ProtocolError } from '../protocol/index.js'

/**
 * The kind of object a file holds, checked before it is read as a pod, node or namespace: a Node
 * given as --pod, or a pod list as --nodes, is refused naming the file and what it holds,
 * rather than read as the wrong thing (a pod has no taints, so it would pass as a node that
 * everything fits). Hand-written manifests may leave `kind` out; then the shape decides where
 * it can: only pods have containers, only nodes have taints, a pod CIDR or a status with
 * capacity and node info (what `kubectl get nodes -o yaml` prints even for a node with an empty
 * spec). Every object is judged, so the first of the wrong kind in file order is the one named.
 */

/** The storage objects the volume plugins read (storage-manifests.ts). */
export type StorageKind =
  | 'PersistentVolumeClaim'
  | 'StorageClass'
  | 'PersistentVolume'
  | 'CSINode'
  | 'VolumeAttachment'
  | 'CSIDriver'
  | 'CSIStorageCapacity'

/** `workload object`: any of the controllers and Service (workload-kinds.ts), each by its kind. */
export type ExpectedKind =
  | 'Pod'
  | 'Node'
  | 'Namespace'
  | 'PodDisruptionBudget'
  | StorageKind
  | 'workload object'
  | WorkloadKind
  | 'Service'

const POD_SPEC_FIELDS = ['containers', 'initContainers', 'tolerations', 'affinity', 'nodeSelector']
const NODE_SPEC_FIELDS = ['taints', 'unschedulable', 'podCIDR', 'podCIDRs', 'providerID']
/** NodeStatus fields PodStatus has none of (core/v1 types.go). */
const NODE_STATUS_FIELDS = ['nodeInfo', 'capacity', 'allocatable', 'daemonEndpoints', 'images']
/** PodStatus fields NodeStatus has none of. */
const POD_STATUS_FIELDS = ['containerStatuses', 'podIP', 'podIPs', 'hostIP', 'qosClass']

/** Whether the object's `part` has one of the fields `names` (keys matched exactly, json-fields.ts). */
function hasAny(object: unknown, part: string, names: readonly string[]): boolean {
  const value = isJsonObject(object) ? field(object, part) : undefined
  return isJsonObject(value) && names.some((name) => Object.hasOwn(value, name))
}

/** The kind an object says it is by its own `kind`; null if it says none. */
export function ownKind(object: unknown): string | null {
  const kind = isJsonObject(object) ? field(object, 'kind') : undefined
  return typeof kind === 'string' && kind !== '' ? kind : null
}

/** The kind a list's `kind` gives its items (`PodList`: `Pod`); null for `List` or none. */
export function itemKindOfList(listKind: string | null): string | null {
  if (listKind !== null && listKind.endsWith('List') && listKind !== 'List')
    return listKind.slice(0, -'List'.length)
  return null
}

/** The kind an object says it is, by `kind` or its list's `kind` (`PodList`); null if neither. */
function declaredKind(object: unknown, listKind: string | null): string | null {
  return ownKind(object) ?? itemKindOfList(listKind)
}

/** The kind an object's fields show, where only one kind has them; null if unknown. */
export function kindByShape(object: unknown): 'Pod' | 'Node' | null {
  const podLike = looksLike(object, 'Pod')
  if (podLike === looksLike(object, 'Node')) return null
  return podLike ? 'Pod' : 'Node'
}

function looksLike(object: unknown, kind: 'Pod' | 'Node'): boolean {
  return kind === 'Pod'
    ? hasAny(object, 'spec', POD_SPEC_FIELDS) || hasAny(object, 'status', POD_STATUS_FIELDS)
    : hasAny(object, 'spec', NODE_SPEC_FIELDS) || hasAny(object, 'status', NODE_STATUS_FIELDS)
}

function nameOf(object: unknown): string {
  const metadata = isJsonObject(object) ? field(object, 'metadata') : undefined
  const name = isJsonObject(metadata) ? field(metadata, 'name') : undefined
  return typeof name === 'string' && name !== '' ? ` "${name}"` : ''
}

/** Refuses, naming the file and what it found, an object that is not of the expected kind. */
export function checkKind(
  object: unknown,
  listKind: string | null,
  expected: ExpectedKind,
  flag: string,
  origin: string
): void {
  const declared = declaredKind(object, listKind)
  // With the fields of the kind expected, its shape shows that kind or none: it passes either
  // way, and the other kind's fields need no look (every pod of a list is judged).
  const shapeOfExpected = expected === 'Pod' || expected === 'Node'
  if (declared === null && shapeOfExpected && looksLike(object, expected)) return
  const kind = declared ?? kindByShape(object)
  if (kind === null || kind === expected) return
  // A workloads file may be the pods file itself (workload-manifests.ts): its pods pass.
  if (expected === 'workload object' && kind === 'Pod') return
  // Judged by its fields alone (a pod-like one has containers): say what a pod would have had.
  const missing =
    declared === null && expected === 'Pod' ? ' (no kind, and no spec.containers)' : ''
  throw new ProtocolError(
    `${origin} holds a ${kind}${nameOf(object)}${missing}, not a ${expected} (--${flag})`
  )
}
