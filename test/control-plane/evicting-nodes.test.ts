import { afterAll, beforeAll, expect, it } from 'vitest'
import { REASON_EVICTING_TAINT, type EvictingNodes } from '../../src/core/index.js'
import { describeWithControlPlane } from '../support/control-plane/index.js'
import {
  createNamespace,
  extenderEntry,
  profile,
  reasonCounts,
  waitForOutcomes,
} from '../support/control-plane/scheduling.js'
import { eventually } from '../support/eventually.js'
import { startService, type ServiceProcess } from '../support/process.js'
import { nodeObject, type NodeCase } from './placement-cases.js'

/**
 * The extender's own rule with the real kube-scheduler, in the recommended shape (in-tree taint
 * plugins kept, the extender's filter only, node-cache mode): a Deployment-like set of pods
 * tolerating maintenance=planned:NoExecute for 600 s. Group `a` has three nodes with that
 * taint and one without; group `b` only tainted ones.
 */

const MAINTENANCE = { key: 'maintenance', value: 'planned', effect: 'NoExecute' }
const node = (name: string, group: 'a' | 'b', tainted: boolean): NodeCase => ({
  name,
  group,
  unschedulable: false,
  taints: tainted ? [MAINTENANCE] : [],
})
const NODES: readonly NodeCase[] = [
  node('mixed-tainted-1', 'a', true),
  node('mixed-tainted-2', 'a', true),
  node('mixed-tainted-3', 'a', true),
  node('mixed-plain', 'a', false),
  node('maintained-1', 'b', true),
  node('maintained-2', 'b', true),
]
const TOLERATION = {
  key: 'maintenance',
  operator: 'Equal',
  value: 'planned',
  effect: 'NoExecute',
  tolerationSeconds: 600,
}
const replicas = (prefix: string, group: 'a' | 'b', count: number) =>
  Array.from({ length: count }, (_, i) => ({ name: `${prefix}-${i}`, group }))

/** A replica: the toleration above, and a nodeSelector for its group. */
function podObject(
  pod: { name: string; group: string },
  schedulerName: string
): Record<string, unknown> {
  return {
    metadata: { name: pod.name, labels: { app: pod.group } },
    spec: {
      schedulerName,
      containers: [{ name: 'c', image: 'registry.k8s.io/pause:3.9' }],
      tolerations: [TOLERATION],
      nodeSelector: { group: pod.group },
    },
  }
}
const WEB = replicas('web', 'a', 8)
const BATCH = replicas('batch', 'b', 3)
const AFFINITY = "node(s) didn't match Pod's node affinity/selector"

describeWithControlPlane('--evicting-nodes with the real kube-scheduler', (plane) => {
  const extenders = new Map<EvictingNodes, ServiceProcess>()

  beforeAll(async () => {
    for (const n of NODES) await plane().api.create('/api/v1/nodes', nodeObject(n))
    for (const mode of ['reject', 'allow'] as const) {
      const flags = mode === 'reject' ? [] : ['--evicting-nodes', mode]
      const started = await startService([
        '--port',
        '0',
        '--kubeconfig',
        plane().kubeconfig,
        ...flags,
      ])
      extenders.set(mode, started)
      await eventually(async () => {
        const res = await fetch(`http://127.0.0.1:${started.port}/readyz`)
        expect(res.status).toBe(200)
      })
    }
  }, 60_000)

  afterAll(() => {
    for (const started of extenders.values()) started.child.kill('SIGTERM')
  })

  /** Creates the pods in a namespace of their own, scheduled by a scheduler of that name. */
  async function schedule(mode: EvictingNodes) {
    const api = plane().api
    const name = `evicting-${mode}`
    await createNamespace(api, name)
    const scheduler = await plane().startScheduler({
      profiles: [profile(name, true)],
      extenders: [
        extenderEntry({
          port: (extenders.get(mode) as ServiceProcess).port,
          nodeCacheCapable: true,
          verbs: ['filter'],
        }),
      ],
    })
    try {
      const pods = [...WEB, ...BATCH]
      for (const pod of pods)
        await api.create(`/api/v1/namespaces/${name}/pods`, podObject(pod, name))
      return await waitForOutcomes(
        api,
        name,
        pods.map((p) => p.name)
      )
    } finally {
      await scheduler.stop()
    }
  }

  it('reject: no pod is bound to a tainted node while an untainted one fits, and where none fits the pods stay Pending with the rule’s reason', async () => {
    const outcomes = await schedule('reject')
    for (const pod of WEB)
      expect(outcomes.get(pod.name)).toEqual({ bound: true, node: 'mixed-plain' })
    for (const pod of BATCH) {
      const outcome = outcomes.get(pod.name)
      expect(outcome).toMatchObject({ bound: false })
      if (outcome?.bound === false) {
        expect(reasonCounts(outcome.message)).toEqual(
          new Map([
            [AFFINITY, 4],
            [REASON_EVICTING_TAINT, 2],
          ])
        )
      }
    }
  }, 120_000)

  it('allow: kube-scheduler places every pod as upstream does, tainted nodes included', async () => {
    const outcomes = await schedule('allow')
    const groupOf = new Map(NODES.map((n) => [n.name, n.group]))
    for (const pod of [...WEB, ...BATCH]) {
      const outcome = outcomes.get(pod.name)
      expect(outcome).toMatchObject({ bound: true })
      if (outcome?.bound === true) expect(groupOf.get(outcome.node)).toBe(pod.group)
    }
    // Spread by its scores, some replicas land where the controller would evict them.
    const onTainted = WEB.filter((pod) => {
      const outcome = outcomes.get(pod.name)
      return outcome?.bound === true && outcome.node.startsWith('mixed-tainted')
    })
    expect(onTainted.length).toBeGreaterThan(0)
  }, 120_000)
})
