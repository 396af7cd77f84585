import { once } from 'node:events'
import { connect } from 'node:net'
import { eventually } from './eventually.js'
import { nodesArgs, wireNode, wirePod } from './wire.js'

/** A large reply, read by a client that stopped at its first bytes. */
export interface LargeReply {
  /** The reply's head, as the client's first read had it. */
  readonly head: string
  /** Reads on, and resolves once every byte the head announced has arrived. */
  readToEnd(): Promise<void>
  /** Resolves when the connection closes. */
  readonly closed: Promise<unknown>
}

/**
 * POSTs a full-node filter of about 25 MB (6000 nodes carrying a 4 KiB annotation each) and
 * stops reading at the reply's first bytes. Every node passes, so the reply is as large: far
 * more than the two sockets' kernel buffers hold on loopback, so the server is left writing it.
 */
export async function startLargeReply(port: number): Promise<LargeReply> {
  const pad = 'x'.repeat(4096)
  const nodes = Array.from({ length: 6000 }, (_, i) => {
    const node = wireNode(`n${i}`)
    return { ...node, metadata: { ...(node.metadata as object), annotations: { pad } } }
  })
  const body = Buffer.from(JSON.stringify(nodesArgs(wirePod('p'), nodes)))
  const socket = connect(port, '127.0.0.1')
  socket.on('error', () => {})
  const closed = once(socket, 'close')
  let received = 0
  let head = ''
  socket.on('data', (chunk: Buffer) => {
    if (received === 0) {
      head = chunk.toString('latin1')
      socket.pause()
    }
    received += chunk.length
  })
  socket.write(
    `POST /filter HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${body.length}\r\n\r\n`
  )
  socket.write(body)
  await eventually(() => received > 0, 30_000)
  const expected =
    head.indexOf('\r\n\r\n') + 4 + Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1])
  return {
    head,
    closed,
    readToEnd: async () => {
      socket.resume()
      await eventually(() => received === expected || `${received} of ${expected} bytes`, 15_000)
    },
  }
}
