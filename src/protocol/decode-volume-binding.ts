import type {
  ClaimFacts,
  CsiDriverFacts,
  StorageCapacityFacts,
  TopologySelectorTerm,
  VolumeBindingFacts,
} from '../placement/index.js'
import {
  booleanField,
  field,
  listField,
  mapItems,
  objectField,
  objectItem,
  readObject,
  readString,
  stringField,
  stringItem,
  type JsonObject,
} from '../json/json-fields.js'
import { ProtocolError } from '../json/protocol-error.js'
import { readLabelSelector } from './decode-label-selector.js'
import { quantityField, resourceListField } from './decode-pod-resources.js'

/**
 * What VolumeBinding reads to bind or provision a claim waiting for its first consumer
 * (placement volume-candidates.ts, volume-binding-provisioning.ts): of the claim, of each
 * PersistentVolume and StorageClass, and the CSIDrivers and CSIStorageCapacities.
 */

/** volume.AnnSelectedNode: the node the scheduler chose to provision a claim's volume on. */
export const SELECTED_NODE_ANNOTATION = 'volume.kubernetes.io/selected-node'
/** The API server's default volume mode (`SetDefaults_PersistentVolumeClaimSpec`). */
const FILESYSTEM = 'Filesystem'

/** `spec.accessModes` of a claim or volume. */
function accessModesOf(spec: JsonObject | null, at: string): readonly string[] {
  const modesAt = `${at}.accessModes`
  return mapItems(listField(spec, 'accessModes', at), (m, i) => stringItem(m, modesAt, i))
}

/** The storage quantity of a ResourceList field (a claim's requests, a volume's capacity). */
function storageOf(obj: JsonObject | null, name: string, at: string): bigint | null {
  const list = obj === null ? null : resourceListField(obj, name, at)
  return list?.get('storage') ?? null
}

type ClaimBinding = Pick<
  ClaimFacts,
  | 'uid'
  | 'storageRequest'
  | 'selector'
  | 'accessModes'
  | 'volumeMode'
  | 'attributesClass'
  | 'selectedNode'
>

/** A claim's fields `FindMatchingVolume` and `checkVolumeProvisions` read. */
export function readClaimBinding(
  metadata: JsonObject,
  spec: JsonObject | null,
  annotations: Readonly<Record<string, string>>,
  path: string
): ClaimBinding {
  const at = `${path}.spec`
  const resources = spec === null ? null : objectField(spec, 'resources', at)
  const selector = spec === null ? null : field(spec, 'selector')
  return {
    uid: stringField(metadata, 'uid', `${path}.metadata`),
    storageRequest: storageOf(resources, 'requests', `${at}.resources`),
    selector: readLabelSelector(selector, `${at}.selector`, false),
    accessModes: accessModesOf(spec, at),
    volumeMode: stringField(spec, 'volumeMode', at) || FILESYSTEM,
    attributesClass: stringField(spec, 'volumeAttributesClassName', at),
    selectedNode: annotations[SELECTED_NODE_ANNOTATION] ?? null,
  }
}

/** A PersistentVolume's fields `FindMatchingVolume` reads; `className` as read already. */
export function readVolumeBinding(
  metadata: JsonObject,
  spec: JsonObject | null,
  status: JsonObject | null,
  className: string,
  path: string
): VolumeBindingFacts {
  const at = `${path}.spec`
  const ref = spec === null ? null : objectField(spec, 'claimRef', at)
  const refAt = `${at}.claimRef`
  return {
    className,
    capacity: storageOf(spec, 'capacity', at) ?? 0n,
    claimRef:
      ref === null
        ? null
        : {
            namespace: stringField(ref, 'namespace', refAt),
            name: stringField(ref, 'name', refAt),
            uid: stringField(ref, 'uid', refAt),
          },
    volumeMode: stringField(spec, 'volumeMode', at) || FILESYSTEM,
    accessModes: accessModesOf(spec, at),
    available: stringField(status, 'phase', `${path}.status`) === 'Available',
    deleting: field(metadata, 'deletionTimestamp') != null,
    attributesClass: stringField(spec, 'volumeAttributesClassName', at),
  }
}

/** A StorageClass's `allowedTopologies`: each term's `matchLabelExpressions`. */
export function readAllowedTopologies(obj: JsonObject, path: string): TopologySelectorTerm[] {
  const at = `${path}.allowedTopologies`
  return listField(obj, 'allowedTopologies', path).map((item, i) => {
    const termAt = `${at}[${i}].matchLabelExpressions`
    const term = objectItem(item, at, i)
    return listField(term, 'matchLabelExpressions', `${at}[${i}]`).map((expression, j) => {
      const requirement = objectItem(expression, termAt, j)
      const valuesAt = `${termAt}[${j}]`
      const values = listField(requirement, 'values', valuesAt)
      return {
        key: stringField(requirement, 'key', valuesAt),
        values: values.map((v, k) => stringItem(v, `${valuesAt}.values`, k)),
      }
    })
  })
}

function metadataName(obj: JsonObject, path: string): string {
  const metadata = readObject(field(obj, 'metadata'), `${path}.metadata`, true)
  const name = readString(field(metadata, 'name'), `${path}.metadata.name`)
  if (name === '') throw new ProtocolError(`${path}.metadata.name: a name is required`)
  return name
}

/** A CSIDriver: its name, and whether it asks for storage capacity checks. */
export function decodeCsiDriver(value: unknown, path: string): CsiDriverFacts {
  const obj = readObject(value, path, true)
  const spec = objectField(obj, 'spec', path)
  return {
    name: metadataName(obj, path),
    storageCapacity: spec !== null && booleanField(spec, 'storageCapacity', `${path}.spec`),
  }
}

/** A CSIStorageCapacity: its class, capacities and node topology (top-level fields, no spec). */
export function decodeStorageCapacity(value: unknown, path: string): StorageCapacityFacts {
  const obj = readObject(value, path, true)
  metadataName(obj, path)
  return {
    className: stringField(obj, 'storageClassName', path),
    capacity: quantityField(obj, 'capacity', path),
    maximumVolumeSize: quantityField(obj, 'maximumVolumeSize', path),
    nodeTopology: readLabelSelector(field(obj, 'nodeTopology'), `${path}.nodeTopology`, false),
  }
}
