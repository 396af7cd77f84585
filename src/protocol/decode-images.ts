import type { NodeImage } from '../placement/index.js'
import {
  field,
  listField,
  NO_ITEMS,
  objectItem,
  readArray,
  stringField,
  readInteger,
  readObject,
  readString,
  type JsonObject,
} from '../json/json-fields.js'
import { element, member } from '../json/json-path.js'

/**
 * The images ImageLocality reads: each container's `image` (`spec.containers`,
 * `spec.initContainers`), and a node's `status.images` with their names and sizes.
 */

/** Bounded as the shared resources are (shared-pod-resources.ts): a cluster has far fewer templates. */
const SHARED_MAX = 1024
/** Lists of one image by its name, longer ones by their JSON text. */
const sharedSingles = new Map<string, readonly string[]>()
const sharedLists = new Map<string, readonly string[]>()

/**
 * Equal image lists as one frozen array: the pods of a template name the same images, and a
 * snapshot of a large cluster would otherwise hold a copy of each name for every pod.
 */
function sharedImageList(images: readonly string[]): readonly string[] {
  const single = images.length === 1
  const shared = single ? sharedSingles : sharedLists
  const key = single ? (images[0] as string) : JSON.stringify(images)
  const known = shared.get(key)
  if (known !== undefined) return known
  if (shared.size >= SHARED_MAX) shared.clear()
  const frozen = Object.freeze(images)
  shared.set(key, frozen)
  return frozen
}

/** The `image` of each container in `spec[key]`, in order; "" for one without. */
export function decodeContainerImages(
  spec: JsonObject | null,
  key: 'containers' | 'initContainers',
  specAt: string
): readonly string[] {
  const items = listField(spec, key, specAt)
  if (items.length === 0) return NO_ITEMS
  const at = member(specAt, key)
  return sharedImageList(
    items.map((item, i) => stringField(objectItem(item, at, i), 'image', element(at, i)))
  )
}

/** `status.images`: each image's names and `sizeBytes`; none when absent. */
export function decodeNodeImages(node: JsonObject, path: string): NodeImage[] {
  const status = readObject(field(node, 'status'), `${path}.status`, false)
  if (status === null) return []
  const images = readArray(field(status, 'images'), `${path}.status.images`) ?? []
  return images.map((item, i) => {
    const at = `${path}.status.images[${i}]`
    const image = readObject(item, at, true)
    const names = readArray(field(image, 'names'), `${at}.names`) ?? []
    return {
      names: names.map((name, j) => readString(name, `${at}.names[${j}]`)),
      sizeBytes: Number(readInteger(field(image, 'sizeBytes'), `${at}.sizeBytes`) ?? 0n),
    }
  })
}
