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

/**
 * The images ImageLocality reads: each container's `image` (`spec.containers`,
 * `spec.initContainers`), and a node's `status.images` with their names and sizes.
 */

/** The `image` of each container in `spec[key]`, in order; "" for one without. */
export function decodeContainerImages(
  spec: JsonObject | null,
  key: 'containers' | 'initContainers',
  specAt: string
): readonly string[] {
  const items = listField(spec, key, specAt)
  if (items.length === 0) return NO_ITEMS
  const at = `${specAt}.${key}`
  return items.map((item, i) => stringField(objectItem(item, at, i), 'image', `${at}[${i}]`))
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
