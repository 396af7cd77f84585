import express, { type NextFunction, type Request, type Response } from 'express'
import type { Extender, Logger } from '../extender/index.js'
import { ProtocolError, encodeError } from '../protocol/index.js'
import { mapErrorToReply } from './error-mapping.js'
import { livezHandler, readyzHandler, type ReadinessCheck } from './health.js'
import type { Metrics } from './metrics.js'

export interface AppDependencies {
  readonly extender: Extender
  readonly metrics: Metrics
  readonly logger: Logger
  readonly readinessChecks: () => readonly ReadinessCheck[]
  readonly maxBodyBytes: number
  readonly version: string
}

type VerbName = 'filter' | 'prioritize' | 'preempt'

const VERB_BY_PATH: Readonly<Record<string, string>> = {
  '/filter': 'filter',
  '/prioritize': 'prioritize',
  '/preempt': 'preempt',
  '/healthz': 'health',
  '/livez': 'health',
  '/readyz': 'health',
  '/metrics': 'metrics',
  '/version': 'version',
}

function sendJson(res: Response, status: number, body: string): void {
  // Written directly: express's res.send would hash the body for an ETag and re-encode it.
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
  })
  res.end(body)
}

/**
 * The HTTP surface. Handlers only decode, call a verb and encode; every error goes through the
 * one mapping in error-mapping.ts.
 */
export function createApp(deps: AppDependencies): express.Express {
  const app = express()
  app.set('etag', false)
  app.set('x-powered-by', false)
  app.set('query parser', 'simple')

  app.use((req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint()
    const verb = VERB_BY_PATH[req.path] ?? 'other'
    res.locals.verb = verb
    res.on('close', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9
      // 499: the client went away before the reply was complete (nginx's convention).
      deps.metrics.request(verb, res.writableFinished ? res.statusCode : 499, seconds)
    })
    next()
  })

  const parseJson = express.json({ limit: deps.maxBodyBytes, strict: true })
  const verbs: Record<VerbName, (body: unknown) => Promise<string>> = {
    filter: (body) => deps.extender.filter(body),
    prioritize: (body) => deps.extender.prioritize(body),
    preempt: (body) => deps.extender.preempt(body),
  }
  for (const [verb, run] of Object.entries(verbs)) {
    app.post(`/${verb}`, parseJson, async (req: Request, res: Response) => {
      if (req.body === undefined) {
        throw new ProtocolError(
          `Content-Type must be application/json, got ${JSON.stringify(req.get('content-type') ?? '')}`,
          415
        )
      }
      sendJson(res, 200, await run(req.body))
    })
    app.all(`/${verb}`, (req: Request, res: Response) => {
      res.setHeader('Allow', 'POST')
      sendJson(res, 405, encodeError(`${req.method} is not allowed on /${verb}; use POST`))
    })
  }

  app.get(['/healthz', '/livez'], livezHandler)
  app.get('/readyz', readyzHandler(deps.readinessChecks))
  app.get('/metrics', async (_req: Request, res: Response) => {
    const text = await deps.metrics.registry.metrics()
    res.status(200).type(deps.metrics.registry.contentType).send(text)
  })
  app.get('/version', (_req: Request, res: Response) => {
    sendJson(res, 200, JSON.stringify({ version: deps.version, node: process.version }))
  })

  app.use((req: Request, res: Response) => {
    sendJson(res, 404, encodeError(`no such endpoint: ${req.method} ${req.path}`))
  })
  app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const reply = mapErrorToReply(err, String(res.locals.verb), deps.maxBodyBytes, deps.logger)
    if (res.headersSent) {
      res.destroy()
      return
    }
    sendJson(res, reply.status, reply.body)
  })
  return app
}
