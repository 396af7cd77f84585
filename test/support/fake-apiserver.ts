import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { setTimeout as delay } from 'node:timers/promises'
import {
  bookmarkObject,
  nodeList,
  nodeObject,
  specOf,
  statusObject,
  type FakeNodeSpec,
  type NodeObject,
} from './fake-kube-objects.js'
import { WatchHub } from './fake-watch-hub.js'

export type { FakeNodeSpec, FakeTaint, NodeObject } from './fake-kube-objects.js'
export { kubeconfigFor } from './kubeconfig-for.js'

export type RequestKind = 'list' | 'watch' | 'get' | 'other'

export interface FakeApiServerOptions {
  /** When set, requests without `Authorization: Bearer <token>` get 401. */
  readonly token?: string
}

/**
 * A real HTTP server that speaks the part of the Kubernetes API a node informer uses: the paged
 * NodeList, the streamed watch (ADDED/MODIFIED/DELETED/BOOKMARK/ERROR, newline-separated JSON)
 * and GET of one node. Nodes live in memory under one resourceVersion counter, like etcd's
 * revision. Tests drive it (add, update, delete, bookmarks, 410s, dropped connections, failures)
 * and read what the client asked for from the request counters.
 */
export class FakeApiServer {
  readonly #options: FakeApiServerOptions
  readonly #nodes = new Map<string, NodeObject>()
  readonly #watches = new WatchHub()
  readonly #snapshots = new Map<string, { items: NodeObject[]; resourceVersion: number }>()
  readonly #failures: Record<RequestKind, number[]> = { list: [], watch: [], get: [], other: [] }
  readonly #counts: Record<RequestKind, number> = { list: 0, watch: 0, get: 0, other: 0 }
  readonly #sockets = new Set<Socket>()
  #resourceVersion = 1
  #nextUid = 1
  #nextSnapshot = 1
  #delayMs = 0
  #server: Server | undefined
  #url: string | undefined
  /** Every request's kind, URL and Authorization header, in arrival order. */
  readonly requestLog: { kind: RequestKind; url: string; authorization: string | undefined }[] = []

  constructor(options: FakeApiServerOptions = {}) {
    this.#options = options
  }

  /** A server already listening on 127.0.0.1, on a free port. */
  static async start(options: FakeApiServerOptions = {}): Promise<FakeApiServer> {
    const server = new FakeApiServer(options)
    await server.listen()
    return server
  }

