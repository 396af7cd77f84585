import type { IncomingMessage, ServerResponse } from 'node:http'
import {
  bookmarkObject,
  nodeObject,
  specOf,
  statusObject,
  type FakeNodeSpec,
  type NodeObject,
} from './fake-kube-objects.js'
import { LoopbackListener, requestKind, sendJson, type RequestKind } from './fake-http.js'
import { FakeListPager, podListPage } from './fake-list-pager.js'
import { FakeWorkloadLists } from './fake-workload-lists.js'
import { ResponseFaults } from './fake-response-faults.js'
import { WatchHub } from './fake-watch-hub.js'

export type { FakeNodeSpec, FakeTaint, NodeObject } from './fake-kube-objects.js'
export { kubeconfigFor } from './kubeconfig-for.js'
export type { RequestKind } from './fake-http.js'

export interface FakeApiServerOptions {
  /** When set, requests without `Authorization: Bearer <token>` get 401. */
  readonly token?: string
}

/**
 * A real HTTP server that speaks the part of the Kubernetes API a node informer uses: the paged
 * NodeList, the streamed watch (ADDED/MODIFIED/DELETED/BOOKMARK/ERROR, newline-separated JSON)
 * and GET of one node; and, for the tools, the list of pods in every namespace. Nodes live in
 * memory under one resourceVersion counter, like etcd's revision. Tests drive it (add, update,
 * delete, bookmarks, 410s, dropped connections, failures) and read what the client asked for
 * from the request counters.
 */
export class FakeApiServer {
  readonly #options: FakeApiServerOptions
  readonly #nodes = new Map<string, NodeObject>()
  #pods: readonly unknown[] = []
  #namespaces: readonly unknown[] = []
  #budgets: readonly unknown[] = []
  readonly #workloads = new FakeWorkloadLists()
  readonly #watches = new WatchHub()
  readonly #pager = new FakeListPager()
  /** Failures, delays and holds of the answers, set by the test. */
  readonly faults = new ResponseFaults()
  readonly #counts: Record<RequestKind, number> = { list: 0, watch: 0, get: 0, other: 0 }
  readonly #listener = new LoopbackListener()
  #resourceVersion = 1
  #nextUid = 1
  /**
   * Called as each request arrives, before any failure or delay is applied: lets a test act at
   * an exact point of the protocol (say, expire continue tokens when page 2 is asked for).
   */
  onRequest: ((kind: RequestKind, url: URL) => void) | undefined
  /** What `GET /version` answers as `gitVersion`: the release the tools then speak for. */
  gitVersion = 'v1.35.0'
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
  listen(port = 0): Promise<string> {
    return this.#listener.listen(port, (req, res) => void this.#handle(req, res))
  }

  get url(): string {
    return this.#listener.url
  }

  /** Stops listening and cuts every connection, open watches included. */
  async close(): Promise<void> {
    this.#watches.dropAll()
    await this.#listener.close()
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
    const node = this.#nextVersion(spec)
    this.#nodes.set(spec.name, node)
    this.#publish('ADDED', node, notify)
    return node
  }

  /** Changes a node (`kubectl taint`, `kubectl cordon`) and sends MODIFIED (unless `notify: false`). */
  updateNode(
    name: string,
    change: Partial<Omit<FakeNodeSpec, 'name'>>,
    { notify = true }: { notify?: boolean } = {}
  ): NodeObject {
    const known = this.#nodes.get(name)
    if (known === undefined) throw new Error(`node ${name} does not exist`)
    const node = this.#nextVersion({ ...specOf(known), ...change, name }, known)
    this.#nodes.set(name, node)
    this.#publish('MODIFIED', node, notify)
    return node
  }

  /** Deletes a node and sends DELETED (unless `notify: false`). */
  deleteNode(name: string, { notify = true }: { notify?: boolean } = {}): void {
    const known = this.#nodes.get(name)
    if (known === undefined) throw new Error(`node ${name} does not exist`)
    this.#nodes.delete(name)
    this.#publish('DELETED', this.#nextVersion(specOf(known), known), notify)
  }

  /**
   * The pods a PodList of every namespace (`GET /api/v1/pods`) returns, narrowed by a
   * `spec.nodeName=` field selector and paged by `limit` and `continue` when asked.
   */
  setPods(pods: readonly unknown[]): void {
    this.#pods = pods
  }

  /** The namespaces `GET /api/v1/namespaces` returns, in one page. */
  setNamespaces(namespaces: readonly unknown[]): void {
    this.#namespaces = namespaces
  }

  /** The PodDisruptionBudgets `GET /apis/policy/v1/poddisruptionbudgets` returns, in one page. */
  setDisruptionBudgets(budgets: readonly unknown[]): void {
    this.#budgets = budgets
  }

  /** The workload lists (`/apis/apps/v1/deployments` and the rest): their items, or a 403. */
  get workloads(): FakeWorkloadLists {
    return this.#workloads
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
    this.sendWatchError(410, 'too old resource version')
  }

  /** Ends every open watch with an ERROR event carrying a Status of `code` (history is kept). */
  sendWatchError(code: number, message: string): void {
    this.#watches.endAllWithError(statusObject(code, message))
  }

  /** Writes one event, as it stands, to every open watch (an event a real server rarely sends). */
  sendRawWatchEvent(type: string, object: unknown): void {
    this.#watches.write(type, object)
  }

