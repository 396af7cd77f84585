import { checkKind } from './manifest-kinds.js'
import type { ReadProgress } from './progress-line.js'
import { documents, objectsOf } from './manifest-documents.js'
import { countingSide, readOnSide, skipFirst, type SideReading } from './workload-kinds.js'
import { readYamlListItems } from './yaml-list.js'
import { field, isJsonObject, listItems, ProtocolError } from '../protocol/index.js'

/**
 * Pods from a text that is not a JSON list: a YAML List as kubectl prints it, read item by item
 * (yaml-list.ts), else the text read whole. Both give the same pods and the same first error.
 */

/** How the pods of a text are read and what is kept of each (undefined: nothing). */
export interface PodsReading<T> {
  readonly origin: string
  /**
   * `in-order`: each object's kind, then the object, as explain reads a pod list;
   * `kinds-first`: the workload objects on the side and every kind before any pod is decoded,
   * as `objectsOf` reads (forecast).
   */
  readonly order: 'in-order' | 'kinds-first'
  readonly side: SideReading
  /** Told of each item read item by item, and when the reading has ended. */
  readonly progress?: ReadProgress | undefined
  decode(object: unknown, index: number): T | undefined
}

/**
 * The pods of `text`. Reading item by item may stop part way and leave the text to be read
 * whole: the workload objects already given to the side reading are then not given again.
 */
export function readPodsText<T>(text: string, reading: PodsReading<T>): T[] {
  const { origin, progress } = reading
  const side = countingSide(reading.side)
  const pods = new PodsOfItems(reading)
  let read: boolean
  try {
    read = readYamlListItems(text, (object, index, of, listKind) => {
      progress?.objects(origin, index + 1, of)
      if (!readOnSide(object, side, index)) pods.take(object, index, listKind)
    })
  } finally {
    progress?.end()
  }
  if (!read) return readWhole(text, { ...reading, side: skipFirst(reading.side, side.count()) })
  return pods.outcome()
}

/** The pods of a list's items, given one at a time, with the failures reading whole meets. */
class PodsOfItems<T> {
  readonly #kept: T[] = []
  #kindFailure: ProtocolError | null = null
  #decodeFailure: ProtocolError | null = null
  /** objectsOf numbers the pods it passes on; in-order reading numbers every item. */
  #pods = 0

  constructor(readonly reading: PodsReading<T>) {}

  take(object: unknown, index: number, listKind: string | null): void {
    const { origin, order } = this.reading
    const at = order === 'in-order' ? index : this.#pods++
    if (order === 'in-order') {
      checkKind(object, listKind, 'Pod', 'pods', origin)
      this.#keep(object, at)
      return
    }
    this.#kindFailure ??= failureOf(() => checkKind(object, listKind, 'Pod', 'pods', origin))
    if (this.#kindFailure === null && this.#decodeFailure === null)
      this.#decodeFailure = failureOf(() => this.#keep(object, at))
  }

  #keep(object: unknown, index: number): void {
    const decoded = this.reading.decode(object, index)
    if (decoded !== undefined) this.#kept.push(decoded)
  }

  /** The pods kept, or the first failure: a wrong kind before any pod that cannot be decoded. */
  outcome(): T[] {
    const failure = this.#kindFailure ?? this.#decodeFailure
    if (failure !== null) throw failure
    return this.#kept
  }
}

/** The ProtocolError `step` throws, or null. */
function failureOf(step: () => void): ProtocolError | null {
  try {
    step()
    return null
  } catch (error) {
    if (error instanceof ProtocolError) return error
    throw error
  }
}

/** The text's documents read whole, as every pod list was before YAML was read item by item. */
export function readWhole<T>(text: string, reading: PodsReading<T>): T[] {
  const { origin, side } = reading
  const kept: T[] = []
  const keep = (object: unknown, index: number) => {
    const decoded = reading.decode(object, index)
    if (decoded !== undefined) kept.push(decoded)
  }
  if (reading.order === 'kinds-first') {
    objectsOf(text, origin, 'Pod', 'pods', side).forEach(keep)
    return kept
  }
  documents(text, origin).forEach((doc, i) => {
    if (!isJsonObject(doc) || field(doc, 'items') === undefined) {
      throw new ProtocolError(
        `${origin}[${i}]: not a list of pods (want kubectl get pods -A -o json|yaml)`
      )
    }
    const kind = field(doc, 'kind')
    const listKind = typeof kind === 'string' ? kind : null
    listItems(doc, `${origin}[${i}]`).forEach((o, j) => {
      if (readOnSide(o, side, j)) return
      checkKind(o, listKind, 'Pod', 'pods', origin)
      keep(o, j)
    })
  })
  return kept
}
