import { failureOf, type Failure } from './list-kinds.js'
import { checkKind, type ExpectedKind } from './manifest-kinds.js'
import type { ReadProgress } from './progress-line.js'
import { documents, objectsOf } from './manifest-documents.js'
import { countingSide, readOnSide, skipFirst, type SideReading } from './workload-kinds.js'
import { readYamlListItems } from './yaml-list.js'
import { field, isJsonObject, listItems, ProtocolError } from '../protocol/index.js'

/**
 * The objects of a text that is not a JSON list (pods, or the workload objects of a file that
 * may be the pods file itself): a YAML List as kubectl prints it, read item by item
 * (yaml-list.ts), else the text read whole. Both give the same objects and the same first error.
 */

/** How the objects of a text are read and what is kept of each (undefined: nothing). */
export interface ListTextReading<T> {
  readonly origin: string
  /** The kind the objects must be, and the flag that gave them, as checkKind names them. */
  readonly expected: ExpectedKind
  readonly flag: string
  /**
   * `in-order`: each object's kind, then the object, as explain reads a pod list (a list is
   * required); `kinds-first`: the objects on the side and every kind before any object is
   * decoded, as `objectsOf` reads (forecast's pods, the workloads file).
   */
  readonly order: 'in-order' | 'kinds-first'
  readonly side: SideReading
  /** Told of each item read item by item, and when the reading has ended. */
  readonly progress?: ReadProgress | undefined
  decode(object: unknown, index: number): T | undefined
}

/**
 * The objects of `text`. Reading item by item may stop part way and leave the text to be read
 * whole: the objects already given to the side reading are then not given again.
 */
export function readListText<T>(text: string, reading: ListTextReading<T>): T[] {
  const { origin, progress } = reading
  const side = countingSide(reading.side)
  const objects = new ObjectsOfItems(reading)
  let read: boolean
  try {
    read = readYamlListItems(text, (object, index, of, listKind) => {
      progress?.objects(origin, index + 1, of)
      if (!readOnSide(object, side, index)) objects.take(object, index, listKind)
    })
  } finally {
    progress?.end()
  }
  if (!read) return readWhole(text, { ...reading, side: skipFirst(reading.side, side.count()) })
  return objects.outcome()
}

/** The objects of a list's items, given one at a time, with the failures reading whole meets. */
class ObjectsOfItems<T> {
  readonly #kept: T[] = []
  #kindFailure: Failure | null = null
  #decodeFailure: Failure | null = null

  constructor(readonly reading: ListTextReading<T>) {}

  take(object: unknown, index: number, listKind: string | null): void {
    const { origin, order, expected, flag } = this.reading
    const check = () => checkKind(object, listKind, expected, flag, origin)
    if (order === 'in-order') {
      check()
      this.#keep(object, index)
      return
    }
    this.#kindFailure ??= failureOf(index, check)
    if (this.#kindFailure === null && this.#decodeFailure === null)
      this.#decodeFailure = failureOf(index, () => this.#keep(object, index))
  }

  #keep(object: unknown, index: number): void {
    const decoded = this.reading.decode(object, index)
    if (decoded !== undefined) this.#kept.push(decoded)
  }

  /** The pods kept, or the first failure: a wrong kind before any pod that cannot be decoded. */
  outcome(): T[] {
    const failure = this.#kindFailure ?? this.#decodeFailure
    if (failure !== null) throw failure.error
    return this.#kept
  }
}

/** The text's documents read whole, as every such text was read before YAML lists were read item by item. */
export function readWhole<T>(text: string, reading: ListTextReading<T>): T[] {
  const { origin, side } = reading
  const kept: T[] = []
  const keep = (object: unknown, index: number) => {
    const decoded = reading.decode(object, index)
    if (decoded !== undefined) kept.push(decoded)
  }
  if (reading.order === 'kinds-first') {
    for (const { object, index } of objectsOf(text, origin, reading.expected, reading.flag, side))
      keep(object, index)
    return kept
  }
  let next = 0
  documents(text, origin).forEach((doc, i) => {
    if (!isJsonObject(doc) || field(doc, 'items') === undefined) {
      throw new ProtocolError(
        `${origin}[${i}]: not a list of pods (want kubectl get pods -A -o json|yaml)`
      )
    }
    const kind = field(doc, 'kind')
    const listKind = typeof kind === 'string' ? kind : null
    for (const object of listItems(doc, `${origin}[${i}]`)) {
      const index = next++
      if (readOnSide(object, side, index)) continue
      checkKind(object, listKind, reading.expected, reading.flag, origin)
      keep(object, index)
    }
  })
  return kept
}
