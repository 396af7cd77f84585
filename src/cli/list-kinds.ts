import { ProtocolError } from '../protocol/index.js'
import { checkKind, itemKindOfList, ownKind, type ExpectedKind } from './manifest-kinds.js'

/**
 * The kind checks of a list read as it arrives (manifest-stream.ts): each object's, and the
 * first failure found, by the object's index, as reading the whole list would have found it.
 */

export interface Failure {
  readonly index: number
  readonly error: unknown
}

/** The ProtocolError `step` throws, as the failure of object `index`; null when it throws none. */
export function failureOf(index: number, step: () => void): Failure | null {
  try {
    step()
    return null
  } catch (error) {
    if (!(error instanceof ProtocolError)) throw error
    return { index, error }
  }
}

export function earlier(a: Failure | null, b: Failure | null): Failure | null {
  if (a === null) return b
  return b === null || a.index <= b.index ? a : b
}

/**
 * The kinds of one list's objects. An object without a kind of its own takes its list's, which
 * `kubectl get -o json` prints after the items: its check waits for the end of the list, and
 * only the first such object and the first refused by its shape are kept for it.
 */
export class ListKinds {
  #own: Failure | null = null
  #firstKindless: { index: number; object: unknown } | null = null
  #shape: Failure | null = null

  constructor(
    readonly expected: ExpectedKind,
    readonly flag: string,
    readonly origin: string
  ) {}

  see(object: unknown, index: number): void {
    const { expected, flag } = this
    const check = (listKind: string | null) => () =>
      checkKind(object, listKind, expected, flag, this.origin)
    if (ownKind(object) !== null) {
      this.#own ??= failureOf(index, check(null))
      return
    }
    this.#firstKindless ??= { index, object }
    this.#shape ??= failureOf(index, check(null))
  }

  /** The first object of the wrong kind, now that the list's own kind is known. */
  finish(listKind: string | null): Failure | null {
    const kindless = this.#firstKindless
    const byList =
      itemKindOfList(listKind) === null
        ? this.#shape
        : kindless &&
          failureOf(kindless.index, () =>
            checkKind(kindless.object, listKind, this.expected, this.flag, this.origin)
          )
    return earlier(this.#own, byList)
  }
}
