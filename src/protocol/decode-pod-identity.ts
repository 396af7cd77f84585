import type { ClusterPod, ControllerReference } from '../placement/index.js'
import {
  field,
  readArray,
  readBoolean,
  readInteger,
  readObject,
  readString,
  type JsonObject,
} from '../json/json-fields.js'

/**
 * What a pod says of who it is and how it stands, beyond what the scheduler reads: its
 * controller, its phase and readiness, and the facts `kubectl drain` and the controllers look
 * at (local storage, a static pod's mirror, the grace period a deletion waits).
 */

export type PodIdentity = Required<
  Pick<
    ClusterPod,
    | 'uid'
    | 'createdAt'
    | 'controller'
    | 'phase'
    | 'ready'
    | 'localStorage'
    | 'mirror'
    | 'gracePeriodSeconds'
  >
>

/** The annotation the kubelet puts on a static pod's mirror (kubetypes.ConfigMirrorAnnotationKey). */
const MIRROR_ANNOTATION = 'kubernetes.io/config.mirror'

/**
 * The first owner reference with `controller: true`, as metav1 `GetControllerOf` picks it;
 * null when none is.
 */
export function readController(
  metadata: JsonObject | null,
  path: string
): ControllerReference | null {
  const at = `${path}.metadata.ownerReferences`
  const refs = metadata === null ? null : readArray(field(metadata, 'ownerReferences'), at)
  for (const [i, item] of (refs ?? []).entries()) {
    const refAt = `${at}[${i}]`
    const ref = readObject(item, refAt, true)
    if (!readBoolean(field(ref, 'controller'), `${refAt}.controller`)) continue
    return {
      apiVersion: readString(field(ref, 'apiVersion'), `${refAt}.apiVersion`),
      kind: readString(field(ref, 'kind'), `${refAt}.kind`),
      name: readString(field(ref, 'name'), `${refAt}.name`),
      uid: readString(field(ref, 'uid'), `${refAt}.uid`),
    }
  }
  return null
}

/**
 * The `Ready` condition is `True` (podutil `IsPodReady`: the first condition of that type
 * decides). Condition types and statuses are compared as written, as Go compares them.
 */
function readReady(status: JsonObject | null, path: string): boolean {
  const at = `${path}.status.conditions`
  const conditions = status === null ? null : readArray(field(status, 'conditions'), at)
  for (const [i, item] of (conditions ?? []).entries()) {
    const condition = readObject(item, `${at}[${i}]`, true)
    if (readString(field(condition, 'type'), `${at}[${i}].type`) !== 'Ready') continue
    return readString(field(condition, 'status'), `${at}[${i}].status`) === 'True'
  }
  return false
}

/** Some volume has `emptyDir` set (kubectl drain's `hasLocalStorage`). */
function readLocalStorage(spec: JsonObject | null, path: string): boolean {
  const at = `${path}.spec.volumes`
  const volumes = spec === null ? null : readArray(field(spec, 'volumes'), at)
  return (volumes ?? []).some((item, i) => {
    const volume = readObject(item, `${at}[${i}]`, true)
    return readObject(field(volume, 'emptyDir'), `${at}[${i}].emptyDir`, false) !== null
  })
}

/**
 * The mirror annotation is present, whatever its value (kubelet's `IsMirrorPod`). Annotations
 * are a map, whose keys Go matches exactly, not as struct fields are matched.
 */
function readMirror(metadata: JsonObject | null, path: string): boolean {
  const at = `${path}.metadata.annotations`
  const annotations =
    metadata === null ? null : readObject(field(metadata, 'annotations'), at, false)
  return annotations !== null && Object.hasOwn(annotations, MIRROR_ANNOTATION)
}

function readGracePeriod(spec: JsonObject | null, path: string): number | null {
  const at = `${path}.spec.terminationGracePeriodSeconds`
  const seconds =
    spec === null ? null : readInteger(field(spec, 'terminationGracePeriodSeconds'), at)
  return seconds === null ? null : Number(seconds)
}

/** The identity fields of a parsed pod (or pod template) whose parts are given. */
export function decodePodIdentity(
  metadata: JsonObject | null,
  spec: JsonObject | null,
  status: JsonObject | null,
  path: string
): PodIdentity {
  const meta = (name: string) =>
    metadata === null ? '' : readString(field(metadata, name), `${path}.metadata.${name}`)
  return {
    uid: meta('uid'),
    createdAt: meta('creationTimestamp') || null,
    controller: readController(metadata, path),
    phase: status === null ? '' : readString(field(status, 'phase'), `${path}.status.phase`),
    ready: readReady(status, path),
    localStorage: readLocalStorage(spec, path),
    mirror: readMirror(metadata, path),
    gracePeriodSeconds: readGracePeriod(spec, path),
  }
}
