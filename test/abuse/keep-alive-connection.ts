import { connect, type Socket } from 'node:net'
import { parseResponses, type RawResponse } from './raw-http.js'

/** One kept-alive connection that sends requests one at a time and reads each reply. */
export class KeepAliveConnection {
  readonly #socket: Socket
  #buffer = Buffer.alloc(0)
  #waiting: ((r: RawResponse) => void) | null = null
  #closed = false

  private constructor(socket: Socket) {
    this.#socket = socket
    socket.on('data', (d: Buffer) => {
      this.#buffer = Buffer.concat([this.#buffer, d])
      const [response] = parseResponses(this.#buffer, false)
      if (response !== undefined && this.#waiting !== null) {
        const resolve = this.#waiting
        this.#waiting = null
        this.#buffer = Buffer.alloc(0)
        resolve(response)
      }
    })
    socket.on('error', () => undefined)
    socket.on('close', () => (this.#closed = true))
  }

  static open(port: number): Promise<KeepAliveConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1')
      socket.once('connect', () => resolve(new KeepAliveConnection(socket)))
      socket.once('error', reject)
    })
  }

  /** True once the server (or anyone) closed the connection. */
  get closed(): boolean {
    return this.#closed
  }

  request(payload: string): Promise<RawResponse> {
    return new Promise((resolve, reject) => {
      if (this.#closed) {
        reject(new Error('connection closed'))
        return
      }
      this.#waiting = resolve
      this.#socket.once('close', () => reject(new Error('connection closed before the reply')))
      this.#socket.write(payload)
    })
  }

  /** Sends bytes without waiting for a reply: the rest of a request `request` began. */
  write(data: string): Promise<void> {
    return new Promise((resolve, reject) =>
      this.#socket.write(data, (err) => (err ? reject(err) : resolve()))
    )
  }

  destroy(): void {
    this.#socket.destroy()
  }
}
