import { setTimeout as delay } from 'node:timers/promises'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeWithControlPlane, KUBE_VERSION } from '../support/control-plane/index.js'
import {
  createNamespace,
  extenderEntry,
  profile,
  waitForOutcomes,
} from '../support/control-plane/scheduling.js'
import { eventually } from '../support/eventually.js'
import { freePort } from '../support/free-port.js'
import type { ServiceProcess } from '../support/process.js'
import type { KubeApi } from '../support/control-plane/index.js'
import {
  NO_SCHEDULE,
  boundNodes,
  createPods,
  plainNode,
  since,
  startExtender,
  stopExtender,
} from './fault-support.js'

/**
 * The extender killed (SIGKILL) while kube-scheduler schedules, then started again on its port.
 * With `ignorable: true` kube-scheduler skips it and places pods by its in-tree plugins alone,
 * still off the tainted node. With `ignorable: false` each attempt during the outage ends in an
 * error; kube-scheduler 1.28 parks such a pod in its unschedulable pool (no plugin rejected it,
 * and only a cluster event or the 5-minute flush moves it), so it stays Pending after the
 * extender is back until, here, a node's labels change. From 1.29 on (kubernetes PR #119105) a
 * pod whose attempt ended in an error goes to the backoff queue and is retried within the pod
 * backoff (at most 10 s by default) on its own.
 */

const ALLOWED = ['plain-1', 'plain-2']
/** 1.28 parks pods whose attempt ended in an error; later versions retry them after backoff. */
const PARKS_ERRORS = KUBE_VERSION.startsWith('v1.28.')
/** Longer than kube-scheduler's longest pod backoff (podMaxBackoffSeconds, 10 s by default). */
const QUIET_MS = 15_000

describeWithControlPlane('the extender killed and started again', (plane) => {
  let port: number
  let extender: ServiceProcess | undefined

  beforeAll(async () => {
    const api = plane().api
    for (const name of ALLOWED) await api.create('/api/v1/nodes', plainNode(name))
    await api.create('/api/v1/nodes', plainNode('tainted', [NO_SCHEDULE('dedicated')]))
    port = await freePort()
    extender = await startExtender(plane().kubeconfig, port)
  }, 60_000)

  afterAll(async () => {
    if (extender !== undefined) await stopExtender(extender)
  })

  async function scheduler(namespace: string, ignorable: boolean) {
    await createNamespace(plane().api, namespace)
    return plane().startScheduler({
      profiles: [profile(namespace, true)],
      extenders: [
        extenderEntry({ port, nodeCacheCapable: true, verbs: ['filter', 'prioritize'], ignorable }),
      ],
    })
  }

  async function killExtender(): Promise<void> {
    if (extender !== undefined) await stopExtender(extender, 'SIGKILL')
    extender = undefined
  }

  it('with ignorable: true, kube-scheduler places every pod by its in-tree plugins while the extender is down, none on the tainted node', async () => {
    const api = plane().api
    const handle = await scheduler('lenient', true)
    try {
      await killExtender()
      const pods = await createPods(api, 'lenient', 'lenient', 'down', 6)
      const outcomes = await waitForOutcomes(api, 'lenient', pods, 30_000)
      for (const name of pods) {
        const outcome = outcomes.get(name)
        expect(outcome, name).toMatchObject({ bound: true })
        if (outcome?.bound === true) expect(ALLOWED, name).toContain(outcome.node)
      }
    } finally {
      await handle.stop()
      extender ??= await startExtender(plane().kubeconfig, port)
    }
  }, 90_000)

  it(`with ignorable: false, pods whose attempt failed during the outage ${PARKS_ERRORS ? 'wait after the extender is back until a node changes' : 'are retried after their backoff'}, and are then bound where the rules allow`, async () => {
    const api = plane().api
    const handle = await scheduler('strict', false)
    try {
      // Before the outage: bound through the extender.
      const before = await createPods(api, 'strict', 'strict', 'before', 2)
      await waitForOutcomes(api, 'strict', before)

      await killExtender()
      const pods = await createPods(api, 'strict', 'strict', 'down', 4)
      const failures = await waitForOutcomes(api, 'strict', pods, 30_000)
      for (const name of pods) {
        const outcome = failures.get(name)
        expect(outcome, name).toMatchObject({ bound: false })
        if (outcome?.bound === false) {
          expect(outcome.message, name).toContain(`127.0.0.1:${port}/filter`)
        }
      }

      extender = await startExtender(plane().kubeconfig, port)
      const back = performance.now()
      if (PARKS_ERRORS) {
        // No cluster event, no retry: the pods stay parked while the extender answers.
        await delay(QUIET_MS)
        expect(await boundOf(api, pods)).toEqual([])
        const touched = performance.now()
        await api.patch('/api/v1/nodes/plain-1', { metadata: { labels: { touched: 'now' } } })
        await eventually(async () => expect(await boundOf(api, pods)).toEqual(pods), 20_000)
        console.info(
          `kube-scheduler ${KUBE_VERSION}: no retry in the ${QUIET_MS} ms after the extender was back; all bound ${since(touched)} ms after a node label changed`
        )
      } else {
        await eventually(async () => expect(await boundOf(api, pods)).toEqual(pods), QUIET_MS)
        console.info(`kube-scheduler ${KUBE_VERSION}: bound ${since(back)} ms after the return`)
      }
      const nodes = await boundNodes(api, 'strict')
      for (const name of pods) expect(ALLOWED, name).toContain(nodes.get(name))
    } finally {
      await handle.stop()
    }
  }, 120_000)
})

/** Which of `pods` in the strict namespace are bound, in the order given. */
async function boundOf(api: KubeApi, pods: readonly string[]): Promise<string[]> {
  const bound = await boundNodes(api, 'strict')
  return pods.filter((name) => bound.has(name))
}
