import type { ReadProgress } from './progress-line.js'
import { earlier, failureOf, type Failure } from './list-kinds.js'
import type { ExpectedKind } from './manifest-kinds.js'
import type { SideReading } from './workload-kinds.js'
import { field, isJsonObject, ProtocolError } from '../protocol/index.js'

/**
 * What reading a source's lists keeps across its documents and pages (manifest-stream.ts): the
 * objects decoded, how many were read, and the first failure of each sort, so that the one
 * reported is the one reading the whole document meets first.
 */

/** How the objects of a source are read: their kind, their decoding, and the order of errors. */
export interface ObjectReading<T> {
  readonly expected: ExpectedKind
  readonly flag: string
  /**
   * `kinds-first`: a wrong kind anywhere is reported before a decoding error (as reading
   * checks every kind, then decodes); `in-order`: each object's kind, then the object.
   */
  readonly order: 'kinds-first' | 'in-order'
  readonly progress?: ReadProgress | undefined
  /** The object decoded, or undefined when it is not kept. */
  decode(object: unknown, index: number): T | undefined
  /** Objects of other kinds the source may hold beside the expected one, read on the side. */
  readonly side?: SideReading | undefined
}

/** A list's `metadata.continue`, and how many objects its later pages hold, when it says. */
function pagingOf(metadata: unknown): { token: string | undefined; remaining: number | null } {
  const token = isJsonObject(metadata) ? field(metadata, 'continue') : undefined
  const remaining = isJsonObject(metadata) ? field(metadata, 'remainingItemCount') : undefined
  return {
    token: typeof token === 'string' && token !== '' ? token : undefined,
    remaining: typeof remaining === 'number' ? remaining : null,
  }
}

/** Every list of a source, and the first failures of each sort. */
export class ObjectsReading<T> {
  readonly results: T[] = []
  /** Kinds first: the first object on the side refused, which reading whole meets first. */
  sideFailure: Failure | null = null
  kindFailure: Failure | null = null
  decodeFailure: Failure | null = null
  count = 0
  continueToken: string | undefined
  /** Objects the page being read says come after it; the whole count once a page ends. */
  #remaining: number | null = null
  #total: number | null = null
  #mark = {
    results: 0,
    count: 0,
    sideFailure: null as Failure | null,
    kindFailure: null as Failure | null,
    decodeFailure: null as Failure | null,
  }

  /** Where a list of pages starts, to go back to when it is read again from its start. */
  beginList(): void {
    const { count, sideFailure, kindFailure, decodeFailure } = this
    this.#mark = { results: this.results.length, count, sideFailure, kindFailure, decodeFailure }
  }

  restartList(): void {
    this.results.length = this.#mark.results
    this.count = this.#mark.count
    this.sideFailure = this.#mark.sideFailure
    this.kindFailure = this.#mark.kindFailure
    this.decodeFailure = this.#mark.decodeFailure
    this.continueToken = undefined
  }

  constructor(
    readonly reading: ObjectReading<T>,
    readonly origin: string
  ) {}

  listMetadata(metadata: unknown): void {
    const { token, remaining } = pagingOf(metadata)
    this.continueToken = token
    this.#remaining = remaining
  }

  pageEnded(): void {
    if (this.#remaining !== null) this.#total = this.count + this.#remaining
    this.#remaining = null
  }

  /** Decodes one object (`other`: on the side, keeping nothing here). */
  decode(object: unknown, index: number, other?: () => void): void {
    this.count = index + 1
    this.reading.progress?.objects(this.origin, this.count, this.#total)
    if (other !== undefined && this.reading.order === 'kinds-first') {
      // Read whole (objectsOf), every object on the side is read before any kind is checked.
      this.sideFailure ??= failureOf(index, other)
      return
    }
    if (this.decodeFailure !== null) return
    try {
      const decoded = other === undefined ? this.reading.decode(object, index) : other()
      if (decoded !== undefined) this.results.push(decoded)
    } catch (error) {
      if (!(error instanceof ProtocolError)) throw error
      this.decodeFailure = { index, error }
    }
  }

  /** The decoded objects, or the failure reading the whole document would have met first. */
  outcome(): T[] {
    const { sideFailure, kindFailure, decodeFailure } = this
    const failure =
      this.reading.order === 'kinds-first'
        ? (sideFailure ?? kindFailure ?? decodeFailure)
        : earlier(kindFailure, decodeFailure)
    if (failure !== null) throw failure.error
    return this.results
  }
}
