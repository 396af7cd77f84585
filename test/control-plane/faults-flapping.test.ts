import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeWithControlPlane } from '../support/control-plane/index.js'
import { createNamespace, extenderEntry, profile } from '../support/control-plane/scheduling.js'
import { eventually } from '../support/eventually.js'
import type { ServiceProcess } from '../support/process.js'
import type { KubeApi } from '../support/control-plane/index.js'
import {
  NO_SCHEDULE,
  boundNodes,
  passedByExtender,
  plainNode,
  startExtender,
  stopExtender,
} from './fault-support.js'
import {
  FilterRecorder,
  TaintFlipper,
  decidingCall,
  quantile,
  standingAt,
  type Standing,
} from './flapping-support.js'

/**
 * Taints flipped every 200 ms on 10 nodes, beside 2 nodes tainted throughout, while
 * kube-scheduler, with its in-tree taint plugins disabled so that the extender alone decides,
 * schedules 300 pods (a third tolerate the taint).
 * A recording proxy between kube-scheduler and the extender gives the moment of each filter
 * call; the taint writes give when each node was tainted, and the flipper's own filter calls
 * when the extender's view first showed each write (the flipper waits for that before the
 * node's next write, so that a write shown is known to be that write). For every pod bound to a
 * node whose taint it does not tolerate, the deciding answer (the pod's last filter call passing
 * that node) is sorted:
 *
 * - the node was untainted when the call came (or the write adding the taint had not been
 *   answered yet): any taint came between kube-scheduler's filter call and its binding,
 *   kube-scheduler's own race, which no extender can close;
 * - the write removing the taint was sent before the answer was back: the extender may have
 *   answered on it;
 * - the taint was written but not yet shown in the extender's view: the view's lag, the race
 *   every watch-fed view has (measured and printed, in milliseconds);
 * - the extender's view had already shown the taint when the call came, and it stayed until
 *   the answer: an answer against the rules. None may occur.
 */

const NODES = Array.from({ length: 10 }, (_, i) => `flip-${i}`)
/** Tainted throughout: no pod that does not tolerate the taint may ever land there. */
const STEADY = ['steady-0', 'steady-1']
const PODS = 300
const FLIP_PERIOD_MS = 200

describeWithControlPlane('taints flipping while kube-scheduler schedules', (plane) => {
  let extender: ServiceProcess
  let recorder: FilterRecorder

  beforeAll(async () => {
    for (const name of NODES) await plane().api.create('/api/v1/nodes', plainNode(name))
    for (const name of STEADY) {
      await plane().api.create('/api/v1/nodes', plainNode(name, [NO_SCHEDULE('flip')]))
    }
    extender = await startExtender(plane().kubeconfig)
    recorder = await FilterRecorder.start(extender.port)
  }, 60_000)

  afterAll(async () => {
    await recorder?.close()
    if (extender !== undefined) await stopExtender(extender)
  })

  it('binds no pod to a node whose taint it does not tolerate and the extender’s view already showed when the filter call came', async () => {
    const api = plane().api
    const namespace = 'flapping'
    await createNamespace(api, namespace)
    const scheduler = await plane().startScheduler({
      profiles: [profile(namespace, false)],
      extenders: [
        extenderEntry({ port: recorder.port, nodeCacheCapable: true, verbs: ['filter'] }),
      ],
    })
    const viewOf = async (node: string) =>
      (await passedByExtender(extender.port, [node])).includes(node)
    const flipper = new TaintFlipper(api, NODES, FLIP_PERIOD_MS, viewOf)
    try {
      const tolerating = await createAll(api, namespace)
      await eventually(
        async () => expect((await boundNodes(api, namespace)).size).toBe(PODS),
        60_000,
        250
      )
      await flipper.stop()

      const bound = await boundNodes(api, namespace)
      const counts = new Map<Standing, number>()
      for (const [pod, node] of bound) {
        if (tolerating.has(pod)) continue
        expect(STEADY, `${pod} on a node tainted throughout`).not.toContain(node)
        const deciding = decidingCall(recorder.calls, pod, node)
        expect(deciding, `${pod}: no filter call passed ${node}`).toBeDefined()
        if (deciding === undefined) continue
        const standing = standingAt(flipper.writes, node, deciding)
        counts.set(standing, (counts.get(standing) ?? 0) + 1)
        const near = flipper.writes.filter(
          (w) => w.node === node && Math.abs(w.sent - deciding.at) < 1000
        )
        const seen = `${pod} on ${node}: ${JSON.stringify({ deciding, near })}`
        expect(standing, seen).not.toBe('tainted in the view')
      }
      const lags = flipper.writes.map((w) => w.shown - w.acked).sort((a, b) => a - b)
      const writeMs = flipper.writes.map((w) => w.acked - w.sent).sort((a, b) => a - b)
      console.info(
        `${flipper.writes.length} taint writes (answered in p50 ${quantile(writeMs, 0.5).toFixed(1)} ms), ` +
          `${recorder.calls.length} filter calls, ${PODS} pods bound; ` +
          `deciding answers: ${JSON.stringify(Object.fromEntries(counts))}; ` +
          `view lag over ${lags.length} writes: p50 ${quantile(lags, 0.5).toFixed(1)} ms, p99 ${quantile(lags, 0.99).toFixed(1)} ms, max ${quantile(lags, 1).toFixed(1)} ms`
      )
      // The flipping had to matter: taints came and went under the scheduler many times, and
      // the extender turned tainted nodes away from the pods that do not tolerate them.
      expect(flipper.writes.length).toBeGreaterThan(NODES.length * 5)
      expect(recorder.calls.some((c) => c.passed.length < NODES.length)).toBe(true)
    } finally {
      await flipper.stop()
      await scheduler.stop()
    }
  }, 120_000)
})

/** Creates the pods, eight at a time; every third tolerates the flipping taint. Those names. */
async function createAll(api: KubeApi, namespace: string): Promise<Set<string>> {
  const tolerating = new Set<string>()
  const pods = Array.from({ length: PODS }, (_, i) => {
    const name = `pod-${i}`
    const tolerates = i % 3 === 0
    if (tolerates) tolerating.add(name)
    return {
      metadata: { name },
      spec: {
        schedulerName: namespace,
        containers: [{ name: 'c', image: 'registry.k8s.io/pause:3.9' }],
        tolerations: tolerates ? [{ key: 'flip', operator: 'Exists' }] : [],
      },
    }
  })
  for (let i = 0; i < pods.length; i += 8) {
    await Promise.all(
      pods.slice(i, i + 8).map((pod) => api.create(`/api/v1/namespaces/${namespace}/pods`, pod))
    )
  }
  return tolerating
}
