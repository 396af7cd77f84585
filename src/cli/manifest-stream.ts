import type { ReadProgress } from './progress-line.js'
import { earlier, ListKinds } from './list-kinds.js'
import { ownKind } from './manifest-kinds.js'
import { ObjectsReading, type ObjectReading } from './objects-reading.js'
import {
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
 * whole: only the decoded objects are kept. The errors are those reading the whole document
 * gives, in the same order (objects-reading.ts).
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

/**
 * One list document: its items decoded in turn, its `kind` kept (the last `kind` key, as a
 * decoder keeps it).
 */
class ListReading<T> implements ListStreamSink {
  readonly stream = new ListStream(this)
  readonly #kinds: ListKinds
  #kind: unknown = null

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
        this.#kind = kind
        this.finish()
      },
    }
  }

  member(key: string, doc: IndexedJson, span: Span): void {
    if (key === 'metadata') this.all.listMetadata(parseSpan(doc.buf, span))
    if (key === 'kind') this.#kind = parseSpan(doc.buf, span)
  }

  finish(): void {
    this.all.pageEnded()
    const kind = this.#kind
    const failure = this.#kinds.finish(typeof kind === 'string' ? kind : null)
    this.all.kindFailure = earlier(this.all.kindFailure, failure)
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
