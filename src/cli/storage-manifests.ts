import type { ObjectSource } from '../config/index.js'
import {
  volumeStorage,
  type ClaimFacts,
  type StorageClassFacts,
  type VolumeStorage,
} from '../placement/index.js'
import { decodeStorageClass, decodeVolumeClaim } from '../protocol/index.js'
import { streamObjects } from './manifest-stream.js'
import { readListObjects } from './manifests.js'
import { ClusterReadError } from './tool-exit.js'
import { fileSource, listsSource } from './tool-io.js'

/**
 * The PersistentVolumeClaims and StorageClasses the volume plugins' PreFilters read: a
 * `--storage` file (`kubectl get pvc,storageclass -A -o yaml`), or the cluster's two lists. A
 * list the credentials may not read (403) leaves the storage unknown, with a note, rather than
 * failing the tool: a pod whose volumes name claims is then not judged by the volume plugins.
 */

interface StorageList {
  readonly kind: 'PersistentVolumeClaim' | 'StorageClass'
  /** The resource RBAC grants `list` on (deploy/cli-rbac and docs/cli.md name them). */
  readonly resource: string
  readonly path: string
}

const CLAIM_LIST: StorageList = {
  kind: 'PersistentVolumeClaim',
  resource: 'persistentvolumeclaims',
  path: '/api/v1/persistentvolumeclaims',
}
const CLASS_LIST: StorageList = {
  kind: 'StorageClass',
  resource: 'storageclasses',
  path: '/apis/storage.k8s.io/v1/storageclasses',
}
export const STORAGE_LISTS: readonly StorageList[] = [CLAIM_LIST, CLASS_LIST]

const FORBIDDEN = 403

/** The storage read, or null with why when a list was refused. */
export interface StorageRead {
  readonly storage: VolumeStorage | null
  readonly notes: readonly string[]
}

/** A `--storage` file: its claims, and the StorageClasses beside them, each by its kind. */
async function readStorageFile(source: ObjectSource & { kind: 'file' }): Promise<StorageRead> {
  const manifests = fileSource(source)
  const { origin } = manifests
  const classes: StorageClassFacts[] = []
  const claims = await readListObjects(manifests, {
    expected: 'PersistentVolumeClaim',
    flag: 'storage',
    order: 'kinds-first',
    decode: (object, i) => decodeVolumeClaim(object, `${origin}: persistentvolumeclaim ${i}`),
    side: {
      kinds: new Set(['StorageClass']),
      decode: (object, _kind, i) =>
        classes.push(decodeStorageClass(object, `${origin}: storageclass ${i}`)),
    },
  })
  return { storage: volumeStorage(claims, classes), notes: [] }
}

/** One kind's list from the cluster; null with a note when the credentials may not read it. */
async function readClusterList<T>(
  source: ObjectSource & { kind: 'cluster' },
  list: StorageList,
  decode: (object: unknown, path: string) => T,
  notes: string[]
): Promise<T[] | null> {
  const origin = `cluster ${list.resource}`
  const manifests = await listsSource(
    source.cluster,
    list.resource,
    () => [list],
    origin,
    undefined
  )
  const at = (i: number) => `${origin}: ${list.kind.toLowerCase()} ${i}`
  try {
    const read = await streamObjects(manifests, {
      expected: list.kind,
      flag: 'storage',
      order: 'in-order',
      decode: (object, i) => decode(object, at(i)),
    })
    return read?.objects ?? []
  } catch (err) {
    if (!(err instanceof ClusterReadError) || err.statusCode !== FORBIDDEN) throw err
    notes.push(`${err.message}; the volumes' claims are taken as unknown`)
    return null
  }
}

/** The claims and classes of `source` (a file, or the cluster's lists). */
export async function readStorage(source: ObjectSource): Promise<StorageRead> {
  if (source.kind === 'file') return readStorageFile(source)
  const notes: string[] = []
  const [claims, classes] = await Promise.all([
    readClusterList<ClaimFacts>(source, CLAIM_LIST, decodeVolumeClaim, notes),
    readClusterList<StorageClassFacts>(source, CLASS_LIST, decodeStorageClass, notes),
  ])
  const storage = claims === null || classes === null ? null : volumeStorage(claims, classes)
  return { storage, notes }
}
