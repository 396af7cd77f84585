import { Agent } from 'node:http'
import { describe, expect, it } from 'vitest'
import { eventually } from '../support/eventually.js'
import { kubeconfigFor } from '../support/fake-apiserver.js'
import { startService, type ServiceProcess } from '../support/process.js'
import { namesArgs, wirePod } from '../support/wire.js'
import {
  connectionRefused,
  pollReadyz,
  startContinueRequest,
  type FullReply,
} from '../support/continue-request.js'
import {
  afterThisTest,
  expectedVerdicts,
  FLEET,
  startApiServer,
  TOLERATIONS,
} from '../support/informer-rig.js'

const CLIENTS = 4
const PARKED = 3

interface SigtermOutcome {
  /** Replies owed: to every request the server acknowledged (100 Continue) before SIGTERM. */
  readonly owed: PromiseSettledResult<FullReply>[]
  /** What /readyz polls on fresh connections saw after the signal, up to the first refusal. */
  readonly readyzAfterSignal: (number | 'refused' | 'reset')[]
  readonly exitCode: number | null
  readonly logs: readonly Record<string, unknown>[]
  /** The body every reply must equal. */
  readonly expected: unknown
}

/**
 * The real process in node-cache mode with `flags`, under load from keep-alive clients plus
 * requests parked mid-body, while /readyz is polled the way kubelet polls it; then SIGTERM.
 * Parked requests get their bodies only once the port refuses new connections.
 */
async function sigtermUnderLoad(flags: readonly string[]): Promise<SigtermOutcome> {
  const api = await startApiServer()
  const service: ServiceProcess = await startService([
    '--port',
    '0',
    '--kubeconfig',
    kubeconfigFor(api.url),
    ...flags,
  ])
  afterThisTest(async () => {
    service.child.kill('SIGKILL')
  })
  const port = service.port
  await eventually(async () => expect(await pollReadyz(port)).toBe(200))
  const body = JSON.stringify(
    namesArgs(
      wirePod('p', [...TOLERATIONS]),
      FLEET.map((n) => n.name)
    )
  )
  let signalled = false
  const owed: Promise<FullReply>[] = []
  let served = 0

  const client = async (): Promise<void> => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    while (!signalled) {
      const request = startContinueRequest(port, '/filter', body, {
        agent,
        onAcknowledged: () => {
          if (!signalled) owed.push(request.reply)
        },
      })
      // After the signal a request may be refused; whether it was owed is judged by the caller.
      if (await request.reply.then(() => true).catch(() => false)) served++
    }
    agent.destroy()
  }
  const clients = Array.from({ length: CLIENTS }, client)
  const readyz: { afterSignal: boolean; outcome: number | 'refused' | 'reset' }[] = []
  const poller = (async () => {
    for (;;) {
      const afterSignal = signalled
      const outcome = await pollReadyz(port)
      readyz.push({ afterSignal, outcome })
      if (afterSignal && outcome === 'refused') return
    }
  })()
  const parked = Array.from({ length: PARKED }, () =>
    startContinueRequest(port, '/filter', body, { holdBody: true })
  )
  for (const request of parked) {
    await request.acknowledged
    owed.push(request.reply)
  }
  await eventually(() => expect(served).toBeGreaterThanOrEqual(40))

  signalled = true
  service.child.kill('SIGTERM')
  await eventually(async () => expect(await connectionRefused(port)).toBe(true))
  for (const request of parked) request.sendBody()

  const replies = await Promise.allSettled(owed)
  await Promise.all([...clients, poller])
  const afterSignal = readyz.filter((r) => r.afterSignal).map((r) => r.outcome)
  return {
    owed: replies,
    readyzAfterSignal: afterSignal.slice(0, afterSignal.indexOf('refused') + 1),
    exitCode: await service.exited,
    logs: service.logs,
    expected: { ...expectedVerdicts(api), Nodes: null, Error: '' },
  }
}

/** Every owed reply is a complete 200 with the right answer. */
function expectEveryOwedReplyRight(outcome: SigtermOutcome): void {
  expect(outcome.owed.length).toBeGreaterThanOrEqual(PARKED + 1)
  for (const reply of outcome.owed) {
    expect(reply.status).toBe('fulfilled')
    if (reply.status !== 'fulfilled') continue
    expect(reply.value.status).toBe(200)
    expect(JSON.parse(reply.value.text)).toEqual(outcome.expected)
  }
}

/**
 * The shipped process told to stop (a rolling update, a node drain) while kube-scheduler keeps
 * calling it. "Sent before SIGTERM" means acknowledged with 100 Continue before the signal: the
 * server held the request. Requests the server had not read yet may be refused once the listener
 * closes; those are not counted here (see sigterm-drain.test.ts for what that costs).
 */
describe('fault: SIGTERM while under load', () => {
  it('default flags: answers every request it held with a complete, right 200, then exits 0', async () => {
    const outcome = await sigtermUnderLoad([])

    expectEveryOwedReplyRight(outcome)
    expect(outcome.exitCode).toBe(0)
    expect(outcome.logs.map((l) => l.msg)).toContain('stopped')
  }, 60_000)

  it('--shutdown-delay-seconds: readiness drops first (a /readyz poll sees 503 before the port closes), nothing held is lost, exit 0', async () => {
    // Three seconds: room for a /readyz round trip among four busy clients on a loaded machine.
    const outcome = await sigtermUnderLoad(['--shutdown-delay-seconds', '3'])

    const { readyzAfterSignal } = outcome
    expect(readyzAfterSignal.at(-1)).toBe('refused')
    expect(readyzAfterSignal.slice(0, -1)).toContain(503)
    // Once it says 503 it never says 200 again.
    expect(readyzAfterSignal.slice(readyzAfterSignal.indexOf(503))).not.toContain(200)
    expectEveryOwedReplyRight(outcome)
    expect(outcome.exitCode).toBe(0)
  }, 60_000)
})