  /** Listens on 127.0.0.1:`port` (0: any free port) and returns the base URL. */
  async listen(port = 0): Promise<string> {
    const server = createServer((req, res) => void this.#handle(req, res))
    server.on('connection', (socket) => {
      this.#sockets.add(socket)
      socket.on('close', () => this.#sockets.delete(socket))
    })
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => resolve())
    })
    this.#server = server
    this.#url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    return this.#url
  }

  get url(): string {
    if (this.#url === undefined) throw new Error('FakeApiServer is not listening')
    return this.#url
  }

  /** Stops listening and cuts every connection, open watches included. */
  async close(): Promise<void> {
    const server = this.#server
    if (server === undefined) return
    this.#server = undefined
    this.#watches.dropAll()
    for (const socket of this.#sockets) socket.destroy()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }

  get resourceVersion(): number {
    return this.#resourceVersion
  }

  get nodeCount(): number {
    return this.#nodes.size
  }

  /** Watches currently streaming (or stalled) to a client. */
  get openWatches(): number {
    return this.#watches.size
  }

  requests(kind: RequestKind): number {
    return this.#counts[kind]
  }

  node(name: string): NodeObject | undefined {
    return this.#nodes.get(name)
  }

  /**
   * Creates a node. With `notify: false` open watches are not told, as if its ADDED event were
   * still in flight: the node exists for GET and list, but a watching client does not know it.
   */
  addNode(spec: FakeNodeSpec, { notify = true }: { notify?: boolean } = {}): NodeObject {
    if (this.#nodes.has(spec.name)) throw new Error(`node ${spec.name} already exists`)
    const node = nodeObject(spec, ++this.#resourceVersion, `uid-${this.#nextUid++}`, now())
    this.#nodes.set(spec.name, node)
    if (notify) this.#watches.emit('ADDED', node, this.#resourceVersion)
    else this.#watches.record('ADDED', node, this.#resourceVersion)
    return node
  }

  /** Changes a node (`kubectl taint`, `kubectl cordon`) and sends MODIFIED. */
  updateNode(name: string, change: Partial<Omit<FakeNodeSpec, 'name'>>): NodeObject {
    const known = this.#nodes.get(name)
    if (known === undefined) throw new Error(`node ${name} does not exist`)
    const spec = { ...specOf(known), ...change, name }
    const node = nodeObject(spec, ++this.#resourceVersion, known.metadata.uid, known.metadata.creationTimestamp)
    this.#nodes.set(name, node)
    this.#watches.emit('MODIFIED', node, this.#resourceVersion)
    return node
  }

  deleteNode(name: string): void {
    const known = this.#nodes.get(name)
    if (known === undefined) throw new Error(`node ${name} does not exist`)
    this.#nodes.delete(name)
    const final = nodeObject(specOf(known), ++this.#resourceVersion, known.metadata.uid, known.metadata.creationTimestamp)
    this.#watches.emit('DELETED', final, this.#resourceVersion)
  }

  /** Sends a BOOKMARK at the current resourceVersion to watches that asked for bookmarks. */
  sendBookmark(): void {
    this.#watches.bookmark(bookmarkObject(this.#resourceVersion))
  }

  /**
   * Ends every open watch with an ERROR event carrying a 410 Status, as the API server does when
   * its watch cache no longer holds the client's resourceVersion. History is compacted too, so
   * a client that resumes from its last version gets 410 again and has to relist.
   */
  sendWatchError410(): void {
    this.#watches.compact(this.#resourceVersion)
    this.#watches.endAllWithError(statusObject(410, 'too old resource version'))
  }

  /** Forgets watch history: a watch from any version older than now gets an ERROR 410. */
  compactHistory(): void {
    this.#watches.compact(this.#resourceVersion)
  }

  /** Cuts the connections of open watches without a word (a proxy or API server dying). */
  dropWatches(): void {
    this.#watches.dropAll()
  }

  /** Watches opened from now on get their headers but never an event (or a stalled connect). */
  stallWatches(stall: boolean, { withHeaders = true }: { withHeaders?: boolean } = {}): void {
    this.#watches.stall(stall, withHeaders)
  }

  /** The next `count` list requests (each page counts) fail with `status`. */
  failNextLists(count: number, status = 500): void {
    this.#failures.list.push(...Array<number>(count).fill(status))
  }

  failNextWatches(count: number, status = 500): void {
    this.#failures.watch.push(...Array<number>(count).fill(status))
  }

  failNextGets(count: number, status = 500): void {
    this.#failures.get.push(...Array<number>(count).fill(status))
  }

  /** Delays every list and GET response by `ms` (watch streams are not delayed). */
  setDelay(ms: number): void {
    this.#delayMs = ms
  }

  /** Makes every outstanding continue token invalid (410 on its next page). */
  expireContinueTokens(): void {
    this.#snapshots.clear()
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake')
    const kind = requestKind(req.method, url)
    this.#counts[kind]++
    this.requestLog.push({ kind, url: url.pathname + url.search, authorization: req.headers.authorization })
    if (this.#options.token !== undefined && req.headers.authorization !== `Bearer ${this.#options.token}`) {
      return sendJson(res, 401, statusObject(401, 'Unauthorized'))
    }
    const failure = this.#failures[kind].shift()
    if (failure !== undefined) {
      return sendJson(res, failure, statusObject(failure, `injected failure of a ${kind} request`))
    }
    if (kind === 'watch') {
      const bookmarks = url.searchParams.get('allowWatchBookmarks') === 'true'
      const timeoutSeconds = Number(url.searchParams.get('timeoutSeconds') ?? 0)
      const from = url.searchParams.get('resourceVersion') ?? ''
      const current = from === '' || from === '0' ? [...this.#nodes.values()] : undefined
      return this.#watches.open(res, from, bookmarks, timeoutSeconds, current)
    }
    if (this.#delayMs > 0) await delay(this.#delayMs)
    if (kind === 'list') return this.#list(url, res)
    if (kind === 'get') {
      const name = decodeURIComponent(url.pathname.slice('/api/v1/nodes/'.length))
      const node = this.#nodes.get(name)
      if (node !== undefined) return sendJson(res, 200, node)
      return sendJson(res, 404, { ...statusObject(404, `nodes "${name}" not found`), details: { name, kind: 'nodes' } })
    }
    sendJson(res, 404, statusObject(404, 'the server could not find the requested resource'))
  }

  #list(url: URL, res: ServerResponse): void {
    const limit = Number(url.searchParams.get('limit') ?? 0)
    const token = url.searchParams.get('continue') ?? ''
    let snapshotId: string
    let offset = 0
    if (token === '') {
      snapshotId = String(this.#nextSnapshot++)
      const items = [...this.#nodes.values()].sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : 1))
      this.#snapshots.set(snapshotId, { items, resourceVersion: this.#resourceVersion })
    } else {
      const [id = '', at = '0'] = token.split(':')
      snapshotId = id
      offset = Number(at)
    }
    const snapshot = this.#snapshots.get(snapshotId)
    if (snapshot === undefined) {
      return sendJson(res, 410, statusObject(410, 'The provided continue parameter is too old'))
    }
    const end = limit > 0 ? offset + limit : snapshot.items.length
    const items = snapshot.items.slice(offset, end)
    const more = end < snapshot.items.length
    if (!more) this.#snapshots.delete(snapshotId)
    const next = more ? `${snapshotId}:${end}` : undefined
    sendJson(res, 200, nodeList(items, snapshot.resourceVersion, next, snapshot.items.length - end))
  }
}

function requestKind(method: string | undefined, url: URL): RequestKind {
  if (method !== 'GET') return 'other'
  if (url.pathname === '/api/v1/nodes') {
    return url.searchParams.get('watch') === 'true' ? 'watch' : 'list'
  }
  return url.pathname.startsWith('/api/v1/nodes/') ? 'get' : 'other'
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body)
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) })
  res.end(text)
}

function now(): string {
  return new Date().toISOString().replace(/\.\d+Z$/, 'Z')
}
