import { Agent, request } from 'node:http'
import { describe, expect, it } from 'vitest'
import { eventually } from '../support/eventually.js'
import { startService } from '../support/process.js'
import { nodesArgs, wireNode, wirePod } from '../support/wire.js'
import { afterThisTest } from './fault-rig.js'
import { pollReadyz, startContinueRequest } from './continue-request.js'

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
    const service = await startService(['--port', '0', '--shutdown-delay-seconds', '2'])
    afterThisTest(async () => {
      service.child.kill('SIGKILL')
    })
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    afterThisTest(async () => agent.destroy())
    expect(await filterOn(agent, service.port)).toEqual({ status: 200, connection: 'keep-alive' })

    service.child.kill('SIGTERM')
    await eventually(async () => expect(await pollReadyz(service.port)).toBe(503))

    expect(await filterOn(agent, service.port)).toEqual({ status: 200, connection: 'close' })
  }, 30_000)
})
