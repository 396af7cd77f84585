import { request, type Agent } from 'node:http'
import { connect } from 'node:net'

/** A reply read to its end. */
export interface FullReply {
  readonly status: number
  /** The reply's Connection header: `keep-alive`, `close`, or '' when absent. */
  readonly connection: string
  readonly text: string
}

export interface ContinueRequest {
  /**
   * Resolves once the server has answered `100 Continue`: it has parsed the request's headers
   * and holds the request, so from then on the request is in flight on the server's side.
   */
  readonly acknowledged: Promise<void>
  /** Sends the body (called by itself on acknowledgement unless `holdBody`). */
  sendBody(): void
  readonly reply: Promise<FullReply>
}

export interface ContinueRequestOptions {
  readonly agent?: Agent | false
  /** Keep the body back until `sendBody()`: the request stays in flight as long as wanted. */
  readonly holdBody?: boolean
  /** Called synchronously when `100 Continue` arrives, before the body is written. */
  readonly onAcknowledged?: () => void
}

/**
 * POSTs `body` with `Expect: 100-continue`, so the client knows exactly when the server holds
 * the request: the moment that separates "sent before SIGTERM" from "sent after" without guessing.
 */
export function startContinueRequest(
  port: number,
  path: string,
  body: string,
  options: ContinueRequestOptions = {}
): ContinueRequest {
  const req = request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path,
    agent: options.agent ?? false,
    timeout: 15_000,
    headers: {
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(body),
      Expect: '100-continue',
    },
  })
  let acknowledge: () => void = () => {}
  let refuse: (err: Error) => void = () => {}
  const acknowledged = new Promise<void>((resolve, reject) => {
    acknowledge = resolve
    refuse = reject
  })
  acknowledged.catch(() => {})
  let bodySent = false
  const sendBody = (): void => {
    if (bodySent) return
    bodySent = true
    req.end(body)
  }
  req.once('continue', () => {
    options.onAcknowledged?.()
    acknowledge()
    if (options.holdBody !== true) sendBody()
  })
  const reply = new Promise<FullReply>((resolve, reject) => {
    req.once('response', (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.once('end', () => {
        if (res.complete)
          resolve({
            status: res.statusCode ?? 0,
            connection: res.headers.connection ?? '',
            text: Buffer.concat(chunks).toString(),
          })
        else reject(new Error('reply cut short'))
      })
      res.once('error', reject)
    })
    req.once('timeout', () => req.destroy(new Error('no reply within 15 s')))
    req.once('error', (err) => {
      refuse(err)
      reject(err)
    })
  })
  reply.catch(() => {})
  req.flushHeaders()
  return { acknowledged, sendBody, reply }
}

/** Whether a new TCP connection to the port is refused (nothing listens any more). */
export function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(false)
    })
    socket.once('error', () => resolve(true))
  })
}

/** GET /readyz on a fresh connection: its status, or 'refused' / 'reset'. */
export function pollReadyz(port: number): Promise<number | 'refused' | 'reset'> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: '/readyz', agent: false }, (res) => {
      res.resume()
      res.once('end', () => resolve(res.statusCode ?? 0))
      res.once('error', () => resolve('reset'))
    })
    req.once('error', (err: NodeJS.ErrnoException) =>
      resolve(err.code === 'ECONNREFUSED' ? 'refused' : 'reset')
    )
    req.end()
  })
}
