import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'
import express, { type NextFunction, type Request, type Response } from 'express'
import type { Extender, Logger } from '../extender/index.js'
import { encodeError } from '../protocol/index.js'
import type { BodyBudget } from './body-budget.js'
import { mapErrorToReply } from './error-mapping.js'
import { livezHandler, readyzHandler, type ReadinessCheck } from './health.js'
import type { Metrics } from './metrics.js'
import { recordRequestOnClose } from './request-metrics.js'
import { createVerbHandler, type VerbHandlerDependencies } from './verb-handler.js'

export interface AppDependencies {
  readonly extender: Extender
  readonly metrics: Metrics
  readonly logger: Logger
  readonly readinessChecks: () => readonly ReadinessCheck[]
  readonly maxBodyBytes: number
  /** Bytes of request bodies held at once across all connections (see BodyBudget). */
  readonly bodyBudget: BodyBudget
  readonly version: string
  /** The commit the build was made from, or "unknown". */
  readonly commit: string
  /** Serve POST /explain (per-node verdicts with the deciding taints); off by default. */
  readonly explainEndpoint?: boolean
}

const ENDPOINT_BY_PATH: Readonly<Record<string, string>> = {
  '/healthz': 'health',
  '/livez': 'health',
  '/readyz': 'health',
  '/metrics': 'metrics',
  '/version': 'version',
}

function sendJson(res: Response, status: number, body: string): void {
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
    'X-Content-Type-Options': 'nosniff',
  })
  res.end(body)
}

/** Health, readiness, metrics and version: the endpoints that are not on the scheduling path. */
function createOperationsApp(deps: AppDependencies): express.Express {
  const app = express()
  app.set('etag', false)
  app.set('x-powered-by', false)
  app.set('query parser', 'simple')

  app.use((req: Request, res: Response, next: NextFunction) => {
    // No reply of ours is meant to be read as anything but its declared type.
    res.setHeader('X-Content-Type-Options', 'nosniff')
    const endpoint = ENDPOINT_BY_PATH[req.path] ?? 'other'
    res.locals.endpoint = endpoint
    recordRequestOnClose(res, endpoint, deps.metrics)
    next()
  })
  app.get(['/healthz', '/livez'], livezHandler)
  app.get('/readyz', readyzHandler(deps.readinessChecks))
  app.get('/metrics', async (_req: Request, res: Response) => {
    const text = await deps.metrics.registry.metrics()
    res.status(200).type(deps.metrics.registry.contentType).send(text)
  })
  app.get('/version', (_req: Request, res: Response) => {
    sendJson(
      res,
      200,
      JSON.stringify({ version: deps.version, commit: deps.commit, node: process.version })
    )
  })
  app.use((req: Request, res: Response) => {
    sendJson(res, 404, encodeError(`no such endpoint: ${req.method} ${req.path}`))
  })
  app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const reply = mapErrorToReply(err, String(res.locals.endpoint), deps)
    if (res.headersSent) {
      res.destroy()
      return
    }
    sendJson(res, reply.status, reply.body)
  })
  return app
}

/**
 * The whole HTTP surface on one port: the scheduling verbs on node:http directly, everything
 * else in express. Handlers only decode, call and encode; errors go through the one mapping in
 * error-mapping.ts.
 */
export function createRequestHandler(deps: AppDependencies): RequestListener {
  return createVerbHandler(deps, createOperationsApp(deps))
}

/**
 * Health, readiness, metrics and version alone, for the plain-HTTP probe port: kubelet probes
 * and Prometheus scrapes carry no client certificate, so under mutual TLS they need a port of
 * their own.
 */
export function createOperationsHandler(deps: AppDependencies): RequestListener {
  return createOperationsApp(deps)
}

/**
 * The scheduling verbs alone, for the main port when a probe port is set: everything else is
 * 404 there, so operations endpoints have exactly one address and the TLS port exposes nothing
 * but what kube-scheduler calls.
 */
export function createVerbsHandler(deps: VerbHandlerDependencies): RequestListener {
  return createVerbHandler(deps, (req: IncomingMessage, res: ServerResponse) => {
    recordRequestOnClose(res, 'other', deps.metrics)
    const path = (req.url ?? '').split('?')[0] ?? ''
    const body = encodeError(
      `no such endpoint: ${req.method} ${path} (health and metrics are on the probe port)`
    )
    res.writeHead(404, {
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(body),
      'X-Content-Type-Options': 'nosniff',
    })
    res.end(body)
  })
}
