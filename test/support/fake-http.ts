import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

/** What a request to the fake API server asks for. */
export type RequestKind = 'list' | 'watch' | 'get' | 'other'

export function requestKind(req: IncomingMessage, url: URL): RequestKind {
  if (req.method !== 'GET') return 'other'
  if (url.pathname === '/api/v1/nodes') {
    return url.searchParams.get('watch') === 'true' ? 'watch' : 'list'
  }
  return url.pathname.startsWith('/api/v1/nodes/') ? 'get' : 'other'
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body)
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
  })
  res.end(text)
}

/**
 * A node:http server on 127.0.0.1 that can be started late (on a port chosen earlier) and
 * closed hard: `close()` destroys every socket, so long-lived watch streams cannot hold it open.
 */
export class LoopbackListener {
  readonly #sockets = new Set<Socket>()
  #server: Server | undefined
  #url: string | undefined

  get listening(): boolean {
    return this.#server !== undefined
  }

  get url(): string {
    if (this.#url === undefined) throw new Error('FakeApiServer is not listening')
    return this.#url
  }

  async listen(port: number, handler: RequestListener): Promise<string> {
    if (this.#server !== undefined) throw new Error('already listening')
    const server = createServer(handler)
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

  async close(): Promise<void> {
    const server = this.#server
    if (server === undefined) return
    this.#server = undefined
    for (const socket of this.#sockets) socket.destroy()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
}
