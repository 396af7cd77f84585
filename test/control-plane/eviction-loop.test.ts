import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeWithControlPlane, type SchedulerHandle } from '../support/control-plane/index.js'
import { createNamespace } from '../support/control-plane/scheduling.js'
import {
  LOOP_NS,
  LOOP_SECONDS,
  loopDeployment,
  loopFiller,
  loopNodes,
  PLAIN_SCHEDULER,
  POOLS,
  type Pool,
} from './eviction-loop-cluster.js'
import {
  createAll,
  startClusterParts,
  waitForRunning,
  type ClusterParts,
} from './forecast-harness.js'
import { cordonAllBut } from './cordons.js'
import { runTool } from '../cli/run-tool.js'
import { kubectl } from './kubectl-run.js'
import { watchTaintArrival, type PodHistory } from './pod-timeline.js'
import { inSecondAfterTaint } from './forecast-then-taint.js'

/**
 * The eviction loop end to end: a Deployment tolerating `maint=yes:NoExecute` for LOOP_SECONDS
 * on a node that gets that taint. With kube-scheduler's default profile alone its replacement
 * lands on the tainted node again (it scores best: emptier) and is evicted again, over and over;
 * with this extender in `reject` mode (the recommended configuration) it lands on the other node
 * and stays.
 */

interface FollowedLoopPod {
  readonly name: string
  readonly evictedAfterSeconds: number | null
  readonly replacement: {
    readonly node: string | null
    readonly evictedAgainAfterSeconds: number | null
  } | null
}

/** forecast's word on the pool's one pod: when it goes, where its replacement lands, and after. */
function said(forecast: { evicted: FollowedLoopPod[] } | undefined): unknown[] {
  return (forecast?.evicted ?? []).map((p) => [
    p.evictedAfterSeconds,
    p.replacement?.node,
    p.replacement?.evictedAgainAfterSeconds,
  ])
}

/** Two rounds of the loop and a second to spare. */
const WATCH_MS = (2 * LOOP_SECONDS + 2) * 1000

/** How far this process's watch may trail the taint manager's in telling when a pod was bound. */
const WATCH_SLACK_S = 0.3

describeWithControlPlane(
  'the eviction loop, with the default profile alone and with this extender',
  (plane) => {
    let parts: ClusterParts
    let plain: SchedulerHandle
    let taintedAt: number
    /** Just before kubectl taints: the taint was written between this and `taintedAt`. */
    let requestedAt: number
    const forecasts = new Map<Pool, { evicted: FollowedLoopPod[] }>()

    beforeAll(async () => {
      const api = plane().api
      parts = await startClusterParts(plane())
      plain = await plane().startScheduler({ profiles: [{ schedulerName: PLAIN_SCHEDULER }] })
      for (const node of loopNodes()) await api.create('/api/v1/nodes', node)
      await createNamespace(api, LOOP_NS)
      await cordonAllBut(api, parts.extender.port, ['plain-1', 'guarded-1'], true)
      await createAll(api, LOOP_NS, POOLS.map(loopDeployment))
      await waitForRunning(api, LOOP_NS, 2)
      await cordonAllBut(api, parts.extender.port, [], false)
      await createAll(api, LOOP_NS, POOLS.map(loopFiller))
      await waitForRunning(api, LOOP_NS, 4)
      // What forecast says first, for each pool as its kube-scheduler runs: the plain one
      // without the extender (`--evicting-nodes allow`, as upstream), the guarded one with it.
      for (const pool of POOLS) {
        const rule = pool === 'plain' ? ['--evicting-nodes', 'allow'] : []
        const run = await runTool('forecast', [
          ...['--taint', 'maint=yes:NoExecute', '--node', `${pool}-1`, ...rule],
          ...['--kubeconfig', plane().kubeconfig, '-o', 'json'],
        ])
        expect(run.stderr).toBe('')
        forecasts.set(pool, JSON.parse(run.stdout) as { evicted: FollowedLoopPod[] })
      }
      const arrival = await watchTaintArrival(api, 'guarded-1', 'maint')
      requestedAt = Date.now()
      const taint = await kubectl(plane().kubeconfig, [
        'taint',
        'node',
        'plain-1',
        'guarded-1',
        'maint=yes:NoExecute',
      ])
      expect(taint).toMatchObject({ code: 0, stderr: '' })
      taintedAt = await arrival.arrival
      arrival.stop()
      await new Promise((resolve) => setTimeout(resolve, taintedAt + WATCH_MS - Date.now()))
    }, 180_000)

    afterAll(async () => {
      await plain?.stop()
      await parts?.stop()
    })

    /** The pool's app pods, in the order they appeared. */
    const appPods = (pool: Pool): PodHistory[] =>
      parts.timeline.pods
        .filter((p) => p.namespace === LOOP_NS && p.name.startsWith(`${pool}-app-`))
        .sort((a, b) => a.seenAt - b.seenAt)

    it('forecast says which will happen: the loop with the default profile alone, none with this extender', () => {
      expect(said(forecasts.get('plain'))).toEqual([[LOOP_SECONDS, 'plain-1', LOOP_SECONDS]])
      expect(said(forecasts.get('guarded'))).toEqual([[LOOP_SECONDS, 'guarded-2', null]])
    })

    it('default profile alone: every replacement lands on the tainted node and is evicted again', () => {
      const pods = appPods('plain')
      expect(pods.map((p) => p.node)).toEqual(pods.map(() => 'plain-1'))
      const evictions = pods.filter((p) => p.deletingAt !== null)
      expect(evictions.length).toBeGreaterThanOrEqual(2)
      // Each one LOOP_SECONDS after its own start on the node, as the taint manager counts:
      // within the second after, give or take WATCH_SLACK_S, since both times are when this
      // process's watch saw the change, and the taint manager's own watch can see the binding
      // before this one does on a loaded machine.
      for (const pod of evictions.slice(1)) {
        const stayed = ((pod.deletingAt ?? 0) - (pod.boundAt ?? 0)) / 1000
        expect(stayed).toBeGreaterThanOrEqual(LOOP_SECONDS - WATCH_SLACK_S)
        expect(stayed).toBeLessThan(LOOP_SECONDS + 1)
      }
    })

    it('with this extender: the replacement lands on the untainted node and stays', () => {
      const pods = appPods('guarded')
      expect(pods.map((p) => [p.node, p.deletingAt === null])).toEqual([
        ['guarded-1', false],
        ['guarded-2', true],
      ])
      const first = pods[0]?.deletingAt ?? 0
      const after = (first - taintedAt) / 1000
      const inSecond = inSecondAfterTaint(first, LOOP_SECONDS, { requestedAt, taintedAt })
      expect({ after, inSecond }).toEqual({ after, inSecond: true })
      expect(parts.kubelet.errors).toEqual([])
    })
  },
  { controllerManager: true }
)
