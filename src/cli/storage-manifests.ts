import type { ObjectSource } from '../config/index.js'
import {
  volumeStorage,
  type ClaimFacts,
  type CsiDriverFacts,
  type CsiNodeFacts,
  type PersistentVolumeFacts,
  type PlacementPod,
  type StorageCapacityFacts,
  type StorageClassFacts,
  type VolumeAttachmentFacts,
  type VolumeStorage,
} from '../placement/index.js'
import {
  decodeCsiDriver,
  decodeCsiNode,
  decodePersistentVolume,
  decodeStorageCapacity,
  decodeStorageClass,
  decodeVolumeAttachment,
  decodeVolumeClaim,
} from '../protocol/index.js'
import type { StorageKind } from './manifest-kinds.js'
import { readListObjects } from './manifests.js'
import { readOptionalList, type OptionalList } from './optional-list.js'
import { fileSource } from './tool-io.js'

/**
 * The PersistentVolumeClaims, StorageClasses, PersistentVolumes, CSINodes, VolumeAttachments,
 * CSIDrivers and CSIStorageCapacities the volume plugins read: a `--storage` file (STORAGE_GET),
 * or the cluster's seven lists. A list the credentials may not read (403) leaves its kind
 * unknown, with a note, rather than failing the tool: what reads it is then not judged.
 */

/** The kubectl command that writes a `--storage` file. */
const STORAGE_GET =
  'kubectl get pvc,pv,storageclass,csinode,volumeattachment,csidriver,csistoragecapacity -A -o yaml'

interface StorageList extends OptionalList {
  readonly kind: StorageKind
  /** What is not judged when the list is refused, for the warning. */
  readonly unknown: string
}

/** A list of the core group (`group` ''), or of `storage.k8s.io/v1`; `unknown`: the warning's end. */
function storageList(
  kind: StorageList['kind'],
  resource: string,
  group: '' | 'storage.k8s.io',
  unknown: string
): StorageList {
  const path = group === '' ? `/api/v1/${resource}` : `/apis/${group}/v1/${resource}`
  return { kind, resource, path, unknown }
}

const CLAIMS_UNKNOWN = "the volumes' claims are taken as unknown"
const LIMITS_UNKNOWN = 'the volume attach limits are taken as unknown'
const CLAIM_LIST = storageList(
  'PersistentVolumeClaim',
  'persistentvolumeclaims',
  '',
  CLAIMS_UNKNOWN
)
const CLASS_LIST = storageList('StorageClass', 'storageclasses', 'storage.k8s.io', CLAIMS_UNKNOWN)
const VOLUME_LIST = storageList(
  'PersistentVolume',
  'persistentvolumes',
  '',
  'the persistent volumes are taken as unknown'
)
const CSI_NODE_LIST = storageList('CSINode', 'csinodes', 'storage.k8s.io', LIMITS_UNKNOWN)
const ATTACHMENT_LIST = storageList(
  'VolumeAttachment',
  'volumeattachments',
  'storage.k8s.io',
  LIMITS_UNKNOWN
)
const CAPACITY_UNKNOWN = 'the storage capacity for new volumes is taken as unknown'
const DRIVER_LIST = storageList('CSIDriver', 'csidrivers', 'storage.k8s.io', CAPACITY_UNKNOWN)
const CAPACITY_LIST = storageList(
  'CSIStorageCapacity',
  'csistoragecapacities',
  'storage.k8s.io',
  CAPACITY_UNKNOWN
)
export const STORAGE_LISTS: readonly StorageList[] = [
  CLAIM_LIST,
  CLASS_LIST,
  VOLUME_LIST,
  CSI_NODE_LIST,
  ATTACHMENT_LIST,
  DRIVER_LIST,
  CAPACITY_LIST,
]

/** The storage read, or null with why when a list was refused. */
export interface StorageRead {
  readonly storage: VolumeStorage | null
  readonly notes: readonly string[]
}

/**
 * A `--storage` file: its claims, and the StorageClasses, PersistentVolumes, CSINodes and
 * VolumeAttachments beside them, each by its kind. A file without any PersistentVolume gives
 * none: the volumes are then unknown; likewise the CSINodes, and with them the attach limits
 * (a cluster's kubelets write one for each node), and the CSIDrivers. VolumeAttachments are taken
 * as read with the CSINodes, CSIStorageCapacities with the CSIDrivers: a cluster may have none.
 */
