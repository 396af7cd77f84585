import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, expect, it } from 'vitest'
import { explainJson } from './explain-json.js'
import { describeWithControlPlane } from '../support/control-plane/index.js'
import { scheduleAlone, type PodOutcome } from '../support/control-plane/scheduling.js'
import { resourceNodes, resourcePlacedPods, resourceProbes } from './resource-cases.js'

/**
 * `explain` against the real kube-scheduler for what fills a node: requests of every kind, the
 * pod count, host ports and topology spread. Probes go one at a time, each removed before the
 * next, so that every probe meets the same placed pods, the ones explain is given.
 */

const PROBES = resourceProbes(36)

interface ExplainReply {
  readonly summary: string
  readonly nodes: readonly {
    readonly name: string
    readonly verdict: string
  }[]
}

describeWithControlPlane(
  'explain against the real kube-scheduler: resources, ports, spread',
  (plane) => {
    const outcomes = new Map<string, PodOutcome>()
    const created = new Map<string, Record<string, unknown>>()
    let dir: string

    beforeAll(async () => {
      const api = plane().api
      for (const node of resourceNodes()) await api.create('/api/v1/nodes', node)
      for (const pod of resourcePlacedPods())
        await api.create('/api/v1/namespaces/default/pods', pod)
      dir = mkdtempSync(join(tmpdir(), 'taint-extender-explain-resources-'))
      writeFileSync(join(dir, 'nodes.json'), JSON.stringify(await api.get('/api/v1/nodes')))
      writeFileSync(join(dir, 'pods.json'), JSON.stringify(await api.get('/api/v1/pods')))
      const scheduler = await plane().startScheduler({
        profiles: [{ schedulerName: 'default-scheduler' }],
      })
      try {
        for (const probe of PROBES) {
          const name = (probe.metadata as { name: string }).name
          const scheduled = await scheduleAlone(api, probe)
          created.set(name, scheduled.created)
          if (scheduled.outcome !== undefined) outcomes.set(name, scheduled.outcome)
        }
      } finally {
        await scheduler.stop()
      }
    }, 180_000)

    it('finds both bound and Pending probes, or the comparison proves little', () => {
      const bound = [...outcomes.values()].filter((o) => o.bound).length
      expect(bound).toBeGreaterThan(5)
      expect(bound).toBeLessThan(PROBES.length - 5)
    })

    it.each(PROBES.map((p) => (p.metadata as { name: string }).name))(
      '%s: explain gives the event kube-scheduler wrote, or says the node it was bound to fits',
      async (name) => {
        const probe = created.get(name) as { spec: Record<string, unknown> }
        delete probe.spec.nodeName
        const reply = (await explainJson(dir, probe)) as ExplainReply
        const outcome = outcomes.get(name)
        if (outcome?.bound === true) {
          expect(reply.nodes.find((n) => n.name === outcome.node)?.verdict).toBe('fits')
        } else if (outcome?.bound === false) {
          expect(reply.summary).toBe(outcome.message)
        } else {
          throw new Error(`no outcome for ${name}`)
        }
      }
    )
  }
)
