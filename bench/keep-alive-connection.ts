/**
 * One keep-alive HTTP/1.1 connection for the sequential client, allocating nothing per read:
 * the socket reads into one fixed buffer (net's `onread`) and each reply is gathered in a
 * buffer reused from request to request.
 *
 * Why not node:http's client: it allocates every chunk it reads and an IncomingMessage per
 * reply, so at thousands of names the bench process itself ran frequent mark-compacts, and the
 * client's pauses were measured as the server's latency. kube-scheduler's Go client reuses its
 * buffers; this one does too.
 *
 * Only what the extender and the floor answer is understood: a status line, headers, and a
 * body of Content-Length bytes. Anything else (chunked bodies, bytes after the reply) rejects
 * the request, so a reply this client cannot frame is never counted as right.
 */
import { connect, type Socket } from 'node:net'

export interface RawReply {
  readonly status: number
  /** Valid until the next request on the same connection: copy it to keep it. */
  readonly body: Buffer
}

/** A POST with its head, framed once per scenario so a request is one write of fixed bytes. */
export function postRequestBytes(path: string, body: Buffer): Buffer {
  const head =
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${body.length}\r\n\r\n`
  return Buffer.concat([Buffer.from(head, 'latin1'), body])
}

const HEAD_END = Buffer.from('\r\n\r\n', 'latin1')
const CONTENT_LENGTH = /\r\ncontent-length:[ \t]*(\d+)[ \t]*\r\n/i
const CHUNKED = /\r\ntransfer-encoding:/i

interface Pending {
  readonly resolve: (reply: RawReply) => void
  readonly reject: (err: Error) => void
}

export class KeepAliveConnection {
  readonly #socket: Socket
  /** The reply gathered so far; grown (never shrunk) when a reply does not fit. */
  #reply = Buffer.allocUnsafe(1 << 20)
  #received = 0
  /** Where the reply's body starts, once its head is in; -1 before. */
  #bodyStart = -1
  #bodyLength = 0
  #status = 0
  #pending: Pending | null = null
  #closed: Error | null = null

  private constructor(socket: Socket) {
    this.#socket = socket
    socket.on('error', (err) => this.#fail(err))
    socket.on('close', () => this.#fail(new Error('the server closed the connection')))
  }

  static open(port: number): Promise<KeepAliveConnection> {
    return new Promise((resolve, reject) => {
      let connection: KeepAliveConnection | null = null
      const socket = connect({
        host: '127.0.0.1',
        port,
        noDelay: true,
        onread: {
          buffer: Buffer.allocUnsafe(1 << 16),
          callback: (bytes: number, buf: Uint8Array) => {
            if (connection !== null) connection.#onRead(buf, bytes)
            return true
          },
        },
      })
      socket.once('error', reject)
      socket.once('connect', () => {
        socket.off('error', reject)
        connection = new KeepAliveConnection(socket)
        resolve(connection)
      })
    })
  }

  /** Sends bytes from postRequestBytes and resolves with the whole reply. */
  request(bytes: Buffer): Promise<RawReply> {
    if (this.#closed !== null) return Promise.reject(this.#closed)
    if (this.#pending !== null) return Promise.reject(new Error('one request at a time'))
    return new Promise((resolve, reject) => {
      this.#pending = { resolve, reject }
      this.#socket.write(bytes)
    })
  }

  close(): void {
    this.#closed ??= new Error('connection closed by the client')
    this.#socket.destroy()
  }

  #fail(err: Error): void {
    this.#closed ??= err
    const pending = this.#pending
    this.#pending = null
    pending?.reject(err)
  }

  #onRead(chunk: Uint8Array, bytes: number): void {
    const pending = this.#pending
    if (pending === null) {
      this.#fail(new Error(`${bytes} bytes arrived with no request waiting`))
      this.#socket.destroy()
      return
    }
    if (this.#received + bytes > this.#reply.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.#reply.length * 2, this.#received + bytes))
      this.#reply.copy(grown, 0, 0, this.#received)
      this.#reply = grown
    }
    this.#reply.set(chunk.subarray(0, bytes), this.#received)
    this.#received += bytes
    if (this.#bodyStart < 0 && !this.#readHead()) return
    const end = this.#bodyStart + this.#bodyLength
    if (this.#received < end) return
    if (this.#received > end) {
      this.#fail(new Error(`${this.#received - end} bytes arrived after the reply`))
      this.#socket.destroy()
      return
    }
    const reply = { status: this.#status, body: this.#reply.subarray(this.#bodyStart, end) }
    this.#pending = null
    this.#received = 0
    this.#bodyStart = -1
    pending.resolve(reply)
  }

  /** Parses the head once it is all in; false while it is not (or when it is refused). */
  #readHead(): boolean {
    const headEnd = this.#reply.subarray(0, this.#received).indexOf(HEAD_END)
    if (headEnd < 0) return false
    const head = this.#reply.toString('latin1', 0, headEnd + 2)
    const status = /^HTTP\/1\.[01] (\d{3}) /.exec(head)
    const length = CONTENT_LENGTH.exec(head)
    if (status === null || length === null || CHUNKED.test(head)) {
      this.#fail(new Error(`a reply this client cannot frame: ${JSON.stringify(head)}`))
      this.#socket.destroy()
      return false
    }
    this.#status = Number(status[1])
    this.#bodyLength = Number(length[1])
    this.#bodyStart = headEnd + HEAD_END.length
    return true
  }
}
