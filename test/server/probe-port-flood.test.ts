import { connect, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startService, type ServiceProcess } from '../support/process.js'
import { nodesArgs, wireNode, wirePod } from '../support/wire.js'

/**
 * The shipped process with a plain-HTTP probe port and no TLS: 600 silent connections on the
 * verbs port, past its default cap of 512, leave the probe port's /livez, /readyz and /metrics
 * answered (a budget of their own) and the verbs port still serving filter.
 */

let service: ServiceProcess
const flood: Socket[] = []
beforeAll(async () => {
  service = await startService(['--port', '0', '--probe-port', '0', '--disable-node-cache'])
})
afterAll(() => {
  for (const socket of flood) socket.destroy()
  service.child.kill('SIGKILL')
})

function silentConnection(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket))
    socket.once('error', reject)
  })
}

describe('a probe port beside a flooded plain-HTTP verbs port', () => {
  it('answers /livez, /readyz and /metrics on the probe port and filter on the verbs port with 600 silent connections on the verbs port', async () => {
    flood.push(
      ...(await Promise.all(Array.from({ length: 600 }, () => silentConnection(service.port))))
    )
    for (const socket of flood) socket.on('error', () => {})
    const probe = `http://127.0.0.1:${service.probePort}`
    const answers = await Promise.all(
      ['/livez', '/readyz', '/metrics'].map(async (path) => (await fetch(probe + path)).status)
    )
    expect(answers).toEqual([200, 200, 200])
    const filter = await fetch(`http://127.0.0.1:${service.port}/filter`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(nodesArgs(wirePod('p'), [wireNode('n')])),
    })
    expect(filter.status).toBe(200)
    // The verbs port serves the verbs alone: health has exactly one address.
    expect((await fetch(`http://127.0.0.1:${service.port}/livez`)).status).toBe(404)
  })
})
