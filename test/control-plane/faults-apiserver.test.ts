import { setTimeout as delay } from 'node:timers/promises'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeWithControlPlane } from '../support/control-plane/index.js'
import {
  createNamespace,
  extenderEntry,
  profile,
  waitForOutcomes,
} from '../support/control-plane/scheduling.js'
import type { ServiceProcess } from '../support/process.js'
import {
  NO_SCHEDULE,
  createPods,
  passedByExtender,
  plainNode,
  since,
  startExtender,
  stopExtender,
} from './fault-support.js'

/**
 * kube-apiserver stopped for a while and started again, with etcd and every object kept: the
 * extender keeps answering from its last view and stays ready while the API server is gone,
 * and its view is current again within about a second of the API server's return (a refused
 * connection is retried within a second however long the outage; see CappedBackoff). Then the
 * real kube-scheduler, with the in-tree taint plugins disabled so that the extender alone keeps
 * pods off the node tainted just after the return, binds new pods only where they belong.
 */

const NODES = ['node-1', 'node-2', 'node-3']
const OUTAGE_MS = 15_000
/** The API server's return to the extender's view of a taint written then: about a second. */
const RESUME_BOUND_MS = 3_000

describeWithControlPlane('kube-apiserver stopped and started again', (plane) => {
  let extender: ServiceProcess

  beforeAll(async () => {
    for (const name of NODES) await plane().api.create('/api/v1/nodes', plainNode(name))
    extender = await startExtender(plane().kubeconfig)
  }, 60_000)

  afterAll(async () => {
    if (extender !== undefined) await stopExtender(extender)
  })

  it('keeps answering and stays ready during the outage, sees a taint written at the return within about a second, and kube-scheduler binds no pod to that node', async () => {
    const api = plane().api
    const namespace = 'outage'
    await createNamespace(api, namespace)
    const scheduler = await plane().startScheduler({
      profiles: [profile(namespace, false)],
      extenders: [
        extenderEntry({ port: extender.port, nodeCacheCapable: true, verbs: ['filter'] }),
      ],
    })
    try {
      const before = await createPods(api, namespace, namespace, 'before', 3)
      await waitForOutcomes(api, namespace, before)

      await plane().stopApiserver()
      const outageStart = performance.now()
      const readiness: number[] = []
      const answers: string[][] = []
      while (performance.now() - outageStart < OUTAGE_MS) {
        readiness.push((await fetch(`http://127.0.0.1:${extender.port}/readyz`)).status)
        answers.push(await passedByExtender(extender.port, NODES))
        await delay(1_000)
      }
      // Ready throughout, answering from the last view: failing readiness would take every
      // replica out of its Service at once while the API server is down.
      expect(new Set(readiness)).toEqual(new Set([200]))
      expect(answers.every((passed) => passed.join() === NODES.join())).toBe(true)

      await plane().startApiserver()
      const back = performance.now()
      await api.patch('/api/v1/nodes/node-1', { spec: { taints: [NO_SCHEDULE('after-outage')] } })
      const patched = since(back)
      let seenAfterMs = -1
      while (seenAfterMs < 0 && since(back) < 30_000) {
        const passed = await passedByExtender(extender.port, NODES)
        if (!passed.includes('node-1')) seenAfterMs = since(back)
        else await delay(20)
      }
      console.info(
        `after a ${OUTAGE_MS / 1000} s outage: taint written ${patched} ms after kube-apiserver was ready again, in the extender's view ${seenAfterMs} ms after`
      )
      expect(seenAfterMs).toBeGreaterThan(0)
      expect(seenAfterMs - patched).toBeLessThan(RESUME_BOUND_MS)

      // What kube-scheduler did: its own informers resume on client-go's backoff, then it binds
      // the new pods, none to the node tainted at the return.
      const after = await createPods(api, namespace, namespace, 'after', 6)
      const outcomes = await waitForOutcomes(api, namespace, after, 90_000)
      console.info(`kube-scheduler bound the pods created at the return ${since(back)} ms after it`)
      for (const name of after) {
        const outcome = outcomes.get(name)
        expect(outcome, name).toMatchObject({ bound: true })
        if (outcome?.bound === true) expect(['node-2', 'node-3'], name).toContain(outcome.node)
      }
    } finally {
      await scheduler.stop()
    }
  }, 180_000)
})
