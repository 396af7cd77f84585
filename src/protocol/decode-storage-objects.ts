import type {
  ClaimFacts,
  EphemeralClaimTemplate,
  CsiNodeFacts,
  CsiVolumeSource,
  PersistentVolumeFacts,
  StorageClassFacts,
  VolumeAttachmentFacts,
} from '../placement/index.js'
import {
  field,
  listField,
  objectField,
  objectItem,
  readInteger,
  readObject,
  readString,
  stringField,
  type JsonObject,
} from '../json/json-fields.js'
import { ProtocolError } from '../json/protocol-error.js'
import { readStringMap, stringMapField } from './decode-label-selector.js'
import { readNodeSelectorTerms } from './decode-placement.js'
import { readController } from './decode-pod-identity.js'
import {
  readAllowedTopologies,
  readClaimBinding,
  readVolumeBinding,
  SELECTED_NODE_ANNOTATION,
} from './decode-volume-binding.js'

/**
 * PersistentVolumeClaims, StorageClasses, PersistentVolumes, CSINodes and VolumeAttachments, as
 * the volume plugins read them (placement volume-*.ts, node-volume-limits.ts): a wrong type is
 * an error naming its place.
 */

/** v1.BetaStorageClassAnnotation, which `GetPersistentVolumeClaimClass` reads first. */
const BETA_CLASS_ANNOTATION = 'volume.beta.kubernetes.io/storage-class'
/** storageclass.go `IsDefaultAnnotation`: the GA annotation, then the beta one. */
const DEFAULT_CLASS_ANNOTATIONS = [
  'storageclass.kubernetes.io/is-default-class',
  'storageclass.beta.kubernetes.io/is-default-class',
] as const
/** The PV controller's mark of a finished binding (volume.AnnBindCompleted). */
const BIND_COMPLETED_ANNOTATION = 'pv.kubernetes.io/bind-completed'
/** The annotations a claim's decoding reads. */
export const CLAIM_ANNOTATIONS = [
  BETA_CLASS_ANNOTATION,
  BIND_COMPLETED_ANNOTATION,
  SELECTED_NODE_ANNOTATION,
] as const

/** The object at `path` and its metadata (required), spec and status. */
function partsOf(value: unknown, path: string) {
  const obj = readObject(value, path, true)
  const metadata = readObject(field(obj, 'metadata'), `${path}.metadata`, true)
  const spec = readObject(field(obj, 'spec'), `${path}.spec`, false)
  const status = readObject(field(obj, 'status'), `${path}.status`, false)
  return { obj, metadata, spec, status }
}

function nameOf(metadata: JsonObject, path: string): string {
  const name = readString(field(metadata, 'name'), `${path}.metadata.name`)
  if (name === '') throw new ProtocolError(`${path}.metadata.name: a name is required`)
  return name
}

/** `spec.storageClassName` (a null or absent one is no class), after the beta annotation. */
function classOf(
  annotations: Readonly<Record<string, string>>,
  spec: JsonObject | null,
  at: string
) {
  const annotated = annotations[BETA_CLASS_ANNOTATION]
  return annotated ?? stringField(spec, 'storageClassName', at)
}

export function decodeVolumeClaim(value: unknown, path: string): ClaimFacts {
  const { metadata, spec, status } = partsOf(value, path)
  const annotations = stringMapField(metadata, 'annotations', `${path}.metadata`)
  const binding = readClaimBinding(metadata, spec, annotations, path)
  return {
    namespace: readString(field(metadata, 'namespace'), `${path}.metadata.namespace`),
    name: nameOf(metadata, path),
    volumeName: stringField(spec, 'volumeName', `${path}.spec`),
    lost: stringField(status, 'phase', `${path}.status`) === 'Lost',
    deleting: field(metadata, 'deletionTimestamp') != null,
    bindCompleted: Object.hasOwn(annotations, BIND_COMPLETED_ANNOTATION),
    className: classOf(annotations, spec, `${path}.spec`),
    controllerUid: readController(metadata, path)?.uid ?? null,
    readWriteOncePod: binding.accessModes.includes('ReadWriteOncePod'),
    ...binding,
  }
}

/**
 * A generic ephemeral volume's `volumeClaimTemplate` at `path`, as the claim the ephemeral volume
 * controller makes from it (controller.go `handleVolume`): the template's labels, annotations and
 * spec, with the name, namespace and owner the pod gives it (left empty here).
 */
export function decodeClaimTemplate(
  value: unknown,
  volumeName: string,
  path: string
): EphemeralClaimTemplate {
  const template = readObject(value, path, true)
  const metadata = readObject(field(template, 'metadata'), `${path}.metadata`, false) ?? {}
  const spec = readObject(field(template, 'spec'), `${path}.spec`, false)
  const annotations = stringMapField(metadata, 'annotations', `${path}.metadata`)
  const classUnset =
    !Object.hasOwn(annotations, BETA_CLASS_ANNOTATION) &&
    (spec === null || field(spec, 'storageClassName') == null)
  const claim = decodeVolumeClaim(
    { metadata: { annotations, name: 'template', namespace: '' }, spec },
    path
  )
  return { volumeName, claim: { ...claim, name: '', uid: '' }, classUnset }
}

