import { Extender, type NodeCache } from '../../src/extender/index.js'
import type { EvictingNodes } from '../../src/core/index.js'
import {
  admitClientNames,
  BodyBudget,
  createOperationsHandler,
  createRequestHandler,
  createVerbsHandler,
  JsonLogger,
  listen,
  Metrics,
  type ReadinessCheck,
  type RunningServer,
  type ServerTlsMaterial,
} from '../../src/server/index.js'

export interface TestServerOptions {
  nodeCache?: NodeCache | null
  comparisonOperators?: boolean
  /** --evicting-nodes; the service's default, reject, unless given. */
  evictingNodes?: EvictingNodes
  maxBodyBytes?: number
  maxBodyBytesInFlight?: number
  explainEndpoint?: boolean
  tolerationsCacheSize?: number
  tolerationsCacheBytes?: number
  nodesCacheSize?: number
  nodesCacheBytes?: number
  /** --max-nodes-per-request; no limit unless given. */
  maxNodesPerRequest?: number
  /** Serve HTTPS (mutual TLS when it has a client CA); the url is then https://. */
  tls?: ServerTlsMaterial
  /** Shorter header and request deadlines than production's, for slow-sender tests. */
  timeouts?: { headersMs: number; requestMs: number }
  /** A shorter TLS handshake deadline than production's, for silent-client tests. */
  handshakeTimeoutMs?: number
  /** Readiness checks in place of the node cache's. */
  readinessChecks?: readonly ReadinessCheck[]
  /** What the port serves: everything (default), or one side of the --probe-port split. */
  serves?: 'everything' | 'verbs' | 'operations'
  /** Which server this is, for the 'listening' log line (listen's own default otherwise). */
  role?: string
  /** The port to listen on; 0 (any free port) by default. */
  port?: number
  maxConnections?: number
  /** --client-name: the names a client certificate must carry (with a client CA). */
  clientNames?: readonly string[]
}

export interface TestServer {
  readonly url: string
  readonly extender: Extender
  readonly metrics: Metrics
  /** Every log line the server wrote, parsed. */
  readonly logs: Record<string, unknown>[]
  readonly running: RunningServer
  close(): Promise<void>
}

const HANDLERS = {
  everything: createRequestHandler,
  verbs: createVerbsHandler,
  operations: createOperationsHandler,
} as const

/** The real app on a real socket (127.0.0.1, port 0), wired as src/main.ts wires it. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const logs: Record<string, unknown>[] = []
  const logger = new JsonLogger('debug', (line) => {
    logs.push(JSON.parse(line) as Record<string, unknown>)
  })
  const metrics = new Metrics()
  const nodeCache = options.nodeCache ?? null
  const extender = new Extender({
    rules: {
      comparisonOperators: options.comparisonOperators ?? true,
      evictingNodes: options.evictingNodes ?? 'reject',
    },
    tolerationsCache: {
      entries: options.tolerationsCacheSize ?? 128,
      bytes: options.tolerationsCacheBytes ?? 16 * 1024 * 1024,
    },
    nodesCache: {
      entries: options.nodesCacheSize ?? 1024,
      bytes: options.nodesCacheBytes ?? 32 * 1024 * 1024,
    },
    nodeCache,
    metrics,
    logger,
    maxNodesPerRequest: options.maxNodesPerRequest,
  })
  const checks: readonly ReadinessCheck[] =
    options.readinessChecks ??
    (nodeCache === null
      ? []
      : [
          {
            name: 'node-cache',
            check: () => {
              const r = nodeCache.readiness()
              return { ok: r.ready, reason: r.reason }
            },
          },
        ])
  const deps = {
    extender,
    metrics,
    logger,
    readinessChecks: () => checks,
    maxBodyBytes: options.maxBodyBytes ?? 64 * 1024 * 1024,
    bodyBudget: new BodyBudget(options.maxBodyBytesInFlight ?? 1024 * 1024 * 1024),
    explainEndpoint: options.explainEndpoint ?? false,
    version: '0.0.0-test',
    commit: 'test-commit',
  }
  metrics.reportReadiness(deps.readinessChecks)
  const app = admitClientNames(
    HANDLERS[options.serves ?? 'everything'](deps),
    options.clientNames ?? [],
    deps
  )
  const running = await listen(app, '127.0.0.1', options.port ?? 0, logger, {
    tls: options.tls ?? null,
    ...(options.role === undefined ? {} : { role: options.role }),
    ...(options.maxConnections === undefined ? {} : { maxConnections: options.maxConnections }),
    ...(options.handshakeTimeoutMs === undefined
      ? {}
      : { handshakeTimeoutMs: options.handshakeTimeoutMs }),
    ...(options.timeouts
      ? {
          headersTimeoutMs: options.timeouts.headersMs,
          requestTimeoutMs: options.timeouts.requestMs,
        }
      : {}),
  })
  return {
    url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${running.port}`,
    extender,
    metrics,
    logs,
    running,
    close: () => running.close(1000),
  }
}

/** POSTs a JSON body (or raw text) and returns status, headers and the parsed reply. */
export async function post(
  url: string,
  body: unknown,
  init: { raw?: boolean; contentType?: string } = {}
): Promise<{ status: number; headers: Headers; text: string; json: unknown }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': init.contentType ?? 'application/json' },
    body: init.raw ? (body as string) : JSON.stringify(body),
  })
  const text = await response.text()
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  return { status: response.status, headers: response.headers, text, json }
}
