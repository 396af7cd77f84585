import type { PlacementPod } from '../placement/index.js'
import {
  field,
  listField,
  numberField,
  objectField,
  readObject,
  stringField,
  type JsonObject,
} from '../json/json-fields.js'
import { decodeNamingOnError, member } from '../json/json-path.js'
import { ProtocolError } from '../json/protocol-error.js'
import { decodeContainerImages } from './decode-images.js'
import { stringMapField } from './decode-label-selector.js'
import { decodeManifestPodParts, type ManifestPod, type PodParts } from './decode-manifests.js'
import {
  child,
  readNodeAffinity,
  readPodAffinityTerms,
  readWeightedPodAffinityTerms,
} from './decode-placement.js'
import { readController, readLocalStorage, readMirror, readReady } from './decode-pod-identity.js'
import { decodeHostPorts, decodePodResources } from './decode-pod-resources.js'
import { decodeSpreadConstraints } from './decode-spread.js'
import { NO_VOLUME_CLAIMS, readStorageVolumes, readVolumeClaims } from './decode-storage-volumes.js'

/**
 * A Pod object as the tools keep it: its placement (what the rules read), and for a pod of a
 * manifest its manifest fields too, from one reading of the object. A cluster's pods are all
 * read, so each field is read once and the placement takes what the manifest pod already read.
 */

/**
 * The placement constraints of a parsed Pod object at `path`. `check`: refuse what the API
 * server's validation refuses (the pod explain answers for); off for the pods read only as
 * context (placed pods, forecast's pending pods), whose unparsable terms the rules then treat
 * as upstream does (a node selector term that cannot be parsed never matches), rather than
 * one odd pod of the cluster stopping the tool.
 */
export function decodePlacementPod(value: unknown, path: string, check = true): PlacementPod {
  return decodeNamingOnError(() => {
    const pod = readObject(value, path, true)
    const metadata = objectField(pod, 'metadata', path)
    const spec = objectField(pod, 'spec', path)
    const affinity = child(spec, 'affinity', member(path, 'spec'))
    const status = objectField(pod, 'status', path)
    return placementOf({ metadata, spec, status }, affinity, path, check, null)
  })
}

export interface DecodedPod {
  readonly pod: ManifestPod
  readonly placement: PlacementPod
}

/**
 * What decodeManifestPod and then decodePlacementPod give, with the same first error for any
 * object: `admit`, if given, judges the manifest pod between the two (and throws to refuse it).
 */
export function decodeManifestAndPlacement(
  value: unknown,
  path: string,
  check: boolean,
  admit?: (pod: ManifestPod) => void
): DecodedPod {
  const parts = decodeNamingOnError(() => decodeManifestPodParts(value, path))
  admit?.(parts.pod)
  const placement = decodeNamingOnError(() => {
    const affinity = child(parts.spec, 'affinity', member(path, 'spec'))
    return placementOf(parts, affinity, path, check, parts.pod)
  })
  return { pod: parts.pod, placement }
}

const INT32_MIN = -(2 ** 31)
const INT32_LIMIT = 2 ** 31

/** `spec.priority` (an int32 the API server sets from the priority class); null when unset. */
function readPriority(spec: JsonObject | null, path: string): number | null {
  const priority = spec === null ? null : numberField(spec, 'priority', path)
  if (priority === null) return null
  if (priority < INT32_MIN || priority >= INT32_LIMIT)
    throw new ProtocolError(`${path}.priority: ${BigInt(priority)} is not an int32`)
  return priority
}

/**
 * The placement from a pod's parts, its fields read in decodePlacementPod's order (so that the
 * first error is the same); `known`: the manifest pod whose fields are taken as read.
 */
function placementOf(
  { metadata, spec, status }: PodParts,
  affinity: JsonObject | null,
  path: string,
  check: boolean,
  known: ManifestPod | null
): PlacementPod {
  const metadataAt = member(path, 'metadata')
  const specAt = member(path, 'spec')
  const statusAt = member(path, 'status')
  const placement = {
    name: known ? known.name : stringField(metadata, 'name', metadataAt),
    namespace: known ? known.namespace : stringField(metadata, 'namespace', metadataAt),
    labels: stringMapField(metadata, 'labels', metadataAt),
    nodeName: known ? known.nodeName : stringField(spec, 'nodeName', specAt),
    nodeAffinity: readNodeAffinity(spec, affinity, specAt, check),
    requiredAffinity: readPodAffinityTerms(affinity, 'podAffinity', specAt, check),
    requiredAntiAffinity: readPodAffinityTerms(affinity, 'podAntiAffinity', specAt, check),
    preferredAffinity: readWeightedPodAffinityTerms(affinity, 'podAffinity', specAt, check),
    preferredAntiAffinity: readWeightedPodAffinityTerms(affinity, 'podAntiAffinity', specAt, check),
    preemptionPolicy: stringField(spec, 'preemptionPolicy', specAt),
    resourceClaims: listField(spec, 'resourceClaims', specAt).length,
    priority: readPriority(spec, specAt),
    nominatedNodeName: stringField(status, 'nominatedNodeName', statusAt),
    resources: decodePodResources(spec, status, path),
    hostPorts: decodeHostPorts(spec, specAt),
    images: decodeContainerImages(spec, 'containers', specAt),
    initImages: decodeContainerImages(spec, 'initContainers', specAt),
    startTime: stringField(status, 'startTime', statusAt) || null,
    topologySpreadConstraints: decodeSpreadConstraints(spec, specAt, check),
    terminating: metadata !== null && field(metadata, 'deletionTimestamp') != null,
    uid: known ? known.uid : stringField(metadata, 'uid', metadataAt),
    createdAt: stringField(metadata, 'creationTimestamp', metadataAt) || null,
    controller: readController(metadata, path),
    phase: known ? known.phase : stringField(status, 'phase', statusAt),
    ready: readReady(status, path),
    localStorage: readLocalStorage(spec, path),
    storageVolumes: readStorageVolumes(spec, path),
    mirror: readMirror(metadata, path),
    gracePeriodSeconds:
      spec === null ? null : numberField(spec, 'terminationGracePeriodSeconds', specAt),
    volumeClaims: NO_VOLUME_CLAIMS,
    inlineStorage: false,
  }
  // Last, so that every other field's error comes first, as before the claims were read.
  if (placement.storageVolumes) {
    const { claims, inline } = readVolumeClaims(spec, placement.name, path)
    placement.volumeClaims = claims
    placement.inlineStorage = inline
  }
  return placement
}
