import { connect, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nodesArgs, wireNode, wirePod } from '../support/wire.js'
import { startTestServer, type TestServer } from '../support/test-server.js'

/**
 * A flood of connections past --max-connections is closed as each is accepted; the connections
 * already open keep being served, where an uncapped server would run out of descriptors and
 * fail everyone.
 */

const CAP = 4

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ maxConnections: CAP })
})
afterAll(async () => {
  await server.close()
})

const body = JSON.stringify(nodesArgs(wirePod('p'), [wireNode('n')]))
const request =
  `POST /filter HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
  `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`

/** Sends one filter request on `socket` and resolves with its status line. */
function exchange(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = ''
    const onData = (chunk: Buffer): void => {
      received += chunk.toString('latin1')
      // A filter reply's last member is its Error.
      if (received.includes('"Error":"')) {
        socket.off('data', onData)
        resolve(received.slice(0, received.indexOf('\r\n')))
      }
    }
    socket.on('data', onData)
    socket.once('error', reject)
    socket.write(request)
  })
}

function open(): Promise<Socket> {
  return new Promise((resolve) => {
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1', () => resolve(socket))
    socket.on('error', () => {})
  })
}

describe('the cap on open connections', () => {
  it(`closes connections past ${CAP} as they come, and keeps serving the ${CAP} open ones`, async () => {
    const kept = await Promise.all(Array.from({ length: CAP }, open))
    for (const socket of kept) expect(await exchange(socket)).toBe('HTTP/1.1 200 OK')

    const flood = await Promise.all(Array.from({ length: 10 }, open))
    const closed = await Promise.all(
      flood.map(
        (socket) =>
          new Promise<string>((resolve) => {
            let received = ''
            socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')))
            socket.once('close', () => resolve(received))
            socket.write(request)
          })
      )
    )
    expect(closed).toEqual(Array(10).fill(''))

    for (const socket of kept) expect(await exchange(socket)).toBe('HTTP/1.1 200 OK')
    for (const socket of kept) socket.destroy()
  })
})
