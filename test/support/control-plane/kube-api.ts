import { Agent, request as httpsRequest } from 'node:https'

/**
 * The few REST calls the tests make to the real kube-apiserver, over HTTPS with its CA and an
 * admin bearer token. Small on purpose: the tests state what they send, as a user's kubectl
 * would send it, and read the API server's own answer, refusals included.
 */

export interface ApiReply {
  readonly status: number
  readonly body: Record<string, unknown>
}

export class KubeApiError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly reply: ApiReply
  ) {
    super(`${method} ${path}: ${reply.status} ${String(reply.body.message ?? '')}`)
  }
}

export class KubeApi {
  readonly #agent: Agent

  constructor(
    readonly server: string,
    readonly token: string,
    ca: Buffer
  ) {
    this.#agent = new Agent({ ca, keepAlive: true, maxSockets: 16 })
  }

  /** Any call; the reply whatever its status. */
  request(
    method: string,
    path: string,
    body?: unknown,
    contentType = 'application/json'
  ): Promise<ApiReply> {
    const payload =
      body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body)
    return new Promise((resolve, reject) => {
      const req = httpsRequest(
        `${this.server}${path}`,
        {
          method,
          agent: this.#agent,
          headers: {
            authorization: `Bearer ${this.token}`,
            accept: 'application/json',
            // Node sends a DELETE body with neither Content-Length nor chunked encoding unless
            // told its length; Go would then read the body as the next request.
            ...(payload === undefined
              ? {}
              : { 'content-type': contentType, 'content-length': Buffer.byteLength(payload) }),
          },
        },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (chunk: Buffer) => chunks.push(chunk))
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8')
            let parsed: Record<string, unknown>
            try {
              parsed = text === '' ? {} : (JSON.parse(text) as Record<string, unknown>)
            } catch {
              parsed = { message: text }
            }
            resolve({ status: res.statusCode ?? 0, body: parsed })
          })
          res.on('error', reject)
        }
      )
      req.on('error', reject)
      req.end(payload)
    })
  }

  /** A call that must succeed (2xx); its body. */
  async must(
    method: string,
    path: string,
    body?: unknown,
    contentType?: string
  ): Promise<Record<string, unknown>> {
    const reply = await this.request(method, path, body, contentType)
    if (reply.status < 200 || reply.status > 299) throw new KubeApiError(method, path, reply)
    return reply.body
  }

  get(path: string): Promise<Record<string, unknown>> {
    return this.must('GET', path)
  }

  create(path: string, object: unknown): Promise<Record<string, unknown>> {
    return this.must('POST', path, object)
  }

  /** A JSON merge patch. */
  patch(path: string, patch: unknown): Promise<Record<string, unknown>> {
    return this.must('PATCH', path, patch, 'application/merge-patch+json')
  }

  /** Deletes at once: without a kubelet, a pod deleted with a grace period stays Terminating. */
  delete(path: string): Promise<Record<string, unknown>> {
    return this.must('DELETE', path, {
      kind: 'DeleteOptions',
      apiVersion: 'v1',
      gracePeriodSeconds: 0,
    })
  }

  /** The items of a list. */
  async items(path: string): Promise<Record<string, unknown>[]> {
    const list = await this.get(path)
    return (list.items as Record<string, unknown>[] | undefined) ?? []
  }

  /**
   * A watch (`path` with `watch=1`): `onEvent` gets each event's type and object as they arrive,
   * until `stop()`; `onEnd` is told when the stream ends or fails on its own.
   */
  watch(
    path: string,
    onEvent: (type: string, object: Record<string, unknown>) => void,
    onEnd: (error?: Error) => void
  ): { stop(): void } {
    const req = httpsRequest(`${this.server}${path}`, {
      agent: this.#agent,
      headers: { authorization: `Bearer ${this.token}`, accept: 'application/json' },
    })
    let stopped = false
    req.on('response', (res) => {
      if (res.statusCode !== 200) {
        res.resume()
        onEnd(new Error(`watch ${path}: ${res.statusCode ?? 0}`))
        return
      }
      let pending = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        const lines = (pending + chunk).split('\n')
        pending = lines.pop() ?? ''
        for (const line of lines) {
          if (line === '') continue
          const event = JSON.parse(line) as { type: string; object: Record<string, unknown> }
          onEvent(event.type, event.object)
        }
      })
      res.on('end', () => {
        if (!stopped) onEnd()
      })
    })
    req.on('error', (error) => {
      if (!stopped) onEnd(error)
    })
    req.end()
    return {
      stop: () => {
        stopped = true
        req.destroy()
      },
    }
  }

  close(): void {
    this.#agent.destroy()
  }
}