  /** Writes one line as it is to every open watch (a proxy's garbage, a truncated event). */
  sendRawWatchLine(line: string): void {
    this.#watches.writeLine(line)
  }

  /** Ends every open watch cleanly, as the API server does when its timeoutSeconds is up. */
  closeWatches(): void {
    this.#watches.endAll()
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

  /** Makes every outstanding continue token invalid (410 on its next page). */
  expireContinueTokens(): void {
    this.#pager.expireAll()
  }

  /** The node's next version: a new resourceVersion, the same uid and creation time. */
  #nextVersion(spec: FakeNodeSpec, known?: NodeObject): NodeObject {
    const uid = known?.metadata.uid ?? `uid-${this.#nextUid++}`
    const created = known?.metadata.creationTimestamp ?? new Date().toISOString()
    return nodeObject(spec, ++this.#resourceVersion, uid, created.replace(/\.\d+Z$/, 'Z'))
  }

  #publish(type: string, node: NodeObject, notify: boolean): void {
    if (notify) this.#watches.emit(type, node, this.#resourceVersion)
    else this.#watches.record(type, node, this.#resourceVersion)
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake')
    const kind = requestKind(req, url)
    this.#counts[kind]++
    this.requestLog.push({
      kind,
      url: url.pathname + url.search,
      authorization: req.headers.authorization,
    })
    this.onRequest?.(kind, url)
    if (
      this.#options.token !== undefined &&
      req.headers.authorization !== `Bearer ${this.#options.token}`
    ) {
      return sendJson(res, 401, statusObject(401, 'Unauthorized'))
    }
    const failure = this.faults.failureFor(kind)
    if (failure !== undefined) {
      return sendJson(res, failure, statusObject(failure, `injected failure of a ${kind} request`))
    }
    if (kind === 'watch') return this.#watches.open(res, url.searchParams, this.#nodes.values())
    await this.faults.beforeAnswer()
    if (kind === 'list') return this.#list(url, res)
    if (kind === 'get') {
      const name = decodeURIComponent(url.pathname.slice('/api/v1/nodes/'.length))
      const node = this.#nodes.get(name)
      if (node !== undefined) return sendJson(res, 200, node)
      return sendJson(res, 404, {
        ...statusObject(404, `nodes "${name}" not found`),
        details: { name, kind: 'nodes' },
      })
    }
    if (req.method === 'GET' && url.pathname === '/version') {
      const [, minor = ''] = /^v1\.(\d+)/.exec(this.gitVersion) ?? []
      return sendJson(res, 200, { major: '1', minor, gitVersion: this.gitVersion })
    }
    if (req.method === 'GET' && url.pathname === '/api/v1/namespaces') {
      const metadata = { resourceVersion: String(this.#resourceVersion) }
      const list = { kind: 'NamespaceList', apiVersion: 'v1', metadata, items: this.#namespaces }
      return sendJson(res, 200, list)
    }
    if (req.method === 'GET' && url.pathname === '/apis/policy/v1/poddisruptionbudgets') {
      const metadata = { resourceVersion: String(this.#resourceVersion) }
      const items = this.#budgets
      const list = { kind: 'PodDisruptionBudgetList', apiVersion: 'policy/v1', metadata, items }
      return sendJson(res, 200, list)
    }
    if (req.method === 'GET' && url.pathname === '/api/v1/pods') {
      const reply = podListPage(this.#pods, url, this.#resourceVersion)
      return sendJson(res, reply.status, reply.body)
    }
    const workloads =
      req.method === 'GET' ? this.#workloads.reply(url, this.#resourceVersion) : null
    if (workloads !== null) return sendJson(res, workloads.status, workloads.body)
    const namespaced = /^\/api\/v1\/namespaces\/([^/]+)\/pods(?:\/([^/]+))?$/.exec(url.pathname)
    if (req.method === 'GET' && namespaced !== null)
      return this.#namespacedPods(namespaced, url, res)
    sendJson(res, 404, statusObject(404, 'the server could not find the requested resource'))
  }

  /** One namespace's pods (listed as the all-namespaces list is), or one pod by name. */
  #namespacedPods([, namespace, name]: RegExpExecArray, url: URL, res: ServerResponse): void {
    const ns = decodeURIComponent(namespace ?? '')
    const inNamespace = this.#pods.filter((p) => podMetadata(p).namespace === ns)
    if (name === undefined) {
      const reply = podListPage(inNamespace, url, this.#resourceVersion)
      return sendJson(res, reply.status, reply.body)
    }
    const podName = decodeURIComponent(name)
    const pod = inNamespace.find((p) => podMetadata(p).name === podName)
    if (pod !== undefined) return sendJson(res, 200, pod)
    sendJson(res, 404, {
      ...statusObject(404, `pods "${podName}" not found`),
      details: { name: podName, kind: 'pods' },
    })
  }

  #list(url: URL, res: ServerResponse): void {
    const limit = Number(url.searchParams.get('limit') ?? 0)
    const token = url.searchParams.get('continue') ?? ''
    const reply = this.#pager.page(this.#nodes.values(), this.#resourceVersion, limit, token)
    sendJson(res, reply.status, reply.body)
  }
}

function podMetadata(pod: unknown): { namespace?: string; name?: string } {
  return ((pod as { metadata?: { namespace?: string; name?: string } }).metadata ?? {}) as {
    namespace?: string
    name?: string
  }
}
