import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, expect, it } from 'vitest'
import { runTool } from '../cli/run-tool.js'
import {
  describeWithControlPlane,
  KUBE_VERSION,
  type KubeApi,
} from '../support/control-plane/index.js'
import { waitForOutcomes, type PodOutcome } from '../support/control-plane/scheduling.js'
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
        for (const probe of PROBES) await scheduleAlone(api, probe, outcomes, created)
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
        const podFile = join(dir, `${name}.json`)
        writeFileSync(podFile, JSON.stringify(probe))
        const run = await runTool('explain', [
          '--pod',
          podFile,
          '--nodes',
          join(dir, 'nodes.json'),
          '--pods',
          join(dir, 'pods.json'),
          '--kube-version',
          KUBE_VERSION,
          '-o',
          'json',
        ])
        const reply = JSON.parse(run.stdout) as ExplainReply
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

/** Creates the probe, waits for its outcome, and deletes it again, waiting until it is gone. */
async function scheduleAlone(
  api: KubeApi,
  probe: Record<string, unknown>,
  outcomes: Map<string, PodOutcome>,
  created: Map<string, Record<string, unknown>>
): Promise<void> {
  const name = (probe.metadata as { name: string }).name
  const path = `/api/v1/namespaces/default/pods/${name}`
  created.set(name, await api.create('/api/v1/namespaces/default/pods', probe))
  const outcome = (await waitForOutcomes(api, 'default', [name])).get(name)
  if (outcome !== undefined) outcomes.set(name, outcome)
  await api.delete(path)
  while ((await api.request('GET', path)).status !== 404) {
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
