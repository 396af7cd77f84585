import { connect } from 'node:net'
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { nodesArgs, wireNode, wirePod } from '../support/wire.js'
import { eventually } from '../support/eventually.js'
import { startService } from '../support/process.js'
import { connectionRefused } from '../support/continue-request.js'
import { runtimeV8Flags } from '../../src/config/index.js'

/** The shipped process: flags, startup without a cluster, and SIGTERM with a request in flight. */

const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url))

describe('the taint-extender process', () => {
  it('lists every flag with its environment variable on --help and exits 0', () => {
    const result = spawnSync(process.execPath, [MAIN, '--help'], { encoding: 'utf8' })
    expect(result.status).toBe(0)
    for (const flag of [
      '--port',
      '--host',
      '--log-level',
      '--max-body',
      '--feature-gates',
      '--kubeconfig',
    ]) {
      expect(result.stdout).toContain(flag)
    }
    expect(result.stdout).toContain('[PORT]')
  })

  it('refuses an unknown flag and an unknown feature gate with exit 2 and a message', () => {
    const unknownFlag = spawnSync(process.execPath, [MAIN, '--prot', '1'], { encoding: 'utf8' })
    expect(unknownFlag.status).toBe(2)
    expect(unknownFlag.stderr).toMatch(/unknown flag --prot/)
    const unknownGate = spawnSync(process.execPath, [MAIN, '--feature-gates', 'Nope=true'], {
      encoding: 'utf8',
    })
    expect(unknownGate.status).toBe(2)
    expect(unknownGate.stderr).toMatch(/unknown gate "Nope"/)
  })

  it('serves /healthz on the port it is given with no cluster, and says it runs in full-node mode only', async () => {
    const service = await startService(['--port', '0'], { KUBERNETES_SERVICE_HOST: '' })
    try {
      const response = await fetch(`http://127.0.0.1:${service.port}/healthz`)
      expect(response.status).toBe(200)
      expect(await response.text()).toBe('ok\n')
      expect(service.logs.some((l) => String(l.msg).startsWith('no cluster connection'))).toBe(true)
    } finally {
      service.child.kill('SIGKILL')
    }
  })

  it('sets the runtime V8 flags its V8 has for full-node mode, says which, and prints no V8 complaint', async () => {
    const service = await startService(['--port', '0', '--disable-node-cache'])
    try {
      const started = service.logs.find((l) => l.msg === 'taint-extender started')
      expect(started?.v8Flags).toEqual(
        runtimeV8Flags(process.versions.v8, [], { nodeCache: false })
      )
      const response = await fetch(`http://127.0.0.1:${service.port}/healthz`)
      expect(response.status).toBe(200)
      expect(service.logs.filter((l) => typeof l.text === 'string')).toEqual([])
    } finally {
      service.child.kill('SIGKILL')
    }
  })

  it('on SIGTERM stops accepting, finishes the request in flight and exits 0', async () => {
    const service = await startService(['--port', '0'])
    const body = JSON.stringify(nodesArgs(wirePod('p'), [wireNode('a'), wireNode('b')]))
    const socket = connect(service.port, '127.0.0.1')
    await new Promise((resolve) => socket.once('connect', resolve))
    let received = ''
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')))
    const closed = new Promise((resolve) => socket.once('close', resolve))
    // Send the headers and half the body, then ask the process to stop. The interim 100
    // Continue says the server has read the headers: the request is surely in flight.
    socket.write(
      `POST /filter HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nExpect: 100-continue\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`
    )
    socket.write(body.slice(0, 40))
    await eventually(() => expect(received).toBe('HTTP/1.1 100 Continue\r\n\r\n'))
    service.child.kill('SIGTERM')
    await eventually(async () => expect(await connectionRefused(service.port)).toBe(true))
    socket.write(body.slice(40))
    await closed
    expect(received).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 OK/)
    expect(received).toContain('"FailedAndUnresolvableNodes":{}')
    expect(await service.exited).toBe(0)
  })
})

describe('the taint-extender process with --shutdown-delay-seconds', () => {
  it('fails /readyz at once on SIGTERM while still serving verbs, then closes and exits 0', async () => {
    // Three seconds: room for the two calls below on a loaded machine, which a second was not.
    const service = await startService(['--port', '0', '--shutdown-delay-seconds', '3'])
    const url = `http://127.0.0.1:${service.port}`
    expect((await fetch(`${url}/readyz`)).status).toBe(200)
    service.child.kill('SIGTERM')
    await eventually(async () => expect((await fetch(`${url}/readyz`)).status).toBe(503))
    const body = JSON.stringify(nodesArgs(wirePod('p'), [wireNode('a')]))
    const verb = await fetch(`${url}/filter`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    })
    expect(verb.status).toBe(200)
    expect(await service.exited).toBe(0)
  })
})
