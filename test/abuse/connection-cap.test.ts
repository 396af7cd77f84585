import { afterEach, describe, expect, it } from 'vitest'
import { FIRST_REQUEST_GRACE_MS } from '../../src/server/index.js'
import { eventually } from '../support/eventually.js'
import { nodesArgs, wireNode, wirePod } from '../support/wire.js'
import { startTestServer, type TestServer } from '../support/test-server.js'
import { KeepAliveConnection } from './keep-alive-connection.js'
import { head, sleep } from './raw-http.js'

/**
 * The cap on open connections (--max-connections) bounds the descriptors a flood can take, and
 * one client cannot hold it for long: at the cap a newcomer takes the slot of a connection with
 * no request in flight, one silent or idle past the grace to send a request first.
 */

const CAP = 4

let server: TestServer
let connections: KeepAliveConnection[] = []
afterEach(async () => {
  for (const c of connections) c.destroy()
  connections = []
  await server.close()
})

const body = JSON.stringify(nodesArgs(wirePod('p'), [wireNode('n')]))
const filter =
  head('POST', '/filter', ['Content-Type: application/json', `Content-Length: ${body.length}`]) +
  body

async function open(count: number): Promise<KeepAliveConnection[]> {
  const opened: KeepAliveConnection[] = []
  // One at a time: the accept order is the order of the test's expectations.
  for (let i = 0; i < count; i++) {
    // Once 'connection' reaches the test, the cap has made room (its listener comes first).
    const accepted = new Promise((resolve) => server.running.server.once('connection', resolve))
    opened.push(await KeepAliveConnection.open(server.running.port))
    await accepted
  }
  connections.push(...opened)
  return opened
}

const statuses = async (cs: readonly KeepAliveConnection[]): Promise<number[]> =>
  (await Promise.all(cs.map((c) => c.request(filter)))).map((r) => r.status)

describe(`the cap of ${CAP} open connections`, () => {
  it('gives a newcomer the slot of the served connection idle longest, and a flood of silent newcomers displaces its own members after that', async () => {
    server = await startTestServer({ maxConnections: CAP })
    const served = await open(CAP)
    for (const c of served) expect(await statuses([c])).toEqual([200])

    const flood = await open(10)
    await eventually(() => flood.slice(0, 9).every((c) => c.closed), 5000)
    // The first newcomer took the slot of the connection idle longest; each later one took
    // the slot of the silent newcomer before it.
    expect(served.map((c) => c.closed)).toEqual([true, false, false, false])
    expect(flood.map((c) => c.closed)).toEqual([...Array(9).fill(true), false])
    expect(await statuses(served.slice(1))).toEqual([200, 200, 200])
    expect(await statuses(flood.slice(9))).toEqual([200])
  })

  it('leaves a newcomer its grace to send a request while connections idle longer remain, whose slots later newcomers take', async () => {
    server = await startTestServer({ maxConnections: CAP })
    const served = await open(CAP)
    for (const c of served) expect(await statuses([c])).toEqual([200])
    await sleep(FIRST_REQUEST_GRACE_MS + 100)
    const [newcomer] = await open(1)
    const later = await open(CAP - 1)
    await eventually(() => served.every((c) => c.closed), 5000)
    expect([newcomer, ...later].map((c) => c?.closed)).toEqual([false, false, false, false])
    expect(await statuses([newcomer as KeepAliveConnection])).toEqual([200])
  })

  it('closes a newcomer when every connection has a request in flight, and answers those requests', async () => {
    server = await startTestServer({ maxConnections: CAP })
    const busy = await open(CAP)
    // Each sends its headers and half its body: a request in flight the handler waits on.
    const half = filter.length - Math.floor(body.length / 2)
    const replies = busy.map((c) => c.request(filter.slice(0, half)))
    await sleep(100)
    const [newcomer] = await open(1)
    await eventually(() => newcomer?.closed === true, 5000)
    expect(busy.map((c) => c.closed)).toEqual([false, false, false, false])
    const rest = filter.slice(half)
    for (const c of busy) await c.write(rest)
    expect((await Promise.all(replies)).map((r) => r.status)).toEqual([200, 200, 200, 200])
  })

  it('answers /livez at the default cap of 512 with 600 silent connections open, and with 600 that each made a request and went idle', async () => {
    server = await startTestServer({ maxConnections: 512 })
    const port = server.running.port
    const silent = await Promise.all(
      Array.from({ length: 600 }, () => KeepAliveConnection.open(port))
    )
    connections.push(...silent)
    expect((await fetch(`${server.url}/livez`)).status).toBe(200)
    for (const c of silent) c.destroy()

    const idle = await Promise.all(
      Array.from({ length: 600 }, () => KeepAliveConnection.open(port))
    )
    connections.push(...idle)
    // 88 were displaced to make room, each before or after its answer, and one slot is held by
    // the first /livez's kept-alive connection: at least 511 answered.
    const answered = await Promise.all(
      idle.map((c) =>
        c.request(filter).then(
          (r) => r.status,
          () => 0
        )
      )
    )
    expect(answered.filter((s) => s === 200).length).toBeGreaterThanOrEqual(600 - 88 - 1)
    expect((await fetch(`${server.url}/livez`)).status).toBe(200)
  })
})
