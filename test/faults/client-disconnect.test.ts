import { connect, type Socket } from 'node:net'
import { describe, expect, it } from 'vitest'
import { eventually } from '../support/eventually.js'
import { post, startTestServer } from '../support/test-server.js'
import { namesArgs, nodesArgs, wireNode, wirePod } from '../support/wire.js'
import {
  afterThisTest,
  expectedVerdicts,
  filterNames,
  FLEET,
  NO_EXECUTE,
  startApiServer,
  startRig,
  TOLERATIONS,
} from '../support/informer-rig.js'

async function openSocket(url: string): Promise<Socket> {
  const { hostname, port } = new URL(url)
  const socket = connect(Number(port), hostname)
  await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject))
  return socket
}

/** Writes the headers (announcing the whole body) and `sentBytes` of it; resolves on 100 Continue. */
async function startRequest(socket: Socket, path: string, body: string, sentBytes: number) {
  const continued = new Promise((resolve) => socket.once('data', resolve))
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n`
  )
  await continued
  socket.write(body.slice(0, sentBytes))
}

const errorLogs = (logs: Record<string, unknown>[]) => logs.filter((l) => l.level === 'error')

/** Clients that give up halfway: kube-scheduler's httpTimeout, a restarting scheduler. */
describe('fault: a client disconnects mid-request', () => {
  it('after half a body: the server stays healthy and answers the next request', async () => {
    const server = await startTestServer()
    afterThisTest(() => server.close())
    const nodes = [wireNode('a'), wireNode('b', { taints: [NO_EXECUTE] })]
    const body = JSON.stringify(nodesArgs(wirePod('p'), nodes))

    for (let i = 0; i < 20; i++) {
      const socket = await openSocket(server.url)
      await startRequest(socket, i % 2 === 0 ? '/filter' : '/prioritize', body, body.length / 2)
      socket.destroy()
    }

    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
    const reply = await post(`${server.url}/filter`, nodesArgs(wirePod('p'), nodes))
    expect(reply.status).toBe(200)
    expect(reply.json).toMatchObject({
      NodeNames: null,
      FailedAndUnresolvableNodes: { b: 'node(s) had untolerated taint(s)' },
      Error: '',
    })
    expect((reply.json as { Nodes: { items: unknown[] } }).Nodes.items).toEqual([nodes[0]])
    expect(errorLogs(server.logs)).toEqual([])
  })

  it('while the server waits on the API server for an unknown node: no harm, and the next request is right', async () => {
    const api = await startApiServer()
    const rig = await startRig(api)
    await eventually(() => expect(api.openWatches).toBe(1))
    api.addNode({ name: 'node-late', taints: [NO_EXECUTE] }, { notify: false })
    api.faults.setDelay(300)
    const names = [...FLEET.map((n) => n.name), 'node-late']
    const body = JSON.stringify(namesArgs(wirePod('p', [...TOLERATIONS]), names))

    const socket = await openSocket(rig.server.url)
    await startRequest(socket, '/filter', body, body.length)
    await eventually(() => expect(api.requests('get')).toBe(1))
    socket.destroy()
    // The GET lands after the client has gone; its reply has nowhere to go.
    await eventually(() => expect(rig.metrics.lookups.found).toBe(1))

    expect((await fetch(`${rig.server.url}/healthz`)).status).toBe(200)
    expect(await filterNames(rig.server.url, names)).toEqual(expectedVerdicts(api, names))
    expect(api.requests('get')).toBe(1)
    expect(errorLogs(rig.server.logs)).toEqual([])
  })
})
