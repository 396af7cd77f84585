import type { ReadProgress } from './progress-line.js'
import { earlier, failureOf, ListKinds, type Failure } from './list-kinds.js'
import type { ExpectedKind } from './manifest-kinds.js'
import type { SideReading } from './workload-kinds.js'
import { ownKind } from './manifest-kinds.js'
import {
  field,
  fold,
  isJsonObject,
  ListStream,
  NotAListStream,
  parseSpan,
  ProtocolError,
  type IndexedJson,
  type ListStreamSink,
  type ProtobufListSink,
  type Span,
} from '../protocol/index.js'

/**
 * Lists of objects decoded as their bytes arrive (json/list-stream.ts), each object built as
 * JSON.parse builds it and decoded at once. What a file or the API server gives is never held
 * whole: only the decoded objects are kept. The errors are those reading
 * the whole document gives, in the same order (see FirstFailures).
 */

/** What receives a source's bytes: one list document after another. */
export interface ChunkSink {
  chunk(bytes: Uint8Array): void
  endDocument(): void
  /**
   * The `metadata.continue` of the document being read (or the last one ended), as soon as
   * its metadata is in: the API server writes it before the items, so the next page can be
   * asked for while this one is decoded.
   */
  continueToken(): string | undefined
  /** A list of pages starts here; `restartList` forgets what was read of it since. */
  beginList(): void
  restartList(): void
  /**
   * A protobuf page, in place of chunks and endDocument: its metadata and objects as they are
   * read, each as its JSON gives it, then its kind once it has ended.
   */
  decodedPage(): DecodedPage
}

export interface DecodedPage extends ProtobufListSink {
  end(kind: string): void
}

/** A file's bytes, or the API server's lists. */
export interface ManifestSource {
  readonly origin: string
  /** Gives `sink` the bytes in order; a part is valid only during its call. */
  read(sink: ChunkSink): Promise<void>
  /** The whole text, for a document that is not a JSON list (YAML); absent for the cluster. */
  readonly text?: () => string
  /** Told of each object read, and of how many there are where a list says. */
  readonly progress?: ReadProgress | undefined
}

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

/**
 * One list document: its items decoded in turn, its `kind` kept (the exact key wins over
 * another casing, else the last, as `field` reads it).
 */
class ListReading<T> implements ListStreamSink {
  readonly stream = new ListStream(this)
  readonly #kinds: ListKinds
  #kind: { exact: boolean; value: unknown } | null = null

  constructor(
    readonly all: ObjectsReading<T>,
    readonly first: number
  ) {
    this.#kinds = new ListKinds(all.reading.expected, all.reading.flag, all.origin)
    all.continueToken = undefined
  }

  /** One object: one whose own kind the side reading takes goes to it instead. */
  item(object: unknown, index: number): void {
    const at = this.first + index
    const { side } = this.all.reading
    const kind = side === undefined ? null : ownKind(object)
    if (side !== undefined && kind !== null && side.kinds.has(kind)) {
      this.all.decode(object, at, () => side.decode(object, kind, at))
      return
    }
    this.#kinds.see(object, at)
    this.all.decode(object, at)
  }

  /** A list decoded elsewhere, read as the same list's JSON is: metadata, items, kind. */
  decodedPage(): DecodedPage {
    let index = 0
    return {
      metadata: (metadata) => this.all.listMetadata(metadata),
      item: (object) => this.item(object, index++),
      end: (kind) => {
        this.#kind = { exact: true, value: kind }
        this.finish()
      },
    }
  }

  member(key: string, doc: IndexedJson, span: Span): void {
    const folded = fold(key)
    if (folded === 'metadata') this.all.listMetadata(parseSpan(doc.buf, span))
    if (folded !== 'kind' || this.#kind?.exact === true) return
    this.#kind = { exact: key === 'kind', value: parseSpan(doc.buf, span) }
  }

  finish(): void {
    this.all.pageEnded()
    const kind = this.#kind?.value
    const failure = this.#kinds.finish(typeof kind === 'string' ? kind : null)
    this.all.kindFailure = earlier(this.all.kindFailure, failure)
  }
}

/** Every list of a source, and the first failures of each sort. */
class ObjectsReading<T> {
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

/** The objects of a source's lists, or null when it is not JSON lists (read it as text then). */
export async function streamObjects<T>(
  source: ManifestSource,
  reading: ObjectReading<T>
): Promise<{ objects: T[]; count: number } | null> {
  const all = new ObjectsReading({ ...reading, progress: source.progress }, source.origin)
  let list: ListReading<T> | null = null
  try {
    await source.read({
      chunk(bytes) {
        list ??= new ListReading(all, all.count)
        list.stream.push(bytes)
      },
      endDocument() {
        const ended: ListReading<T> = list ?? new ListReading(all, all.count)
        ended.stream.end()
        ended.finish()
        list = null
      },
      decodedPage() {
        list = null
        return new ListReading(all, all.count).decodedPage()
      },
      continueToken: () => all.continueToken,
      beginList: () => all.beginList(),
      restartList() {
        list = null
        all.restartList()
      },
    })
  } catch (err) {
    if (!(err instanceof NotAListStream)) throw err
    if (source.text !== undefined) return null
    throw new ProtocolError(`${source.origin}: ${err.message}`)
  } finally {
    source.progress?.end()
  }
  return { objects: all.outcome(), count: all.count }
}
