import type { Toleration } from '../core/index.js'
import { element, member } from '../json/json-path.js'
import { ProtocolError } from '../json/protocol-error.js'
import {
  arrayField,
  field,
  NO_ITEMS,
  objectField,
  readInteger,
  readObject,
  readString,
  stringField,
} from '../json/json-fields.js'
import type { JsonDocument } from './json-index.js'
import { forEachMember, isNullSpan, keyIs, parseSpan, type Span } from '../json/json-walk.js'

/**
 * Decoding of the two Kubernetes objects the rules read: a Pod's tolerations and a Node's
 * taints and cordon flag. Everything else in those objects is left untouched and unread.
 */

/** Who the pod is (for logs and explanations) and what it tolerates. */
export interface PodTolerations {
  readonly name: string
  readonly namespace: string
  readonly uid: string
  readonly tolerations: readonly Toleration[]
  /**
   * The tolerations' JSON text exactly as received, when the pod came from request bytes: a
   * cache key that costs no parsing (the same workload sends the same bytes every time).
   */
  readonly tolerationsText?: string
}

/**
 * A candidate node as received: its identity, read up front, and where its bytes sit in the
 * request, so a passing node is echoed verbatim and its spec is parsed only on a cache miss.
 */
export interface NodeRef {
  readonly name: string
  readonly resourceVersion: string
  /** The whole node object's bytes, echoed back when the node passes. */
  readonly raw: Uint8Array
  /** The bytes of `spec`, or null when the node has none. */
  readonly spec: Uint8Array | null
  /** Where it sat in the request, for error paths. */
  readonly path: string
}

function decodeToleration(value: unknown, path: string): Toleration {
  const obj = readObject(value, path, true)
  return {
    key: readString(field(obj, 'key'), member(path, 'key')),
    operator: readString(field(obj, 'operator'), member(path, 'operator')),
    value: readString(field(obj, 'value'), member(path, 'value')),
    effect: readString(field(obj, 'effect'), member(path, 'effect')),
    tolerationSeconds: readInteger(
      field(obj, 'tolerationSeconds'),
      member(path, 'tolerationSeconds')
    ),
  }
}

export function decodeTolerations(list: unknown[] | null, path: string): Toleration[] {
  const tolerations: Toleration[] = []
  if (list !== null) {
    for (let i = 0; i < list.length; i++)
      tolerations.push(decodeToleration(list[i], element(path, i)))
  }
  return tolerations
}

/** Reads `metadata` identity and `spec.tolerations` of a parsed Pod object at `path`. */
export function decodePod(value: unknown, path: string): PodTolerations {
  const pod = readObject(value, path, true)
  const metadata = objectField(pod, 'metadata', path)
  const spec = objectField(pod, 'spec', path)
  const specAt = member(path, 'spec')
  const list = spec ? arrayField(spec, 'tolerations', specAt) : null
  const metadataAt = member(path, 'metadata')
  return {
    name: metadata ? stringField(metadata, 'name', metadataAt) : '',
    namespace: metadata ? stringField(metadata, 'namespace', metadataAt) : '',
    uid: metadata ? stringField(metadata, 'uid', metadataAt) : '',
    tolerations:
      list === null || list.length === 0
        ? NO_ITEMS
        : decodeTolerations(list, member(specAt, 'tolerations')),
  }
}

/** Reads a Node object's name and resourceVersion from `buf`; a nameless node is an error. */
export function decodeNodeRef(doc: JsonDocument, span: Span, path: string): NodeRef {
  const buf = doc.buf
  let metadata: Span | null = null
  let spec: Span | null = null
  forEachMember(doc, span.start, path, (keyStart, keyEnd, value) => {
    if (keyIs(buf, keyStart, keyEnd, 'metadata')) metadata = value
    else if (keyIs(buf, keyStart, keyEnd, 'spec')) spec = value
  })
  const meta = metadata as Span | null
  if (meta === null || isNullSpan(buf, meta)) throw new ProtocolError(`${path}.metadata is missing`)
  let name = ''
  let resourceVersion = ''
  forEachMember(doc, meta.start, `${path}.metadata`, (keyStart, keyEnd, value) => {
    if (keyIs(buf, keyStart, keyEnd, 'name')) {
      name = readString(parseSpan(buf, value), `${path}.metadata.name`)
    } else if (keyIs(buf, keyStart, keyEnd, 'resourceversion')) {
      resourceVersion = readString(parseSpan(buf, value), `${path}.metadata.resourceVersion`)
    }
  })
  if (name === '') throw new ProtocolError(`${path}.metadata.name is missing or empty`)
  const specSpan = spec as Span | null
  return {
    name,
    resourceVersion,
    raw: buf.subarray(span.start, span.end),
    spec:
      specSpan === null || isNullSpan(buf, specSpan)
        ? null
        : buf.subarray(specSpan.start, specSpan.end),
    path,
  }
}
