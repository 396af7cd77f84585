import { setTimeout as delay } from 'node:timers/promises'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { runTool } from '../cli/run-tool.js'
import { describeWithControlPlane, KUBE_VERSION } from '../support/control-plane/index.js'
import type { KubeApi, SchedulerHandle } from '../support/control-plane/index.js'
import { waitForOutcomes } from '../support/control-plane/scheduling.js'
import { kubectl } from './kubectl-run.js'
import { observedAt } from './replacements.js'
import { boundNode, NAMESPACE, podAsking, PODS } from './untried-pods.js'

/**
 * A taint's removal forecast, then done by `kubectl taint`, against the real kube-apiserver,
 * kube-scheduler and kube-controller-manager v1.28.7. gpu-1 is tainted dedicated=gpu:NoSchedule
 * and plain-1, full with a pod of a higher priority than theirs, has room for none of the
 * pending pods: two ask 3 of gpu-1's 4 cpu, the one of higher priority created last, and a third
 * is held by a scheduling gate; a DaemonSet runs on plain-1 alone. The forecast places the higher
 * one on gpu-1, leaves the other Pending with its message, and places the DaemonSet's new pod on
 * gpu-1. Once kubectl removes the taint, kube-scheduler binds the one forecast placed to the node
 * it named, writes the other's FailedScheduling message as forecast gave it, byte for byte, and
 * binds the DaemonSet's new pod to gpu-1; the gated pod stays unbound. Then a node added
 * cordoned: forecast --uncordon places the pod left Pending there, and kubectl uncordon makes
 * kube-scheduler bind it there.
 */

interface PendingEntry {
  name: string
  node: string | null
  reason: string | null
}

/** The FailedScheduling message of `pod` once it is `wanted`, or the last one by the deadline. */
async function failedSchedulingOf(api: KubeApi, pod: string, wanted: string): Promise<string> {
  const deadline = Date.now() + 60_000
  let last = ''
  while (Date.now() < deadline) {
    const events = await api.items(
      `/api/v1/namespaces/${NAMESPACE}/events?fieldSelector=reason%3DFailedScheduling,involvedObject.name%3D${pod}`
    )
    if (events.some((e) => e.message === wanted)) return wanted
    last = String(events.at(-1)?.message ?? '')
    await delay(250)
  }
  return last
}

/** A DaemonSet whose pods ask 100m cpu and tolerate no dedicated taint. */
const AGENT = {
  metadata: { name: 'agent', namespace: NAMESPACE },
  spec: {
    selector: { matchLabels: { app: 'agent' } },
    template: { metadata: { labels: { app: 'agent' } }, spec: podAsking('agent', '100m').spec },
  },
}

/** Waits until the DaemonSet's pods are bound to exactly `nodes`; returns the nodes. */
async function agentNodes(api: KubeApi, nodes: readonly string[]): Promise<string[]> {
  const deadline = Date.now() + 60_000
  for (;;) {
    const pods = await api.items(`${PODS}?labelSelector=app%3Dagent`)
    const bound = pods.map((p) => (p.spec as { nodeName?: string }).nodeName ?? '').sort()
    if (bound.join() === [...nodes].sort().join() || Date.now() > deadline) return bound
    await delay(250)
  }
}

/**
 * Waits until every pod named has been Pending, untried, for longer than kube-scheduler's longest
 * backoff (podMaxBackoffSeconds, 10 s) since its last FailedScheduling event: the next node
 * update then moves them all to the active queue at once, which takes them in PrioritySort's
 * order. A pod still backing off waits in the backoff queue instead, and may come after pods of
 * lower priority.
 */
async function outOfBackoff(api: KubeApi, pods: readonly string[]): Promise<void> {
  const deadline = Date.now() + 90_000
  while (Date.now() < deadline) {
    const events = await api.items(
      `/api/v1/namespaces/${NAMESPACE}/events?fieldSelector=reason%3DFailedScheduling`
    )
    const last = events
      .filter((e) => pods.includes((e.involvedObject as { name: string }).name))
      .map((e) => Date.parse(observedAt(e)))
      .reduce((a, b) => Math.max(a, b), 0)
    if (Date.now() - last > 11_000) return
    await delay(1000)
  }
}

