import { checkKind } from './manifest-kinds.js'
import { documents } from './manifest-documents.js'
import { readOnSide, type SideReading } from './workload-kinds.js'
import { readYamlListItems } from './yaml-list.js'
import { field, isJsonObject, listItems, ProtocolError } from '../protocol/index.js'

/**
 * A pod list's text: a YAML List as kubectl prints it item by item (yaml-list.ts), else whole.
 * Reading item by item may stop part way and leave the text to be read whole: the workload
 * objects already given to `side` are then not given again.
 */
export function podListOf<T>(
  text: string,
  origin: string,
  side: SideReading,
  decode: (o: unknown, i: number) => T | undefined
): T[] {
  const kept: T[] = []
  let sideRead = 0
  const counted: SideReading = {
    kinds: side.kinds,
    decode: (object, kind, index) => {
      side.decode(object, kind, index)
      sideRead++
    },
  }
  const read = readYamlListItems(text, (object, index, listKind) => {
    if (readOnSide(object, counted, index)) return
    checkKind(object, listKind, 'Pod', 'pods', origin)
    const decoded = decode(object, index)
    if (decoded !== undefined) kept.push(decoded)
  })
  return read ? kept : wholePodList(text, origin, skipFirst(side, sideRead), decode)
}

/** `side`, passing over the first `count` objects it is given. */
function skipFirst(side: SideReading, count: number): SideReading {
  let skipped = 0
  return {
    kinds: side.kinds,
    decode: (object, kind, index) => {
      if (skipped < count) skipped++
      else side.decode(object, kind, index)
    },
  }
}

/** Each document read whole, as every pod list was before reading YAML item by item. */
export function wholePodList<T>(
  text: string,
  origin: string,
  side: SideReading,
  decode: (o: unknown, i: number) => T | undefined
): T[] {
  return documents(text, origin).flatMap((doc, i) => {
    if (!isJsonObject(doc) || field(doc, 'items') === undefined) {
      throw new ProtocolError(
        `${origin}[${i}]: not a list of pods (want kubectl get pods -A -o json|yaml)`
      )
    }
    const kind = field(doc, 'kind')
    const listKind = typeof kind === 'string' ? kind : null
    const kept: T[] = []
    listItems(doc, `${origin}[${i}]`).forEach((o, j) => {
      if (readOnSide(o, side, j)) return
      checkKind(o, listKind, 'Pod', 'pods', origin)
      const decoded = decode(o, j)
      if (decoded !== undefined) kept.push(decoded)
    })
    return kept
  })
}
