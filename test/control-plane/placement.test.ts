import { beforeAll, afterAll, expect, it } from 'vitest'
import {
  createNamespace,
  extenderEntry,
  profile,
  reasonCounts,
  waitForOutcomes,
} from '../support/control-plane/scheduling.js'
import { describeWithControlPlane } from '../support/control-plane/index.js'
import { startService, type ServiceProcess } from '../support/process.js'
import { eventually } from '../support/eventually.js'
import { wirePod } from '../support/wire.js'
import type { KubeApi } from '../support/control-plane/index.js'
import type { EvictingNodes } from '../../src/core/index.js'
import { NODES, nodeObject, podCases, podObject } from './placement-cases.js'
import { allowedNodes, expectedReasons } from './placement-expectations.js'

/**
 * The real kube-scheduler calling the real server: every pod bound where the rules allow it, or
 * left Pending with the reasons and counts the rules give, in both modes, with the in-tree taint
 * plugins kept and disabled, and with the extender in `--evicting-nodes` allow (upstream's
 * answers) and reject (its default: no node that would evict the pod).
 */

const SHAPES = [
  { name: 'node-cache', nodeCacheCapable: true, inTreeTaints: true },
  { name: 'node-cache-alone', nodeCacheCapable: true, inTreeTaints: false },
  { name: 'full-node', nodeCacheCapable: false, inTreeTaints: true },
  { name: 'full-node-alone', nodeCacheCapable: false, inTreeTaints: false },
] as const

const MODES = ['allow', 'reject'] as const

const CASES = MODES.flatMap((mode) =>
  SHAPES.map((shape) => ({ ...shape, name: `${shape.name}-${mode}`, mode }))
)

const PODS = podCases(40)

describeWithControlPlane('placement by the real kube-scheduler', (plane) => {
  /** The extender in each --evicting-nodes mode; `reject` is its default, started without it. */
  const extenders = new Map<EvictingNodes, ServiceProcess>()
  let extender: ServiceProcess

  beforeAll(async () => {
    for (const node of NODES) await plane().api.create('/api/v1/nodes', nodeObject(node))
    for (const mode of MODES) {
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
    extender = extenders.get('reject') as ServiceProcess
  }, 60_000)

  afterAll(() => {
    for (const started of extenders.values()) started.child.kill('SIGTERM')
  })

  it.each(CASES)(
    'in $name mode every pod is bound where the rules allow it, or stays Pending with their reasons',
    async ({ name, nodeCacheCapable, inTreeTaints, mode }) => {
      const api = plane().api
      await createNamespace(api, name)
      const scheduler = await plane().startScheduler({
        profiles: [profile(name, inTreeTaints)],
        extenders: [
          extenderEntry({
            port: (extenders.get(mode) as ServiceProcess).port,
            nodeCacheCapable,
            verbs: ['filter', 'prioritize', 'preempt'],
          }),
        ],
      })
      try {
        for (const pod of PODS) {
          await api.create(`/api/v1/namespaces/${name}/pods`, podObject(pod, name))
        }
        const outcomes = await waitForOutcomes(
          api,
          name,
          PODS.map((p) => p.name)
        )
        for (const pod of PODS) {
          const outcome = outcomes.get(pod.name)
          const allowed = allowedNodes(pod, mode)
          if (allowed.size > 0) {
            expect(outcome, `${pod.name} ${JSON.stringify(pod)}`).toMatchObject({ bound: true })
            if (outcome?.bound === true) expect(allowed, pod.name).toContain(outcome.node)
          } else {
            expect(outcome, pod.name).toMatchObject({ bound: false })
            if (outcome?.bound === false) {
              expect(reasonCounts(outcome.message), `${pod.name}: ${outcome.message}`).toEqual(
                expectedReasons(pod, inTreeTaints, mode)
              )
            }
          }
        }
        // The suite means something only if both outcomes occur.
        const bound = [...outcomes.values()].filter((o) => o.bound).length
        expect(bound).toBeGreaterThan(5)
        expect(bound).toBeLessThan(PODS.length - 5)
      } finally {
        await scheduler.stop()
      }
    },
    120_000
  )

  it('honours a taint added and then removed while it schedules, once the watch has delivered each', async () => {
    const api = plane().api
    const namespace = 'churn'
    await createNamespace(api, namespace)
    const scheduler = await plane().startScheduler({
      profiles: [profile(namespace, false)],
      extenders: [
        extenderEntry({
          port: extender.port,
          nodeCacheCapable: true,
          verbs: ['filter', 'prioritize'],
        }),
      ],
    })
    const plain = ['a-plain-1', 'a-plain-2']
    const churn = { key: 'churn', value: 'on', effect: 'NoSchedule' }
    try {
      for (const name of plain)
        await api.patch(`/api/v1/nodes/${name}`, { spec: { taints: [churn] } })
      await eventually(async () => expect(await passedByExtender(extender.port, plain)).toEqual([]))
      const first = await createPods(api, namespace, 'tainted', 8)
      const whileTainted = await waitForOutcomes(api, namespace, first)
      // Only a-spot is left to a pod with no tolerations: the others are cordoned or tainted.
      for (const name of first)
        expect(whileTainted.get(name)).toEqual({ bound: true, node: 'a-spot' })

      for (const name of plain) await api.patch(`/api/v1/nodes/${name}`, { spec: { taints: null } })
      await eventually(async () =>
        expect(await passedByExtender(extender.port, plain)).toEqual(plain)
      )
      const second = await createPods(api, namespace, 'untainted', 8)
      const afterwards = await waitForOutcomes(api, namespace, second)
      const nodes = second.map((name) => {
        const outcome = afterwards.get(name)
        return outcome?.bound === true ? outcome.node : 'pending'
      })
      expect(nodes.every((node) => ['a-spot', ...plain].includes(node))).toBe(true)
      expect(nodes.some((node) => plain.includes(node))).toBe(true)
    } finally {
      await scheduler.stop()
    }
  }, 120_000)
})

/** Creates `count` pods with no tolerations for the scheduler named as the namespace. */
async function createPods(
  api: KubeApi,
  namespace: string,
  prefix: string,
  count: number
): Promise<string[]> {
  const names = Array.from({ length: count }, (_, i) => `${prefix}-${i}`)
  for (const name of names) {
    await api.create(
      `/api/v1/namespaces/${namespace}/pods`,
      podObject({ name, tolerations: [], group: null }, namespace)
    )
  }
  return names
}

/** The names a node-cache filter call passes for a pod with no tolerations: the extender's view. */
async function passedByExtender(port: number, names: readonly string[]): Promise<string[]> {
  const res = await fetch(`http://127.0.0.1:${port}/filter`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Pod: wirePod('probe'), Nodes: null, NodeNames: names }),
  })
  const reply = (await res.json()) as { NodeNames: string[] | null }
  return reply.NodeNames ?? []
}
