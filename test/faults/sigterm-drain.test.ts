import { Agent, request } from 'node:http'
import { connect, type Socket } from 'node:net'
import { describe, expect, it } from 'vitest'
import { eventually, pendingAfter } from '../support/eventually.js'
import { startService } from '../support/process.js'
import { nodesArgs, wireNode, wirePod } from '../support/wire.js'
import { afterThisTest } from '../support/informer-rig.js'
import { startLargeReply } from '../support/large-reply.js'
import { pollReadyz, startContinueRequest } from '../support/continue-request.js'

const body = JSON.stringify(nodesArgs(wirePod('p'), [wireNode('a'), wireNode('b')]))

/** POST /filter on `agent`: the status and the Connection header of the reply. */
function filterOn(agent: Agent, port: number): Promise<{ status: number; connection: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/filter',
        agent,
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume()
        res.once('end', () =>
          resolve({ status: res.statusCode ?? 0, connection: res.headers.connection ?? '' })
        )
      }
    )
    req.once('error', reject)
    req.end(body)
  })
}

/** A raw keep-alive connection: what it has received, and when (performance.now()) it closed. */
interface RawConnection {
  readonly socket: Socket
  readonly openedAt: number
  received(): string
  readonly closedAt: Promise<number>
}

async function openRaw(port: number): Promise<RawConnection> {
  const socket = connect(port, '127.0.0.1')
  await new Promise((resolve) => socket.once('connect', resolve))
  let text = ''
  socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')))
  socket.on('error', () => {})
  const closedAt = new Promise<number>((resolve) =>
    socket.once('close', () => resolve(performance.now()))
  )
  return { socket, openedAt: performance.now(), received: () => text, closedAt }
}

