import { resourceListField } from './decode-pod-resources.js'
import { decodeNodeImages } from './decode-images.js'
import type { NodeImage } from '../placement/index.js'
import type { NodeTaintsAt } from '../core/index.js'
import { decodePod, type PodTolerations } from './decode-objects.js'
import {
  field,
  readArray,
  readBoolean,
  readObject,
  readString,
  type JsonObject,
} from '../json/json-fields.js'
import { ProtocolError } from '../json/protocol-error.js'
import { readStringMap } from './decode-label-selector.js'

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
}

function readLabels(metadata: JsonObject | null, path: string): Record<string, string> {
  return metadata ? readStringMap(field(metadata, 'labels'), `${path}.metadata.labels`) : {}
}

export function decodeManifestNode(value: unknown, path: string): ManifestNode {
  const node = readObject(value, path, true)
  const metadata = readObject(field(node, 'metadata'), `${path}.metadata`, true)
  const name = readString(field(metadata, 'name'), `${path}.metadata.name`)
  if (name === '') throw new ProtocolError(`${path}.metadata.name is missing or empty`)
  const spec = readObject(field(node, 'spec'), `${path}.spec`, false)
  const list = spec ? (readArray(field(spec, 'taints'), `${path}.spec.taints`) ?? []) : []
  return {
    name,
    resourceVersion: readString(
      field(metadata, 'resourceVersion'),
      `${path}.metadata.resourceVersion`
    ),
    unschedulable: spec
      ? readBoolean(field(spec, 'unschedulable'), `${path}.spec.unschedulable`)
      : false,
    taints: list.map((item, i) => {
      const taint = readObject(item, `${path}.spec.taints[${i}]`, true)
      return {
        key: readString(field(taint, 'key'), `${path}.spec.taints[${i}].key`),
        value: readString(field(taint, 'value'), `${path}.spec.taints[${i}].value`),
        effect: readString(field(taint, 'effect'), `${path}.spec.taints[${i}].effect`),
      }
    }),
    labels: readLabels(metadata, path),
    allocatable: nodeAllocatable(node, path),
    images: decodeNodeImages(node, path),
  }
}

/** `status.allocatable`, as NodeResourcesFit reads it; null when the node has none. */
export function nodeAllocatable(node: JsonObject, path: string): Map<string, bigint> | null {
  const status = readObject(field(node, 'status'), `${path}.status`, false)
  return status === null ? null : resourceListField(status, 'allocatable', `${path}.status`)
}

export function decodeManifestPod(value: unknown, path: string): ManifestPod {
  const pod = decodePod(value, path)
  const obj = readObject(value, path, true)
  const spec = readObject(field(obj, 'spec'), `${path}.spec`, false)
  const status = readObject(field(obj, 'status'), `${path}.status`, false)
  return {
    ...pod,
    nodeName: spec ? readString(field(spec, 'nodeName'), `${path}.spec.nodeName`) : '',
    phase: status ? readString(field(status, 'phase'), `${path}.status.phase`) : '',
  }
}

/** The objects of a document: a `kind: List` / `*List` (items) or a single object. */
export function listItems(document: unknown, path: string): unknown[] {
  const obj = readObject(document, path, true)
  const items = field(obj, 'items')
  if (items !== undefined) return readArray(items, `${path}.items`) ?? []
  return [obj]
}
