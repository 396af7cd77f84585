import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'
import {
  RequestMemories,
  type Extender,
  type Logger,
  type RequestMemory,
} from '../extender/index.js'
import { encodeError, type ReplyBody } from '../protocol/index.js'
import type { BodyBudget } from './body-budget.js'
import { mapErrorToReply } from './error-mapping.js'
import type { Metrics } from './metrics.js'
import { readJsonBody } from './read-body.js'
import { recordRequestOnClose } from './request-metrics.js'

export interface VerbHandlerDependencies {
  readonly extender: Extender
  readonly metrics: Metrics
  readonly logger: Logger
  readonly maxBodyBytes: number
  /** Bytes of request bodies held at once across all connections (see BodyBudget). */
  readonly bodyBudget: BodyBudget
  /** Serve POST /explain too. */
  readonly explainEndpoint?: boolean
}

type Verb = 'filter' | 'prioritize' | 'preempt' | 'explain'

/**
 * A reply in one piece. A chunked reply (full-node filter: the passing nodes' request bytes) is
 * joined into one new buffer, written once: measured faster than a corked write per chunk.
 */
export function wholeReply(body: ReplyBody): string | Uint8Array {
  if (typeof body === 'string' || body instanceof Uint8Array) return body
  return Buffer.concat(
    body.map((chunk) => (typeof chunk === 'string' ? Buffer.from(chunk) : chunk))
  )
}

function send(
  res: ServerResponse,
  status: number,
  body: ReplyBody,
  closeAfter: boolean,
  retryAfterSeconds?: number
): void {
  const payload = wholeReply(body)
  const headers: Record<string, string | number> = {
    'Content-Type': 'application/json',
    'Content-Length': typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length,
    'X-Content-Type-Options': 'nosniff',
  }
  if (closeAfter) headers.Connection = 'close'
  if (retryAfterSeconds !== undefined) headers['Retry-After'] = retryAfterSeconds
  res.writeHead(status, headers)
  res.end(payload)
}

/**
 * The path of a request target, in origin form (`/filter?x`) or absolute form
 * (`http://host:port/filter`), which RFC 9112 requires servers to accept.
 */
function requestPath(target: string): string {
  let start = 0
  if (!target.startsWith('/')) {
    const scheme = target.indexOf('://')
    const slash = scheme < 0 ? -1 : target.indexOf('/', scheme + 3)
    if (slash < 0) return '/'
    start = slash
  }
  const query = target.indexOf('?', start)
  return query < 0 ? target.slice(start) : target.slice(start, query)
}

/** POST /explain's `?kubeVersion=1.28.7`: the release it speaks for, null when not given. */
function kubeVersionParameter(target: string): string | null {
  const query = target.indexOf('?')
  return query < 0 ? null : new URLSearchParams(target.slice(query + 1)).get('kubeVersion')
}

/**
 * The scheduling verbs on node:http directly, in front of express: a verb runs on every
 * scheduling cycle, and express's routing, body parsing and response helpers cost more than
 * the rules themselves. The body is read as bytes (the decoder scans them without building the
 * node objects); everything else falls through to `fallback`.
 */
export function createVerbHandler(
  deps: VerbHandlerDependencies,
  fallback: RequestListener
): RequestListener {
  const run: Record<
    Verb,
    (body: Buffer, memory: RequestMemory, target: string) => ReplyBody | Promise<ReplyBody>
  > = {
    filter: (body, memory) => deps.extender.filter(body, memory),
    prioritize: (body, memory) => deps.extender.prioritize(body, memory),
    preempt: (body) => deps.extender.preempt(body),
    explain: (body, _memory, target) => deps.extender.explain(body, kubeVersionParameter(target)),
  }
  const verbByPath = new Map<string, Verb>([
    ['/filter', 'filter'],
    ['/prioritize', 'prioritize'],
    ['/preempt', 'preempt'],
  ])
  if (deps.explainEndpoint === true) verbByPath.set('/explain', 'explain')
  // Each request's body buffer, reply buffer and working lists come from here, through one
  // RequestMemory released when the response is done: sent in full, or its connection gone.
  const memories = new RequestMemories(deps.maxBodyBytes)
  return (req: IncomingMessage, res: ServerResponse) => {
    const path = requestPath(req.url ?? '')
    const verb = verbByPath.get(path)
    if (verb === undefined) {
      fallback(req, res)
      return
    }
    recordRequestOnClose(res, verb, deps.metrics)
    if (req.method !== 'POST') {
      res.setHeader('Allow', 'POST')
      send(res, 405, encodeError(`${req.method} is not allowed on ${path}; use POST`), false)
      return
    }
    const fail = (err: unknown): void => {
      if (res.headersSent || res.destroyed) return
      const reply = mapErrorToReply(err, verb, deps)
      // A refused body may still be streaming in; do not leave it for the next request.
      send(res, reply.status, reply.body, !req.complete, reply.retryAfterSeconds)
    }
    const succeed = (reply: ReplyBody): void => send(res, 200, reply, false)
    const lease = deps.bodyBudget.lease()
    const memory = memories.take()
    res.once('close', () => {
      lease.release()
      memory.release()
    })
    readJsonBody(req, deps.maxBodyBytes, memory, lease, (err, body) => {
      if (err !== null || body === null) {
        fail(err)
        return
      }
      let reply: ReplyBody | Promise<ReplyBody>
      try {
        reply = run[verb](body, memory, req.url ?? '')
      } catch (thrown) {
        fail(thrown)
        return
      }
      if (reply instanceof Promise) reply.then(succeed, fail)
      else succeed(reply)
    })
  }
}
