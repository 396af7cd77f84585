/**
 * The extender as it would be with its scheduling verbs routed through express, the way an
 * express service is usually written: `express.raw` reads the body, a route calls the verb,
 * `res.send` writes the reply, errors go to an error handler. Everything else is the real
 * service: `main()` with the same flags, node cache, extender, metrics and operations endpoints.
 *
 * The service does not use this: its verbs run on node:http in front of express
 * (src/server/verb-handler.ts). This entry exists so that what that bypass saves is measured
 * rather than asserted:
 * `npm run bench:ab -- --baseline-main=dist-bench/bench/express-verbs-main.js [--nodes=500]`
 * (bench/README.md, "This build against another").
 */
import type { RequestListener } from 'node:http'
import express, { type NextFunction, type Request, type Response } from 'express'
import type * as MainModule from '../src/main.js'
import type { ReplyBody } from '../src/protocol/index.js'
import type * as ErrorMappingModule from '../src/server/error-mapping.js'
import type { AppDependencies } from '../src/server/index.js'
import type * as ServerModule from '../src/server/index.js'
import type * as RequestMetricsModule from '../src/server/request-metrics.js'
import type * as VerbHandlerModule from '../src/server/verb-handler.js'

// The service's own build, as `npm start` runs it: dist/, whose version comes from the
// package.json beside it, and whose error classes are the ones mapErrorToReply knows.
const service = (path: string): string => new URL(`../../dist/${path}`, import.meta.url).href
const { main } = (await import(service('main.js'))) as typeof MainModule
const { createOperationsHandler } = (await import(
  service('server/index.js')
)) as typeof ServerModule
const { mapErrorToReply } = (await import(
  service('server/error-mapping.js')
)) as typeof ErrorMappingModule
const { recordRequestOnClose } = (await import(
  service('server/request-metrics.js')
)) as typeof RequestMetricsModule
const { wholeReply } = (await import(service('server/verb-handler.js'))) as typeof VerbHandlerModule

const VERBS = ['filter', 'prioritize', 'preempt'] as const

/** The service's reply in one piece, as a Buffer: res.send writes a Buffer as bytes. */
function replyBuffer(reply: ReplyBody): string | Buffer {
  const whole = wholeReply(reply)
  return typeof whole === 'string'
    ? whole
    : Buffer.from(whole.buffer, whole.byteOffset, whole.length)
}

function createExpressVerbsHandler(deps: AppDependencies): RequestListener {
  const app = express()
  app.set('etag', false)
  app.set('x-powered-by', false)
  const readBody = express.raw({ type: 'application/json', limit: deps.maxBodyBytes })
  for (const verb of VERBS) {
    app.post(`/${verb}`, readBody, (req: Request, res: Response, next: NextFunction) => {
      res.locals.verb = verb
      recordRequestOnClose(res, verb, deps.metrics)
      if (!Buffer.isBuffer(req.body)) {
        next(new Error('request body is not application/json'))
        return
      }
      Promise.resolve(deps.extender[verb](req.body)).then((reply) => {
        res.status(200).type('application/json').send(replyBuffer(reply))
      }, next)
    })
  }
  app.use(createOperationsHandler(deps))
  app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    // express.raw refuses a body before the route runs; such errors are logged as 'other'.
    const verb: unknown = res.locals.verb
    const reply = mapErrorToReply(err, typeof verb === 'string' ? verb : 'other', deps)
    res.status(reply.status).type('application/json').send(replyBuffer(reply.body))
  })
  return app
}

main(process.argv.slice(2), createExpressVerbsHandler)
