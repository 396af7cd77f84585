import { beforeAll, expect, it } from 'vitest'
import {
  PodTopologySpread,
  REASON_TOPOLOGY_SPREAD,
  REASON_TOPOLOGY_SPREAD_MISSING_LABEL,
} from '../../src/placement/pod-topology-spread.js'
import { describeWithControlPlane } from '../support/control-plane/index.js'
import {
  createNamespace,
  reasonCounts,
  waitForOutcomes,
  type PodOutcome,
} from '../support/control-plane/scheduling.js'
import { GATE_OFF } from '../core/builders.js'
import {
  NODES,
  nodeObjects,
  placedObjects,
  probeObject,
  probes,
  rejectedEarlier,
  type Probe,
} from './topology-spread-cases.js'

/**
 * PodTopologySpread against the real kube-scheduler (default profile): for every probe it leaves
 * Pending, the nodes its event counts under each of the plugin's two reasons are the nodes
 * PodTopologySpread.filter turns away for that reason (among those the filters before it let
 * through); for every probe it binds, filter passes the node it chose.
 */

const PROBES = probes(48)

function judge(probe: Probe): PodTopologySpread {
  return PodTopologySpread.prepare({
    pod: probe.pod,
    nodes: NODES,
    placedPods: probe.placed,
    options: GATE_OFF,
  })
}

describeWithControlPlane('PodTopologySpread against the real kube-scheduler', (plane) => {
  let outcomes: Map<string, PodOutcome>

  beforeAll(async () => {
    const api = plane().api
    await createNamespace(api, 'other')
    for (const node of nodeObjects()) await api.create('/api/v1/nodes', node)
    for (const probe of PROBES) {
      for (const { namespace, body } of placedObjects(probe))
        await api.create(`/api/v1/namespaces/${namespace}/pods`, body)
    }
    const scheduler = await plane().startScheduler({
      profiles: [{ schedulerName: 'default-scheduler' }],
    })
    try {
      for (const probe of PROBES)
        await api.create('/api/v1/namespaces/default/pods', probeObject(probe))
      outcomes = await waitForOutcomes(
        api,
        'default',
        PROBES.map((p) => p.name)
      )
    } finally {
      await scheduler.stop()
    }
  }, 120_000)

  it('finds both bound and Pending probes, or the comparison proves little', () => {
    const bound = PROBES.filter((p) => outcomes.get(p.name)?.bound === true).length
    expect(bound).toBeGreaterThan(5)
    expect(bound).toBeLessThan(PROBES.length - 5)
  })

  it.each(PROBES.map((p) => [p.name, p] as const))(
    '%s: the nodes turned away for each reason are those of the event, or the chosen node passes',
    (_name, probe) => {
      const outcome = outcomes.get(probe.name)
      const spread = judge(probe)
      if (outcome === undefined) throw new Error(`no outcome for ${probe.name}`)
      if (outcome.bound) {
        const node = NODES.find((n) => n.name === outcome.node)
        expect(node && spread.filter(node)).toBeNull()
        return
      }
      const event = reasonCounts(outcome.message)
      const ours = new Map<string, number>()
      for (const node of NODES) {
        if (rejectedEarlier(probe, node)) continue
        const reason = spread.filter(node)?.reason
        if (reason !== undefined) ours.set(reason, (ours.get(reason) ?? 0) + 1)
      }
      for (const reason of [REASON_TOPOLOGY_SPREAD, REASON_TOPOLOGY_SPREAD_MISSING_LABEL])
        expect([reason, ours.get(reason) ?? 0]).toEqual([reason, event.get(reason) ?? 0])
    }
  )
})
