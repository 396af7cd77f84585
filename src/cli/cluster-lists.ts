import type { IncomingMessage } from 'node:http'
import {
  connectionFailure,
  describeError,
  isProtobuf,
  notLoggedIn,
  statusCodeOf,
  type ClusterSnapshot,
  type ListQuery,
} from '../cluster/index.js'
import type { ChunkSink, ManifestSource } from './manifest-stream.js'
import { ProtobufError, ProtobufListStream } from '../protocol/index.js'
import type { ReadProgress } from './progress-line.js'
import { ClusterReadError } from './tool-exit.js'

/**
 * The cluster's lists read as their bytes arrive, page by page, into the same streamed reading
 * as a file's (manifest-stream.ts): no response is held whole, and the next page is asked for
 * as soon as the current one's continue token is read, so it arrives while this one is decoded.
 * Pods and nodes may come as protobuf (ListQuery.protobuf): a page of it is read into the
 * objects its JSON would give, for the same decoders.
 */

/**
 * A failed read of the cluster as a ClusterReadError naming the server: one that got no answer
 * worded as kubectl words it (`cannot reach the API server at URL: connection refused`), one
 * the API server answered with its HTTP status (`cannot list nodes from URL: HTTP 403 ...`), a
 * refused credential as kubectl's own line (`error: You must be logged in to the server
 * (Unauthorized)`).
 */
export function clusterReadError(
  snapshot: ClusterSnapshot,
  what: string,
  err: unknown
): ClusterReadError {
  const unreachable = connectionFailure(err)
  if (unreachable !== undefined)
    return new ClusterReadError(`cannot reach the API server at ${snapshot.server}: ${unreachable}`)
  const refused = notLoggedIn(err)
  if (refused !== undefined) return new ClusterReadError(`error: ${refused}`)
  return new ClusterReadError(
    `cannot ${what} from ${snapshot.server}: ${describeError(err)}`,
    statusCodeOf(err)
  )
}

/** The lists, one after another, as one source of `what` (`pods`) named `origin`. */
export function clusterListSource(
  snapshot: ClusterSnapshot,
  what: string,
  lists: readonly ListQuery[],
  origin: string,
  progress?: ReadProgress
): ManifestSource {
  return {
    origin,
    progress,
    async read(sink) {
      for (const list of lists) await new PagedList(snapshot, what, list, sink).read()
    },
  }
}

/** How many bytes of a page are gathered before the sink reads them. */
const GATHERED_BYTES = 256 * 1024

/**
 * One list, page by page. A continue token outlives its snapshot only until etcd compacts it
 * (every 5 minutes by default), so a slow read can get 410 Expired mid-list; client-go's pager
 * then lists again, and so does this, once, from the first page, forgetting what it read of
 * the list. A second expiry fails the read.
 */
class PagedList {
  #next: Promise<IncomingMessage> | null = null
  #body: IncomingMessage | null = null
  #token: string | undefined
  #restarted = false
  /** Pages read of the list since its first, for messages. */
  #pages = 0

  constructor(
    readonly snapshot: ClusterSnapshot,
    readonly what: string,
    readonly list: ListQuery,
    readonly sink: ChunkSink
  ) {}

  async read(): Promise<void> {
    this.sink.beginList()
    this.#open(undefined)
    try {
      while (this.#next !== null) {
        const body = await this.#response(this.#next)
        if (body !== null) await this.#page(body)
      }
    } finally {
      this.#body?.destroy()
      void this.#next?.then(
        (late) => late.destroy(),
        () => undefined
      )
    }
  }

  #open(token: string | undefined): void {
    this.#token = token
    this.#next = this.snapshot.openListPage(this.list, token)
    this.#next.catch(() => undefined)
  }

  /** The page's response; null when the list starts again after an expired token. */
  async #response(next: Promise<IncomingMessage>): Promise<IncomingMessage | null> {
    this.#next = null
    try {
      return (this.#body = await next)
    } catch (err) {
      if (this.#restarted || this.#token === undefined || statusCodeOf(err) !== 410)
        throw clusterReadError(this.snapshot, `list ${this.what}`, err)
      this.#restarted = true
      this.#pages = 0
      this.sink.restartList()
      this.#open(undefined)
      return null
    }
  }

  /** The page to the sink in the encoding its content-type says, then the next page asked for. */
  async #page(body: IncomingMessage): Promise<void> {
    this.#pages++
    if (isProtobuf(body)) await this.#protobufPage(body)
    else {
      await this.#jsonPage(body)
      this.sink.endDocument()
    }
    this.#askNext()
    this.#body = null
  }

  /**
   * A protobuf page, read item by item as its bytes arrive (an unpaged list of every pod is
   * never held); the next page is asked for as soon as the list's metadata, written first, is.
   */
  async #protobufPage(body: IncomingMessage): Promise<void> {
    const page = this.sink.decodedPage()
    const stream = new ProtobufListStream(page)
    try {
      for await (const part of this.#parts(body)) {
        stream.push(part)
        this.#askNext()
      }
      page.end(stream.end())
    } catch (err) {
      if (!(err instanceof ProtobufError)) throw err
      const selector = this.list.fieldSelector ?? ''
      const list = selector === '' ? this.list.path : `${this.list.path}?fieldSelector=${selector}`
      throw new ClusterReadError(
        `cannot list ${this.what} from ${this.snapshot.server}: page ${this.#pages} of ${list} is malformed protobuf: ${err.message}`
      )
    }
  }

  /**
   * A JSON page's bytes to the sink, asking for the next page once its token is known. TLS
   * hands the body over in records of 16 KiB; they go to the sink gathered into parts of
   * GATHERED_BYTES (the first alone, which holds the continue token), since each part the sink
   * gets ends inside an object it then scans again from that object's start.
   */
  async #jsonPage(body: IncomingMessage): Promise<void> {
    const held: Uint8Array[] = []
    let heldBytes = 0
    let first = true
    for await (const part of this.#parts(body)) {
      held.push(part)
      heldBytes += part.length
      if (first || heldBytes >= GATHERED_BYTES) this.#pass(held.splice(0))
      heldBytes = held.length === 0 ? 0 : heldBytes
      first = false
    }
    if (held.length > 0) this.#pass(held)
  }

  /** The body's parts as they arrive; a connection lost on the way is the cluster's failure. */
  async *#parts(body: IncomingMessage): AsyncGenerator<Uint8Array> {
    const parts = (body as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]()
    for (;;) {
      let part: IteratorResult<Uint8Array>
      try {
        part = await parts.next()
      } catch (err) {
        throw clusterReadError(this.snapshot, `list ${this.what}`, err)
      }
      if (part.done === true) return
      yield part.value
    }
  }

  #pass(parts: readonly Uint8Array[]): void {
    this.sink.chunk(parts.length === 1 ? (parts[0] as Uint8Array) : Buffer.concat(parts))
    this.#askNext()
  }

  /** The next page, once the current one's continue token is read. */
  #askNext(): void {
    if (this.#next !== null) return
    const token = this.sink.continueToken()
    if (token !== undefined && token !== this.#token) this.#open(token)
  }
}