const rawFilter =
  `POST /filter HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
  `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`

/**
 * A drain far longer than any test, for the tests that look inside it and end the process with
 * SIGKILL: however slowly the machine runs them, the listener is still open.
 */
const DRAINING = '600'

/** What happens to connections between SIGTERM and exit. */
describe('fault: SIGTERM, the drain', () => {
  it('with --probe-port, the probe port answers /readyz 503 while the verbs drain, then it exits 0', async () => {
    const service = await startService(['--port', '0', '--probe-port', '0'])
    afterThisTest(async () => {
      service.child.kill('SIGKILL')
    })
    const { port, probePort } = service
    if (probePort === null) throw new Error('no probe port reported')
    // Held mid-body: the verbs port drains until it is answered.
    const held = startContinueRequest(port, '/filter', body, { holdBody: true })
    await held.acknowledged

    service.child.kill('SIGTERM')
    await eventually(async () => expect(await pollReadyz(probePort)).toBe(503))
    expect(await pollReadyz(port)).toBe('refused')
    held.sendBody()

    const reply = await held.reply
    expect(reply.status).toBe(200)
    expect(JSON.parse(reply.text)).toMatchObject({ FailedAndUnresolvableNodes: {}, Error: '' })
    expect(await service.exited).toBe(0)
  }, 30_000)

  // As Go's http.Server.Shutdown does: while the process drains (readiness off,
  // --shutdown-delay-seconds), replies say `Connection: close`, so kube-scheduler's pooled
  // keep-alive connection moves to another endpoint instead of being reset when the listener
  // closes (Go's transport does not retry a written POST).
  it('while draining, replies tell keep-alive clients to reconnect (Connection: close)', async () => {
    const service = await startService(['--port', '0', '--shutdown-delay-seconds', DRAINING])
    afterThisTest(async () => {
      service.child.kill('SIGKILL')
    })
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    afterThisTest(async () => agent.destroy())
    expect(await filterOn(agent, service.port)).toEqual({ status: 200, connection: 'keep-alive' })

    service.child.kill('SIGTERM')
    await eventually(async () => expect(await pollReadyz(service.port)).toBe(503))
    // The drain closed the pooled connection; a request written on it before the client saw the
    // close would be reset, the race every keep-alive client has with a closing server.
    await eventually(() => expect(Object.keys(agent.freeSockets)).toEqual([]))

    expect(await filterOn(agent, service.port)).toEqual({ status: 200, connection: 'close' })
  }, 30_000)

  it('while draining, a keep-alive connection idle between requests is closed at once', async () => {
    const service = await startService(['--port', '0', '--shutdown-delay-seconds', DRAINING])
    afterThisTest(async () => {
      service.child.kill('SIGKILL')
    })
    const idle = await openRaw(service.port)
    idle.socket.write(rawFilter)
    await eventually(async () => expect(idle.received()).toMatch(/\r\n\r\n\{.*\}$/s))
    expect(idle.received()).toMatch(/^HTTP\/1\.1 200 OK\r\n/)
    expect(idle.received()).toMatch(/\r\nConnection: keep-alive\r\n/i)

    service.child.kill('SIGTERM')
    await idle.closedAt
    // Closed while the process still serves (the drain lasts minutes), not by its exit.
    expect(await pollReadyz(service.port)).toBe(503)
  }, 30_000)

  // The sweep relies on Node counting a connection as busy from its accept to its first reply
  // (until the headers deadline), so a caller that connected just before a sweep is answered,
  // not reset.
  it('while draining, a new connection is left open for its first request, which is answered with Connection: close', async () => {
    const service = await startService(['--port', '0', '--shutdown-delay-seconds', DRAINING])
    afterThisTest(async () => {
      service.child.kill('SIGKILL')
    })
    service.child.kill('SIGTERM')
    await eventually(async () => expect(await pollReadyz(service.port)).toBe(503))

    const fresh = await openRaw(service.port)
    // Many sweeps (one each 50 ms) pass before the request is sent.
    expect(await pendingAfter(fresh.closedAt, 500)).toBe(true)
    fresh.socket.write(rawFilter)
    await fresh.closedAt
    expect(fresh.received()).toMatch(/^HTTP\/1\.1 200 OK\r\n/)
    expect(fresh.received()).toMatch(/\r\nConnection: close\r\n/i)
    expect(JSON.parse(fresh.received().split('\r\n\r\n')[1] ?? '')).toMatchObject({ Error: '' })
  }, 30_000)

  // 5000 production-sized nodes make a full-node reply of up to 100 MiB: kube-scheduler may still
  // be reading one when SIGTERM arrives, and a reply cut short fails that pod's scheduling cycle.
  it('lets a large reply that is being read when SIGTERM arrives be read to its end, then exits 0', async () => {
    const service = await startService(['--port', '0'])
    afterThisTest(async () => {
      service.child.kill('SIGKILL')
    })
    const large = await startLargeReply(service.port)

    service.child.kill('SIGTERM')
    expect(await pendingAfter(service.exited, 500)).toBe(true)
    await large.readToEnd()
    expect(await service.exited).toBe(0)
  }, 60_000)

  // The reply to a request the server held when the drain began is written after it: it must
  // say `Connection: close` as the replies to requests that arrive later do.
  it('while draining, a request held from before the drain is answered with Connection: close', async () => {
    const service = await startService(['--port', '0', '--shutdown-delay-seconds', DRAINING])
    afterThisTest(async () => {
      service.child.kill('SIGKILL')
    })
    const held = await openRaw(service.port)
    const [head] = rawFilter.split('\r\n\r\n')
    held.socket.write(`${head}\r\nExpect: 100-continue\r\n\r\n`)
    // `100 Continue`: the server has the request's head and holds the request.
    await eventually(() => expect(held.received()).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\n$/))

    service.child.kill('SIGTERM')
    await eventually(async () => expect(await pollReadyz(service.port)).toBe(503))
    held.socket.write(body)
    await held.closedAt
    const reply = held.received().replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, '')
    expect(reply).toMatch(/^HTTP\/1\.1 200 OK\r\n/)
    expect(reply).toMatch(/\r\nConnection: close\r\n/i)
  }, 30_000)
})
