import { resourceListField } from './decode-pod-resources.js'
import { decodeNodeImages } from './decode-images.js'
import type { NodeImage, ResourceList } from '../placement/index.js'
import type { NodeTaintsAt, Taint } from '../core/index.js'
import { decodePod, type PodTolerations } from './decode-objects.js'
import {
  booleanField,
  field,
  listField,
  mapItems,
  objectField,
  objectItem,
  readArray,
  readObject,
  stringField,
  type JsonObject,
} from '../json/json-fields.js'
import { element, member } from '../json/json-path.js'
import { ProtocolError } from '../json/protocol-error.js'
import { stringMapField } from './decode-label-selector.js'

/**
 * Pods and Nodes as `kubectl get -o json|yaml` prints them (or as manifests), for the explain
 * and forecast tools: the same field rules as requests (any key casing, nulls as zero values),
 * plus the few fields the tools need beyond the scheduler's (labels, nodeName, phase).
 */

export interface ManifestNode extends NodeTaintsAt {
  readonly labels: Readonly<Record<string, string>>
  /** `status.allocatable` in nanos per resource; null when absent. */
  readonly allocatable: ReadonlyMap<string, bigint> | null
  /** `status.images`, for ImageLocality; none when absent. */
  readonly images: readonly NodeImage[]
}

export interface ManifestPod extends PodTolerations {
  /** `spec.nodeName`: "" for a pod not yet scheduled. */
  readonly nodeName: string
  readonly phase: string
  /** `spec.schedulingGates`' names, in order; none for most pods (placement/scheduling-gates.ts). */
  readonly schedulingGates: readonly string[]
  /** `spec.schedulerName` as given: "" when unset (placement/scheduler-name.ts). */
  readonly schedulerName: string
}

export function decodeManifestNode(value: unknown, path: string): ManifestNode {
  const node = readObject(value, path, true)
  const metadata = readObject(field(node, 'metadata'), `${path}.metadata`, true)
  const metadataAt = `${path}.metadata`
  const name = stringField(metadata, 'name', metadataAt)
  if (name === '') throw new ProtocolError(`${path}.metadata.name is missing or empty`)
  const spec = objectField(node, 'spec', path)
  const list = listField(spec, 'taints', `${path}.spec`)
  return {
    name,
    resourceVersion: stringField(metadata, 'resourceVersion', metadataAt),
    unschedulable: spec ? booleanField(spec, 'unschedulable', `${path}.spec`) : false,
    taints: mapItems(list, (item, i) => readTaint(item, path, i)),
    labels: stringMapField(metadata, 'labels', metadataAt),
    allocatable: nodeAllocatable(node, path),
    images: decodeNodeImages(node, path),
  }
}

function readTaint(item: unknown, path: string, i: number): Taint {
  const taint = objectItem(item, `${path}.spec.taints`, i)
  const at = `${path}.spec.taints[${i}]`
  return {
    key: stringField(taint, 'key', at),
    value: stringField(taint, 'value', at),
    effect: stringField(taint, 'effect', at),
  }
}

/** `status.allocatable`, as NodeResourcesFit reads it; null when the node has none. */
export function nodeAllocatable(node: JsonObject, path: string): ResourceList | null {
  const status = readObject(field(node, 'status'), `${path}.status`, false)
  return status === null ? null : resourceListField(status, 'allocatable', `${path}.status`)
}

export function decodeManifestPod(value: unknown, path: string): ManifestPod {
  return decodeManifestPodParts(value, path).pod
}

/** A pod object's parts, each checked to be an object or absent (null). */
export interface PodParts {
  readonly metadata: JsonObject | null
  readonly spec: JsonObject | null
  readonly status: JsonObject | null
}

/** The manifest pod, and the parts it was read from for the placement to read on. */
export function decodeManifestPodParts(
  value: unknown,
  path: string
): PodParts & { readonly pod: ManifestPod } {
  const pod = decodePod(value, path)
  const obj = value as JsonObject
  const metadata = objectField(obj, 'metadata', path)
  const spec = objectField(obj, 'spec', path)
  const status = objectField(obj, 'status', path)
  const manifest: ManifestPod = {
    name: pod.name,
    namespace: pod.namespace,
    uid: pod.uid,
    tolerations: pod.tolerations,
    nodeName: spec ? stringField(spec, 'nodeName', member(path, 'spec')) : '',
    phase: status ? stringField(status, 'phase', member(path, 'status')) : '',
    schedulingGates: readSchedulingGates(spec, member(path, 'spec')),
    schedulerName: spec ? stringField(spec, 'schedulerName', member(path, 'spec')) : '',
  }
  return { pod: manifest, metadata, spec, status }
}

/** `spec.schedulingGates`: each gate's `name`. */
function readSchedulingGates(spec: JsonObject | null, specAt: string): readonly string[] {
  const listAt = member(specAt, 'schedulingGates')
  return mapItems(listField(spec, 'schedulingGates', specAt), (item, i) =>
    stringField(objectItem(item, listAt, i), 'name', element(listAt, i))
  )
}

/** The objects of a document: a `kind: List` / `*List` (items) or a single object. */
export function listItems(document: unknown, path: string): unknown[] {
  const obj = readObject(document, path, true)
  const items = field(obj, 'items')
  if (items !== undefined) return readArray(items, `${path}.items`) ?? []
  return [obj]
}
