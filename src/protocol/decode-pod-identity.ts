import type { ControllerReference } from '../placement/index.js'
import {
  booleanField,
  listField,
  objectField,
  objectItem,
  stringField,
  type JsonObject,
} from '../json/json-fields.js'
import { element, member } from '../json/json-path.js'

/**
 * What a pod says of who it is and how it stands, beyond what the scheduler reads: its
 * controller, its phase and readiness, and the facts `kubectl drain` and the controllers look
 * at (local storage, a static pod's mirror, the grace period a deletion waits).
 */

/** The annotation the kubelet puts on a static pod's mirror (kubetypes.ConfigMirrorAnnotationKey). */
export const MIRROR_ANNOTATION = 'kubernetes.io/config.mirror'

/**
 * The first owner reference with `controller: true`, as metav1 `GetControllerOf` picks it;
 * null when none is.
 */
export function readController(
  metadata: JsonObject | null,
  path: string
): ControllerReference | null {
  const metadataAt = member(path, 'metadata')
  const at = member(metadataAt, 'ownerReferences')
  const refs = listField(metadata, 'ownerReferences', metadataAt)
  for (let i = 0; i < refs.length; i++) {
    const ref = objectItem(refs[i], at, i)
    const refAt = element(at, i)
    if (!booleanField(ref, 'controller', refAt)) continue
    return {
      apiVersion: stringField(ref, 'apiVersion', refAt),
      kind: stringField(ref, 'kind', refAt),
      name: stringField(ref, 'name', refAt),
      uid: stringField(ref, 'uid', refAt),
    }
  }
  return null
}

/**
 * The `Ready` condition is `True` (podutil `IsPodReady`: the first condition of that type
 * decides). Condition types and statuses are compared as written, as Go compares them.
 */
export function readReady(status: JsonObject | null, path: string): boolean {
  const statusAt = member(path, 'status')
  const at = member(statusAt, 'conditions')
  const conditions = listField(status, 'conditions', statusAt)
  for (let i = 0; i < conditions.length; i++) {
    const condition = objectItem(conditions[i], at, i)
    if (stringField(condition, 'type', element(at, i)) !== 'Ready') continue
    return stringField(condition, 'status', element(at, i)) === 'True'
  }
  return false
}

/** Some volume has `emptyDir` set (kubectl drain's `hasLocalStorage`). */
export function readLocalStorage(spec: JsonObject | null, path: string): boolean {
  const specAt = member(path, 'spec')
  const at = member(specAt, 'volumes')
  const volumes = listField(spec, 'volumes', specAt)
  for (let i = 0; i < volumes.length; i++)
    if (objectField(objectItem(volumes[i], at, i), 'emptyDir', element(at, i)) !== null) return true
  return false
}

/**
 * The mirror annotation is present, whatever its value (kubelet's `IsMirrorPod`). Annotations
 * are a map, whose keys Go matches exactly, not as struct fields are matched.
 */
export function readMirror(metadata: JsonObject | null, path: string): boolean {
  const annotations =
    metadata === null ? null : objectField(metadata, 'annotations', member(path, 'metadata'))
  return annotations !== null && Object.hasOwn(annotations, MIRROR_ANNOTATION)
}
