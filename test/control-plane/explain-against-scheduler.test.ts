import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, expect, it } from 'vitest'
import { describeWithControlPlane } from '../support/control-plane/index.js'
import { waitForOutcomes, type PodOutcome } from '../support/control-plane/scheduling.js'
import { explainJson } from './explain-json.js'
import { UNJUDGED_CONSTRAINTS } from '../../src/placement/index.js'
import {
  nodeNameProbes,
  nodeObjects,
  placedPods,
  probePods,
  volumeProbes,
} from './explain-cases.js'

/**
 * `explain` against the real kube-scheduler (default profile, no extender): for every probe pod
 * the scheduler leaves Pending, explain speaking for the scheduler's release (`--kube-version`)
 * gives its FailedScheduling message byte for byte; for every probe it binds, explain says that
 * node fits. A probe with a volume the volume plugins read, which explain does not judge, is
 * held apart.
 */

const [PLAIN_VOLUMES, CLAIM] = volumeProbes()
const PROBES = [...probePods(40), ...nodeNameProbes(), ...(PLAIN_VOLUMES ? [PLAIN_VOLUMES] : [])]
const name = (pod: Record<string, unknown>) => (pod.metadata as { name: string }).name
const [VOLUMES_NOT_JUDGED] = UNJUDGED_CONSTRAINTS

interface ExplainReply {
  readonly summary: string
  readonly nodes: readonly { readonly name: string; readonly verdict: string }[]
  readonly notJudged: readonly string[]
}

describeWithControlPlane('explain against the real kube-scheduler', (plane) => {
  let outcomes: Map<string, PodOutcome>
  let dir: string

  beforeAll(async () => {
    const api = plane().api
    for (const node of nodeObjects()) await api.create('/api/v1/nodes', node)
    for (const pod of placedPods()) await api.create('/api/v1/namespaces/default/pods', pod)
    const scheduler = await plane().startScheduler({
      profiles: [{ schedulerName: 'default-scheduler' }],
    })
    try {
      const all = CLAIM === undefined ? PROBES : [...PROBES, CLAIM]
      for (const pod of all) await api.create('/api/v1/namespaces/default/pods', pod)
      outcomes = await waitForOutcomes(api, 'default', all.map(name))
    } finally {
      await scheduler.stop()
    }
    dir = mkdtempSync(join(tmpdir(), 'taint-extender-explain-cluster-'))
    writeFileSync(join(dir, 'nodes.json'), JSON.stringify(await api.get('/api/v1/nodes')))
    const pods = await api.get('/api/v1/pods')
    writeFileSync(join(dir, 'pods.json'), JSON.stringify(pods))
  }, 120_000)

  it('finds both bound and Pending probes, or the comparison proves little', () => {
    const probes = PROBES.map((p) => outcomes.get(name(p)))
    const bound = probes.filter((o) => o?.bound === true).length
    expect(bound).toBeGreaterThan(5)
    expect(bound).toBeLessThan(PROBES.length - 5)
  })

  it('leaves the metadata.name probes Pending, the one naming a missing node with the snapshot’s error', () => {
    expect(outcomes.get('named-conflict')?.bound).toBe(false)
    expect(outcomes.get('named-tainted')?.bound).toBe(false)
    expect(outcomes.get('named-missing')).toEqual({
      bound: false,
      message: 'nodeinfo not found for node name "node-gone"',
    })
  })

  it('binds the probe whose volumes no volume plugin reads, and explain judges it in full', async () => {
    expect(outcomes.get('volumes-plain')?.bound).toBe(true)
    const reply = await explainAsPending(dir, 'volumes-plain')
    expect(reply.notJudged).not.toContain(VOLUMES_NOT_JUDGED)
  })

  it('leaves the probe with a missing claim Pending for it, which explain says it does not judge', async () => {
    const outcome = outcomes.get('volumes-claim')
    expect(outcome?.bound).toBe(false)
    expect(outcome?.bound === false && outcome.message).toContain(
      'persistentvolumeclaim "missing" not found'
    )
    const reply = await explainAsPending(dir, 'volumes-claim')
    expect(reply.notJudged).toContain(VOLUMES_NOT_JUDGED)
  })

  it.each(PROBES.map(name))(
    '%s: explain gives the event kube-scheduler wrote, or says the node it was bound to fits',
    async (name) => {
      const reply = await explainAsPending(dir, name)
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
})

/**
 * explain for the pod as kube-scheduler saw it before placing it: unbound, and not among the
 * placed pods.
 */
async function explainAsPending(dir: string, name: string): Promise<ExplainReply> {
  const list = readFileSync(join(dir, 'pods.json'), 'utf8')
  const pods = JSON.parse(list) as {
    items: { metadata: { name: string }; spec: { nodeName?: string } }[]
  }
  const pod = pods.items.find((p) => p.metadata.name === name)
  if (pod === undefined) throw new Error(`${name} is not in the pod list`)
  delete pod.spec.nodeName
  const othersFile = join(dir, `others-of-${name}.json`)
  writeFileSync(othersFile, JSON.stringify({ ...pods, items: pods.items.filter((p) => p !== pod) }))
  // The scheduler runs without the extender, so explain leaves the extender's own rule out (allow).
  return (await explainJson(dir, pod, othersFile, '--evicting-nodes', 'allow')) as ExplainReply
}
