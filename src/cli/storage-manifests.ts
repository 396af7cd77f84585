import type { ObjectSource } from '../config/index.js'
import {
  volumeStorage,
  type ClaimFacts,
  type PersistentVolumeFacts,
  type PlacementPod,
  type StorageClassFacts,
  type VolumeStorage,
} from '../placement/index.js'
import { decodePersistentVolume, decodeStorageClass, decodeVolumeClaim } from '../protocol/index.js'
import { readListObjects } from './manifests.js'
import { readOptionalList, type OptionalList } from './optional-list.js'
import { fileSource } from './tool-io.js'

/**
 * The PersistentVolumeClaims, StorageClasses and PersistentVolumes the volume plugins read: a
 * `--storage` file (`kubectl get pvc,pv,storageclass -A -o yaml`), or the cluster's three lists.
 * A list the credentials may not read (403) leaves its kind unknown, with a note, rather than
 * failing the tool: what reads it is then not judged.
 */

interface StorageList extends OptionalList {
  readonly kind: 'PersistentVolumeClaim' | 'StorageClass' | 'PersistentVolume'
  /** What is not judged when the list is refused, for the warning. */
  readonly unknown: string
}

const CLAIMS_UNKNOWN = "the volumes' claims are taken as unknown"
const CLAIM_LIST: StorageList = {
  kind: 'PersistentVolumeClaim',
  unknown: CLAIMS_UNKNOWN,
  resource: 'persistentvolumeclaims',
  path: '/api/v1/persistentvolumeclaims',
}
const CLASS_LIST: StorageList = {
  kind: 'StorageClass',
  unknown: CLAIMS_UNKNOWN,
  resource: 'storageclasses',
  path: '/apis/storage.k8s.io/v1/storageclasses',
}
const VOLUME_LIST: StorageList = {
  kind: 'PersistentVolume',
  unknown: 'the persistent volumes are taken as unknown',
  resource: 'persistentvolumes',
  path: '/api/v1/persistentvolumes',
}
export const STORAGE_LISTS: readonly StorageList[] = [CLAIM_LIST, CLASS_LIST, VOLUME_LIST]

/** The storage read, or null with why when a list was refused. */
export interface StorageRead {
  readonly storage: VolumeStorage | null
  readonly notes: readonly string[]
}

/**
 * A `--storage` file: its claims, and the StorageClasses and PersistentVolumes beside them, each
 * by its kind. A file without any PersistentVolume gives none: the volumes are then unknown.
 */
async function readStorageFile(source: ObjectSource & { kind: 'file' }): Promise<StorageRead> {
  const manifests = fileSource(source)
  const { origin } = manifests
  const classes: StorageClassFacts[] = []
  const volumes: PersistentVolumeFacts[] = []
  const claims = await readListObjects(manifests, {
    expected: 'PersistentVolumeClaim',
    flag: 'storage',
    order: 'kinds-first',
    decode: (object, i) => decodeVolumeClaim(object, `${origin}: persistentvolumeclaim ${i}`),
    side: {
      kinds: new Set(['StorageClass', 'PersistentVolume']),
      decode: (object, kind, i) => {
        const at = `${origin}: ${kind.toLowerCase()} ${i}`
        if (kind === 'StorageClass') classes.push(decodeStorageClass(object, at))
        else volumes.push(decodePersistentVolume(object, at))
      },
    },
  })
  const storage = volumeStorage(claims, classes, volumes.length === 0 ? null : volumes)
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
  const [claims, classes, volumes] = await Promise.all([
    read<ClaimFacts>(CLAIM_LIST, decodeVolumeClaim),
    read<StorageClassFacts>(CLASS_LIST, decodeStorageClass),
    read<PersistentVolumeFacts>(VOLUME_LIST, decodePersistentVolume),
  ])
  const storage =
    claims === null || classes === null ? null : volumeStorage(claims, classes, volumes)
  return { storage, notes }
}

/** Said when a pod judged names claims and, reading files, none were given. */
const NO_STORAGE =
  'no --storage FILE (kubectl get pvc,pv,storageclass -A -o yaml): the claims are not read, and the volume plugins not judged for a pod with claims'

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
