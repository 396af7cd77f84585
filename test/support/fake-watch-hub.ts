import type { ServerResponse } from 'node:http'
import { statusObject } from './fake-kube-objects.js'

interface OpenWatch {
  readonly res: ServerResponse
  readonly bookmarks: boolean
  /** Stalled watches get nothing after their headers (or not even headers). */
  readonly stalled: boolean
  timer?: NodeJS.Timeout
}

interface HistoryEntry {
  readonly resourceVersion: number
  readonly type: string
  readonly object: unknown
}

/** Beyond this many events the oldest are compacted away, as etcd and the watch cache do. */
const MAX_HISTORY = 10_000

/**
 * The watch side of the fake API server: open streams, and the event history a watch resumed
 * from an older resourceVersion is replayed from. Each event is one JSON object on its own
 * line, the framing client-node's `Watch` reads with readline.
 */
export class WatchHub {
  readonly #open = new Set<OpenWatch>()
  #history: HistoryEntry[] = []
  /** A watch from a resourceVersion below this was compacted away: ERROR 410. */
  #compactedBelow = 0
  #stall = false
  #stallWithHeaders = true

  get size(): number {
    return this.#open.size
  }

  /** Keeps an event for replay without sending it to open watches. */
  record(type: string, object: unknown, resourceVersion: number): void {
    this.#history.push({ resourceVersion, type, object })
    if (this.#history.length > MAX_HISTORY) {
      const dropped = this.#history.shift()
      if (dropped !== undefined) this.#compactedBelow = dropped.resourceVersion
    }
  }

  emit(type: string, object: unknown, resourceVersion: number): void {
    this.record(type, object, resourceVersion)
    this.write(type, object)
  }

  bookmark(object: unknown): void {
    for (const watch of this.#open) {
      if (watch.bookmarks && !watch.stalled) writeEvent(watch.res, 'BOOKMARK', object)
    }
  }

  compact(resourceVersion: number): void {
    this.#compactedBelow = resourceVersion
    this.#history = this.#history.filter((e) => e.resourceVersion > resourceVersion)
  }

  /** Sends an event to every open watch that is not stalled, keeping no history of it. */
  write(type: string, object: unknown): void {
    for (const watch of this.#open) {
      if (!watch.stalled) writeEvent(watch.res, type, object)
    }
  }

  /** Sends one line as it is to every open watch that is not stalled. */
  writeLine(line: string): void {
    for (const watch of this.#open) if (!watch.stalled) watch.res.write(`${line}\n`)
  }

  endAll(): void {
    for (const watch of this.#open) watch.res.end()
  }

  endAllWithError(status: unknown): void {
    this.write('ERROR', status)
    this.endAll()
  }

  dropAll(): void {
    for (const watch of this.#open) {
      watch.res.socket?.destroy()
      this.#forget(watch)
    }
  }

  stall(stall: boolean, withHeaders: boolean): void {
    this.#stall = stall
    this.#stallWithHeaders = withHeaders
  }

  /**
   * Serves one watch request, as its query asks (resourceVersion, allowWatchBookmarks,
   * timeoutSeconds). A watch from "" or "0" starts with a synthetic ADDED per node of `current`;
   * otherwise history after its resourceVersion is replayed first.
   */
  open(res: ServerResponse, query: URLSearchParams, current: Iterable<unknown>): void {
    const from = query.get('resourceVersion') ?? ''
    const bookmarks = query.get('allowWatchBookmarks') === 'true'
    const timeoutSeconds = Number(query.get('timeoutSeconds') ?? 0)
    const watch: OpenWatch = { res, bookmarks, stalled: this.#stall }
    res.on('close', () => this.#forget(watch))
    if (!watch.stalled || this.#stallWithHeaders) {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' })
      // Without this the client waits for headers until the first event is written.
      res.flushHeaders()
    }
    this.#open.add(watch)
    if (watch.stalled) return
    if (from === '' || from === '0') {
      for (const object of current) writeEvent(res, 'ADDED', object)
    } else {
      const since = Number(from)
      if (!Number.isSafeInteger(since) || since < this.#compactedBelow) {
        const message = `too old resource version: ${from} (${this.#compactedBelow})`
        writeEvent(res, 'ERROR', statusObject(410, message))
        res.end()
        return
      }
      for (const e of this.#history) {
        if (e.resourceVersion > since) writeEvent(res, e.type, e.object)
      }
    }
    if (timeoutSeconds > 0) watch.timer = setTimeout(() => res.end(), timeoutSeconds * 1000)
  }

  #forget(watch: OpenWatch): void {
    clearTimeout(watch.timer)
    this.#open.delete(watch)
  }
}

function writeEvent(res: ServerResponse, type: string, object: unknown): void {
  res.write(`${JSON.stringify({ type, object })}\n`)
}
