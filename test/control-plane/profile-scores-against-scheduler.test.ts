import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, expect, it } from 'vitest'
import { describeWithControlPlane, type KubeApi } from '../support/control-plane/index.js'
import { scheduleAlone, type PodOutcome } from '../support/control-plane/scheduling.js'
import { explainJson } from './explain-json.js'
import { scoreNodes, scorePlacedPods, scoreProbes } from './profile-score-cases.js'

/**
 * `explain`'s choice against the real kube-scheduler: for generated pods (requests or none,
 * preferred node affinity, PreferNoSchedule taints and tolerations, images in the nodes' status),
 * the node kube-scheduler binds is among the tied best `explain` names. Probes go one at a time,
 * each removed before the next, so that every probe meets the placed pods explain is given.
 */

const PROBES = scoreProbes(24)

interface ChoiceReply {
  readonly choice: { readonly nodes: readonly string[]; readonly score: number | null } | null
}

describeWithControlPlane('explain scores against the real kube-scheduler', (plane) => {
  const outcomes = new Map<string, PodOutcome>()
  let dir: string

  beforeAll(async () => {
    const api = plane().api
    for (const node of scoreNodes()) await api.create('/api/v1/nodes', node)
    for (const pod of scorePlacedPods()) await api.create('/api/v1/namespaces/default/pods', pod)
    dir = mkdtempSync(join(tmpdir(), 'taint-extender-explain-scores-'))
    writeFileSync(join(dir, 'nodes.json'), JSON.stringify(await api.get('/api/v1/nodes')))
    writeFileSync(join(dir, 'pods.json'), JSON.stringify(await api.get('/api/v1/pods')))
    const scheduler = await plane().startScheduler({
      profiles: [{ schedulerName: 'default-scheduler' }],
    })
    try {
      await refreshImageCounts(api)
      for (const probe of PROBES) {
        const { outcome } = await scheduleAlone(api, probe)
        if (outcome !== undefined) outcomes.set((probe.metadata as { name: string }).name, outcome)
      }
    } finally {
      await scheduler.stop()
    }
  }, 120_000)

  it.each(PROBES.map((p) => [(p.metadata as { name: string }).name, p] as const))(
    '%s: the node kube-scheduler bound is among the tied best explain names',
    async (name, probe) => {
      const pod = { ...probe, metadata: { name, namespace: 'default' } }
      const reply = (await explainJson(dir, pod)) as ChoiceReply
      const outcome = outcomes.get(name)
      if (outcome?.bound !== true)
        throw new Error(`${name} was not bound: ${JSON.stringify(outcome)}`)
      expect(reply.choice?.nodes).toContain(outcome.node)
    }
  )
})

/**
 * v1.28 counts an image's nodes for a node when that node is added or updated
 * (internal/cache cache.go `addNodeImageStates`): a kube-scheduler that has just listed the nodes
 * counts, for each, only the nodes listed before it. A kubelet's status updates refresh the
 * counts; here each node is updated once, and the scheduler given a moment to see it, so that
 * every count is the nodes' own, as explain counts it.
 */
async function refreshImageCounts(api: KubeApi): Promise<void> {
  for (const node of await api.items('/api/v1/nodes')) {
    const name = (node.metadata as { name: string }).name
    await api.patch(`/api/v1/nodes/${name}`, {
      metadata: { annotations: { 'example.com/refreshed': 'yes' } },
    })
  }
  await new Promise((resolve) => setTimeout(resolve, 2000))
}
