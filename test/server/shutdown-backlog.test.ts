import { connect } from 'node:net'
import { describe, expect, it } from 'vitest'
import { nodesArgs, wireNode, wirePod } from '../support/wire.js'
import { startService } from '../support/process.js'

/**
 * SIGTERM while the process is busy: connections that completed their handshake and wrote a
 * whole request, but that the busy process had not yet accepted, are accepted and answered
 * (with Connection: close) before the listener closes, as Go's server, whose accept loop never
 * waits on request work, answers them. None is reset.
 */

const WAITING = 16

/** Sends one raw request on a new connection; resolves with what came back before the close. */
function rawExchange(port: number, request: string): Promise<{ reply: string; error: string }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    let reply = ''
    let error = ''
    socket.on('data', (chunk: Buffer) => (reply += chunk.toString('latin1')))
    socket.on('error', (err: NodeJS.ErrnoException) => (error = err.code ?? err.message))
    socket.on('close', () => resolve({ reply, error }))
    socket.write(request)
  })
}

function filterRequest(body: string): string {
  return (
    `POST /filter HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  )
}

describe('SIGTERM with connections waiting to be accepted', () => {
  it(`answers all ${WAITING} requests written on them, then exits 0`, async () => {
    const service = await startService(['--port', '0', '--disable-node-cache'])
    // A call that keeps the process busy for a while: thousands of nodes, each its own taints.
    const nodes = Array.from({ length: 4000 }, (_, i) =>
      wireNode(`busy-${i}`, { taints: [{ key: `k${i}`, value: 'v', effect: 'NoSchedule' }] })
    )
    const busy = rawExchange(
      service.port,
      filterRequest(JSON.stringify(nodesArgs(wirePod('p'), nodes)))
    )
    await new Promise((resolve) => setTimeout(resolve, 30))
    const small = filterRequest(JSON.stringify(nodesArgs(wirePod('p'), [wireNode('n')])))
    const waiting = Array.from({ length: WAITING }, () => rawExchange(service.port, small))
    await new Promise((resolve) => setTimeout(resolve, 20))
    service.child.kill('SIGTERM')

    const answers = await Promise.all(waiting)
    expect((await busy).reply).toMatch(/^HTTP\/1\.1 200 /)
    expect(answers.map((a) => a.error)).toEqual(Array(WAITING).fill(''))
    for (const answer of answers) {
      expect(answer.reply).toMatch(/^HTTP\/1\.1 200 OK\r\n/)
      expect(answer.reply).toMatch(/\r\nConnection: close\r\n/i)
    }
    expect(await service.exited).toBe(0)
  }, 30_000)
})