const SIDE_KINDS = STORAGE_LISTS.map((l) => l.kind).filter((k) => k !== 'PersistentVolumeClaim')

async function readStorageFile(source: ObjectSource & { kind: 'file' }): Promise<StorageRead> {
  const manifests = fileSource(source)
  const { origin } = manifests
  const classes: StorageClassFacts[] = []
  const volumes: PersistentVolumeFacts[] = []
  const csiNodes: CsiNodeFacts[] = []
  const attachments: VolumeAttachmentFacts[] = []
  const csiDrivers: CsiDriverFacts[] = []
  const capacities: StorageCapacityFacts[] = []
  const claims = await readListObjects(manifests, {
    expected: 'PersistentVolumeClaim',
    flag: 'storage',
    order: 'kinds-first',
    decode: (object, i) => decodeVolumeClaim(object, `${origin}: persistentvolumeclaim ${i}`),
    side: {
      kinds: new Set(SIDE_KINDS),
      decode: (object, kind, i) => {
        const at = `${origin}: ${kind.toLowerCase()} ${i}`
        if (kind === 'StorageClass') classes.push(decodeStorageClass(object, at))
        else if (kind === 'PersistentVolume') volumes.push(decodePersistentVolume(object, at))
        else if (kind === 'CSINode') csiNodes.push(decodeCsiNode(object, at))
        else if (kind === 'VolumeAttachment') attachments.push(decodeVolumeAttachment(object, at))
        else if (kind === 'CSIDriver') csiDrivers.push(decodeCsiDriver(object, at))
        else capacities.push(decodeStorageCapacity(object, at))
      },
    },
  })
  const limitsRead = csiNodes.length > 0
  const driversRead = csiDrivers.length > 0
  const storage = volumeStorage(claims, classes, volumes.length === 0 ? null : volumes, {
    csiNodes: limitsRead ? csiNodes : null,
    attachments: limitsRead ? attachments : null,
    csiDrivers: driversRead ? csiDrivers : null,
    capacities: driversRead ? capacities : null,
  })
  return { storage, notes: [] }
}

/**
 * The claims, classes and volumes of `source` (a file, or the cluster's lists). Without the
 * claims or the classes nothing is judged; without the volumes, what reads them is not.
 */
export async function readStorage(source: ObjectSource): Promise<StorageRead> {
  if (source.kind === 'file') return readStorageFile(source)
  const notes: string[] = []
  const read = <T>(list: StorageList, decode: (object: unknown, path: string) => T) =>
    readOptionalList(source, list, 'storage', decode, { unknown: list.unknown, into: notes })
  const [claims, classes, volumes, csiNodes, attachments, csiDrivers, capacities] =
    await Promise.all([
      read<ClaimFacts>(CLAIM_LIST, decodeVolumeClaim),
      read<StorageClassFacts>(CLASS_LIST, decodeStorageClass),
      read<PersistentVolumeFacts>(VOLUME_LIST, decodePersistentVolume),
      read<CsiNodeFacts>(CSI_NODE_LIST, decodeCsiNode),
      read<VolumeAttachmentFacts>(ATTACHMENT_LIST, decodeVolumeAttachment),
      read<CsiDriverFacts>(DRIVER_LIST, decodeCsiDriver),
      read<StorageCapacityFacts>(CAPACITY_LIST, decodeStorageCapacity),
    ])
  const others = { csiNodes, attachments, csiDrivers, capacities }
  const storage =
    claims === null || classes === null ? null : volumeStorage(claims, classes, volumes, others)
  return { storage, notes }
}

/** Said when a pod judged names claims and, reading files, none were given. */
const NO_STORAGE = `no --storage FILE (${STORAGE_GET}): the claims are not read, and the volume plugins not judged for a pod with claims`

/**
 * The claims, volumes and classes, read only when some pod judged names a claim: most pods have
 * none, and the cluster's claims are then not listed. With none given, a note says so.
 */
export async function storageForPods(
  source: ObjectSource | null,
  pods: readonly PlacementPod[]
): Promise<StorageRead> {
  if (!pods.some((p) => p.volumeClaims.length > 0)) return { storage: null, notes: [] }
  if (source === null) return { storage: null, notes: [NO_STORAGE] }
  return readStorage(source)
}
