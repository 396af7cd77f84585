import { Agent, type ServerResponse } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { connectionRefused, startContinueRequest } from '../support/continue-request.js'
import { eventually, pendingAfter } from '../support/eventually.js'
import { startLargeReply, type LargeReply } from '../support/large-reply.js'
import { startTestServer, type TestServer } from '../support/test-server.js'
import { nodesArgs, wireNode, wirePod } from '../support/wire.js'

/**
 * The running server's drain() and close(), in process: what src/main.ts calls on SIGTERM (see
 * test/faults/sigterm-*.test.ts for the whole process). Each test builds its own server, since
 * draining is for good. Requests are held mid-body with `Expect: 100-continue`, so "in flight
 * when the drain began" is a fact the client knows, not a guess about timing.
 */

const body = JSON.stringify(nodesArgs(wirePod('p'), [wireNode('a'), wireNode('b')]))

let servers: TestServer[] = []
let agents: Agent[] = []
afterEach(async () => {
  for (const agent of agents) agent.destroy()
  await Promise.all(servers.map((s) => s.running.close(1000)))
  servers = []
  agents = []
})

async function serve(): Promise<TestServer> {
  const server = await startTestServer()
  servers.push(server)
  return server
}

/** A pooling client, as kube-scheduler's Go transport is: its requests ask for keep-alive. */
function keepAliveAgent(): Agent {
  const agent = new Agent({ keepAlive: true })
  agents.push(agent)
  return agent
}

/**
 * startLargeReply on `server`, checking what every use relies on: the server has ended the
 * reply and is still writing it.
 */
async function startLargeReplyOn(server: TestServer): Promise<LargeReply> {
  let reply: ServerResponse | null = null
  server.running.server.once('request', (_req, res: ServerResponse) => (reply = res))
  const large = await startLargeReply(server.running.port)
  expect(large.head).toMatch(/^HTTP\/1\.1 200 OK\r\n/)
  expect((reply as ServerResponse | null)?.writableEnded).toBe(true)
  expect((reply as ServerResponse | null)?.writableFinished).toBe(false)
  return large
}

function warnings(server: TestServer): unknown[] {
  return server.logs.filter((line) => line.level === 'warn').map((line) => line.msg)
}

describe('drain()', () => {
  it('keeps accepting, and makes every reply from then on say Connection: close: those of requests held before it, in slots earlier replies freed or new ones, and a new connection’s', async () => {
    const server = await serve()
    const { port } = server.running
    const agent = keepAliveAgent()
    // Before the drain, a reply keeps its connection; the two slots it and the next one took
    // are free again when the held requests arrive.
    for (let i = 0; i < 2; i++) {
      const before = startContinueRequest(port, '/filter', body, { agent })
      expect(await before.reply).toMatchObject({ status: 200, connection: 'keep-alive' })
    }
    const held = [1, 2, 3].map(() =>
      startContinueRequest(port, '/filter', body, { agent, holdBody: true })
    )
    await Promise.all(held.map((request) => request.acknowledged))

    server.running.drain()
    for (const request of held) request.sendBody()
    for (const request of held) {
      expect(await request.reply).toMatchObject({ status: 200, connection: 'close' })
    }
    const fresh = startContinueRequest(port, '/filter', body, { agent: keepAliveAgent() })
    expect(await fresh.reply).toMatchObject({ status: 200, connection: 'close' })
  })

  it('closes a keep-alive connection idle when it is called', async () => {
    const server = await serve()
    const agent = keepAliveAgent()
    const first = startContinueRequest(server.running.port, '/filter', body, { agent })
    expect(await first.reply).toMatchObject({ status: 200, connection: 'keep-alive' })
    expect(Object.values(agent.freeSockets).flat()).toHaveLength(1)

    server.running.drain()
    await eventually(() => expect(Object.values(agent.freeSockets).flat()).toEqual([]))
  })

  // A reply that began before the drain said keep-alive; once it ends its connection is idle,
  // and must be closed then rather than at the keep-alive timeout (120 s), by which time the
  // process has exited and the client's next request on it is reset. Until it ends, no sweep
  // may cut it (Node's own counts it idle once the reply is ended, written or not).
  it('lets a large reply begun before it be read to its end, then closes that keep-alive connection', async () => {
    const server = await serve()
    const large = await startLargeReplyOn(server)
    expect(large.head).toMatch(/\r\nConnection: keep-alive\r\n/i)

    server.running.drain()
    await large.readToEnd()
    expect(await pendingAfter(large.closed, 10_000)).toBe(false)
  })

  it('lets a large reply begun while draining be read to its end', async () => {
    const server = await serve()
    server.running.drain()
    const large = await startLargeReplyOn(server)
    expect(large.head).toMatch(/\r\nConnection: close\r\n/i)
    await large.readToEnd()
  })
})

describe('close()', () => {
  it('stops accepting at once, resolves only after a request it found held has been answered (with Connection: close), and is one wait however often it is called', async () => {
    const server = await serve()
    const { port } = server.running
    const held = startContinueRequest(port, '/filter', body, {
      agent: keepAliveAgent(),
      holdBody: true,
    })
    await held.acknowledged

    const closed = server.running.close(30_000)
    expect(server.running.close(30_000)).toBe(closed)
    expect(await connectionRefused(port)).toBe(true)
    expect(await pendingAfter(closed, 300)).toBe(true)

    held.sendBody()
    expect(await held.reply).toMatchObject({ status: 200, connection: 'close' })
    await closed
    expect(warnings(server)).toEqual([])
  })

  it('after drain() too, stops accepting at once', async () => {
    const server = await serve()
    server.running.drain()
    const closed = server.running.close(30_000)
    expect(await connectionRefused(server.running.port)).toBe(true)
    await closed
  })

  it('waits for a large reply still being written to be read to its end before it stops accepting', async () => {
    const server = await serve()
    const large = await startLargeReplyOn(server)

    const closed = server.running.close(30_000)
    expect(await pendingAfter(closed, 200)).toBe(true)
    await large.readToEnd()
    await closed
    expect(await connectionRefused(server.running.port)).toBe(true)
  })

  it('past its timeout closes the connections still held, says so once, and resolves', async () => {
    const server = await serve()
    const held = startContinueRequest(server.running.port, '/filter', body, {
      agent: keepAliveAgent(),
      holdBody: true,
    })
    await held.acknowledged

    await server.running.close(200)
    await expect(held.reply).rejects.toThrow()
    expect(warnings(server)).toEqual(['shutdown timeout reached; closing remaining connections'])
  })
})
