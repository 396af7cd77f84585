import { createConnection, createServer, type Server, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'

/**
 * A loopback TCP proxy to one upstream port whose open connections can be frozen: from
 * `freeze()` on, bytes on the connections open then are dropped in both directions, and a close
 * of either socket is not passed to the other, which stays open, as when a NAT entry or a load
 * balancer forgets a connection. Connections made after `freeze()` are forwarded as usual. TLS
 * passes through untouched, so a client keeps verifying the upstream's certificate.
 */
export class FreezableProxy {
  readonly #server: Server
  readonly #open = new Set<{ client: Socket; upstream: Socket; frozen: boolean }>()

  private constructor(server: Server) {
    this.#server = server
  }

  static async start(upstreamPort: number): Promise<FreezableProxy> {
    const server = createServer()
    const proxy = new FreezableProxy(server)
    server.on('connection', (client) => proxy.#forward(client, upstreamPort))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    return proxy
  }

  get port(): number {
    return (this.#server.address() as AddressInfo).port
  }

  /** Connections open now, frozen or not. */
  get connections(): number {
    return this.#open.size
  }

  /** Stops forwarding on every connection open now, closing none. */
  freeze(): void {
    for (const pair of this.#open) pair.frozen = true
  }

  /** Closes every connection and stops listening. */
  async close(): Promise<void> {
    for (const { client, upstream } of this.#open) {
      client.destroy()
      upstream.destroy()
    }
    await new Promise<void>((resolve) => this.#server.close(() => resolve()))
  }

  #forward(client: Socket, upstreamPort: number): void {
    const upstream = createConnection({ host: '127.0.0.1', port: upstreamPort })
    const pair = { client, upstream, frozen: false }
    this.#open.add(pair)
    client.on('data', (chunk: Buffer) => {
      if (!pair.frozen) upstream.write(chunk)
    })
    upstream.on('data', (chunk: Buffer) => {
      if (!pair.frozen) client.write(chunk)
    })
    const end = (): void => {
      // A frozen connection passes no close either: as with a forgotten NAT entry, a FIN or a
      // reset from one side never reaches the other. close() destroys both in the end.
      if (pair.frozen) return
      this.#open.delete(pair)
      client.destroy()
      upstream.destroy()
    }
    for (const socket of [client, upstream]) {
      socket.on('close', end)
      socket.on('error', end)
    }
  }
}