describeWithControlPlane(
  'forecast of a taint removed or a node uncordoned against kubectl',
  (plane) => {
    let scheduler: SchedulerHandle
    let pending: PendingEntry[]
    let notTried: { pod: string; reason: string }[]

    beforeAll(async () => {
      const api = plane().api
      const allocatable = { cpu: '4', memory: '8Gi', pods: '110' }
      const status = { capacity: allocatable, allocatable }
      const gpu = { taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }] }
      await api.create('/api/v1/nodes', { metadata: { name: 'gpu-1' }, spec: gpu, status })
      await api.create('/api/v1/nodes', { metadata: { name: 'plain-1' }, spec: {}, status })
      // The filler outranks both pending pods: no preemption makes room before the removal.
      for (const [name, value] of [
        ['keep', 2000],
        ['urgent', 1000],
      ] as const)
        await api.create('/apis/scheduling.k8s.io/v1/priorityclasses', {
          metadata: { name },
          value,
        })
      scheduler = await plane().startScheduler({
        profiles: [{ schedulerName: 'default-scheduler' }],
      })
      await api.create(PODS, podAsking('filler', '3', { priorityClassName: 'keep' }))
      await waitForOutcomes(api, NAMESPACE, ['filler'])
      await api.create(`/apis/apps/v1/namespaces/${NAMESPACE}/daemonsets`, AGENT)
      await agentNodes(api, ['plain-1'])
      await api.create(PODS, podAsking('low', '3'))
      await api.create(PODS, podAsking('high', '3', { priorityClassName: 'urgent' }))
      await api.create(
        PODS,
        podAsking('held', '1', { schedulingGates: [{ name: 'example.com/x' }] })
      )
      await waitForOutcomes(api, NAMESPACE, ['low', 'high'])
      await outOfBackoff(api, ['low', 'high'])
      const run = await runTool('forecast', [
        ...['--taint', 'dedicated:NoSchedule-', '--node', 'gpu-1'],
        ...['--kubeconfig', plane().kubeconfig, '--kube-version', KUBE_VERSION, '-o', 'json'],
      ])
      expect(run).toMatchObject({ code: 0, stderr: '' })
      ;({ pending, notTried } = JSON.parse(run.stdout) as {
        pending: PendingEntry[]
        notTried: { pod: string; reason: string }[]
      })
      const removed = await kubectl(plane().kubeconfig, [
        ...['taint', 'node', 'gpu-1', 'dedicated:NoSchedule-'],
      ])
      expect(removed).toMatchObject({ code: 0, stderr: '' })
    }, 180_000)

    afterAll(async () => {
      await scheduler.stop()
    })

    it('forecast places the pod of higher priority on gpu-1 and leaves the other Pending', () => {
      expect(pending.slice(0, 2).map((p) => [p.name, p.node])).toEqual([
        ['high', 'gpu-1'],
        ['low', null],
      ])
      expect(notTried).toEqual([
        { pod: `${NAMESPACE}/held`, reason: 'waiting for scheduling gates: [example.com/x]' },
      ])
    })

    it('kube-scheduler binds that pod to the node forecast named once kubectl removes the taint', async () => {
      expect(await boundNode(plane().api, 'high')).toBe('gpu-1')
    }, 90_000)

    it(
      'kube-scheduler writes the other pod’s FailedScheduling message as forecast gave it',
      { timeout: 90_000 },
      async () => {
        const reason = pending[1]?.reason ?? ''
        expect(reason).toMatch(/^0\/2 nodes are available: 2 Insufficient cpu\./)
        expect(await failedSchedulingOf(plane().api, 'low', reason)).toBe(reason)
      }
    )

    it('forecast tries the pod the DaemonSet makes for gpu-1 after the others, and places it there, as kube-scheduler does', async () => {
      expect(pending.slice(2).map((p) => [p.name, p.node])).toEqual([['agent-<new>', 'gpu-1']])
      expect(await agentNodes(plane().api, ['gpu-1', 'plain-1'])).toEqual(['gpu-1', 'plain-1'])
    }, 90_000)

    it('leaves the gated pod unbound', async () => {
      const held = await plane().api.get(`${PODS}/held`)
      expect((held.spec as { nodeName?: string }).nodeName ?? '').toBe('')
    })

    it('forecast --uncordon of a node added cordoned places the pod left Pending there, and kubectl uncordon makes kube-scheduler bind it there', async () => {
      const api = plane().api
      const allocatable = { cpu: '4', memory: '8Gi', pods: '110' }
      const spare = { metadata: { name: 'spare-1' }, spec: { unschedulable: true } }
      await api.create('/api/v1/nodes', {
        ...spare,
        status: { capacity: allocatable, allocatable },
      })
      // The DaemonSet's pods tolerate the cordon: one runs there before the uncordon too.
      expect(await agentNodes(api, ['gpu-1', 'plain-1', 'spare-1'])).toHaveLength(3)
      const run = await runTool('forecast', [
        ...['--uncordon', '--node', 'spare-1'],
        ...['--kubeconfig', plane().kubeconfig, '--kube-version', KUBE_VERSION, '-o', 'json'],
      ])
      expect(run).toMatchObject({ code: 0, stderr: '' })
      const uncordoned = (JSON.parse(run.stdout) as { pending: PendingEntry[] }).pending
      expect(uncordoned.map((p) => [p.name, p.node])).toEqual([['low', 'spare-1']])
      const done = await kubectl(plane().kubeconfig, ['uncordon', 'spare-1'])
      expect(done).toMatchObject({ code: 0, stderr: '' })
      expect(await boundNode(api, 'low')).toBe('spare-1')
    }, 120_000)
  },
  { controllerManager: true }
)