/**
 * A StorageClass: its name, whether it binds at the first consumer, and its provisioner. The API
 * server sets `volumeBindingMode` to Immediate when a class is created without one
 * (`SetDefaults_StorageClass`), so an absent one reads as Immediate.
 */
export function decodeStorageClass(value: unknown, path: string): StorageClassFacts {
  const { obj, metadata } = partsOf(value, path)
  const mode = readString(field(obj, 'volumeBindingMode'), `${path}.volumeBindingMode`)
  const annotations = stringMapField(metadata, 'annotations', `${path}.metadata`)
  return {
    name: nameOf(metadata, path),
    waitForFirstConsumer: mode === 'WaitForFirstConsumer',
    provisioner: stringField(obj, 'provisioner', path),
    allowedTopologies: readAllowedTopologies(obj, path),
    isDefault: DEFAULT_CLASS_ANNOTATIONS.some((key) => annotations[key] === 'true'),
    createdAt: stringField(metadata, 'creationTimestamp', `${path}.metadata`) || null,
  }
}

/**
 * The in-tree volume kinds CSI migration translates (csi-translation-lib): their node affinity is
 * rewritten on a node migrated to CSI (`tryTranslatePVToCSI`), so they are not judged here.
 */
const IN_TREE_KINDS = [
  'awsElasticBlockStore',
  'gcePersistentDisk',
  'azureDisk',
  'azureFile',
  'cinder',
  'vsphereVolume',
  'portworxVolume',
  'rbd',
] as const

/** A PersistentVolume: its labels, its required node affinity, and what kind of volume it is. */
export function decodePersistentVolume(value: unknown, path: string): PersistentVolumeFacts {
  const { metadata, spec, status } = partsOf(value, path)
  const annotations = stringMapField(metadata, 'annotations', `${path}.metadata`)
  const className = classOf(annotations, spec, `${path}.spec`)
  const affinityAt = `${path}.spec.nodeAffinity`
  const affinity = spec === null ? null : readObject(field(spec, 'nodeAffinity'), affinityAt, false)
  const requiredAt = `${affinityAt}.required`
  const required =
    affinity === null ? null : readObject(field(affinity, 'required'), requiredAt, false)
  const has = (kind: string) =>
    spec !== null && readObject(field(spec, kind), `${path}.spec.${kind}`, false) !== null
  return {
    name: nameOf(metadata, path),
    labels: readStringMap(field(metadata, 'labels'), `${path}.metadata.labels`),
    nodeAffinity: required === null ? null : readNodeSelectorTerms(required, requiredAt),
    source: has('local') ? 'local' : IN_TREE_KINDS.some(has) ? 'in-tree' : 'other',
    csi: csiSourceOf(spec, `${path}.spec`),
    binding: readVolumeBinding(metadata, spec, status, className, path),
  }
}

function csiSourceOf(spec: JsonObject | null, at: string): CsiVolumeSource | null {
  const csi = spec === null ? null : objectField(spec, 'csi', at)
  if (csi === null) return null
  return {
    driver: stringField(csi, 'driver', `${at}.csi`),
    handle: stringField(csi, 'volumeHandle', `${at}.csi`),
  }
}

/** The kubelet's list of the in-tree plugins migrated to CSI on the node (v1.MigratedPluginsAnnotationKey). */
const MIGRATED_PLUGINS_ANNOTATION = 'storage.alpha.kubernetes.io/migrated-plugins'

/** A CSINode: each driver's attach limit (`allocatable.count`, when given) and the migrated plugins. */
export function decodeCsiNode(value: unknown, path: string): CsiNodeFacts {
  const { metadata, spec } = partsOf(value, path)
  const annotations = stringMapField(metadata, 'annotations', `${path}.metadata`)
  const migrated = annotations[MIGRATED_PLUGINS_ANNOTATION] ?? ''
  const at = `${path}.spec.drivers`
  const limits = new Map<string, number>()
  listField(spec, 'drivers', `${path}.spec`).forEach((item, i) => {
    const driver = objectItem(item, at, i)
    const allocatable = objectField(driver, 'allocatable', `${at}[${i}]`)
    const countAt = `${at}[${i}].allocatable.count`
    const count = allocatable === null ? null : readInteger(field(allocatable, 'count'), countAt)
    if (count !== null) limits.set(stringField(driver, 'name', `${at}[${i}]`), Number(count))
  })
  return {
    name: nameOf(metadata, path),
    limits,
    migratedPlugins: migrated === '' ? [] : migrated.split(','),
  }
}

/** A VolumeAttachment: its node, its attacher and the PersistentVolume it attaches, if one. */
export function decodeVolumeAttachment(value: unknown, path: string): VolumeAttachmentFacts {
  const { spec } = partsOf(value, path)
  const at = `${path}.spec`
  const source = spec === null ? null : objectField(spec, 'source', at)
  const volumeName = source === null ? null : field(source, 'persistentVolumeName')
  return {
    nodeName: stringField(spec, 'nodeName', at),
    attacher: stringField(spec, 'attacher', at),
    volumeName:
      volumeName == null ? null : readString(volumeName, `${at}.source.persistentVolumeName`),
  }
}
