import { beforeAll, expect, it } from 'vitest'
import type { PreScore } from '../../src/placement/index.js'
import { preScoreInterPodAffinity } from '../../src/placement/inter-pod-affinity-score.js'
import { preScorePodTopologySpread } from '../../src/placement/pod-topology-spread-score.js'
import { describeWithControlPlane } from '../support/control-plane/index.js'
import {
  createNamespace,
  waitForOutcomes,
  type PodOutcome,
} from '../support/control-plane/scheduling.js'
import { runScore } from '../placement/score-plugin-builders.js'
import {
  NODES,
  nodeObjects,
  podObject,
  probes,
  scoreCluster,
  selectorObject,
  type Scored,
  type ScoreProbe,
} from './score-cases.js'

/**
 * PodTopologySpread's and InterPodAffinity's scores against the real kube-scheduler: two
 * profiles, each with the default Filter plugins and one Score plugin alone, schedule generated
 * probes (own ScheduleAnyway constraints, the system defaults through a ReplicaSet or a Service,
 * preferred and required pod affinity terms of the probe and of the placed pods); the node
 * kube-scheduler binds each probe to is among those the plugin here scores highest (it picks
 * one of the tied best at random).
 */

const PROBES = probes(40)
const PRE_SCORES: Record<Scored, PreScore> = {
  PodTopologySpread: preScorePodTopologySpread,
  InterPodAffinity: preScoreInterPodAffinity,
}

/** The nodes with the highest normalised score; every node when the plugin skips. */
function tiedBest(probe: ScoreProbe): string[] {
  const outcome = runScore(PRE_SCORES[probe.scored], probe.pod, scoreCluster(probe))
  if (outcome === 'skip') return NODES.map((n) => n.name)
  if ('error' in outcome) throw new Error(outcome.error)
  if ('notJudged' in outcome) throw new Error(outcome.notJudged)
  const best = Math.max(...Object.values(outcome.normalized))
  return Object.keys(outcome.normalized).filter((name) => outcome.normalized[name] === best)
}

function onePluginProfile(plugin: Scored): Record<string, unknown> {
  return {
    schedulerName: plugin,
    plugins: { score: { disabled: [{ name: '*' }], enabled: [{ name: plugin, weight: 2 }] } },
  }
}

describeWithControlPlane(
  'PodTopologySpread and InterPodAffinity scores against the real kube-scheduler',
  (plane) => {
    const outcomes = new Map<string, PodOutcome>()

    beforeAll(async () => {
      const api = plane().api
      for (const node of nodeObjects()) await api.create('/api/v1/nodes', node)
      for (const probe of PROBES) {
        await createNamespace(api, probe.name)
        const selecting = selectorObject(probe)
        if (selecting !== null) await api.create(selecting.path, selecting.body)
        for (const p of probe.placed)
          await api.create(`/api/v1/namespaces/${probe.name}/pods`, podObject(p))
      }
      const scheduler = await plane().startScheduler({
        profiles: [onePluginProfile('PodTopologySpread'), onePluginProfile('InterPodAffinity')],
      })
      try {
        for (const probe of PROBES) {
          const body = podObject(probe.pod)
          const spec = { ...(body.spec as Record<string, unknown>), schedulerName: probe.scored }
          await api.create(`/api/v1/namespaces/${probe.name}/pods`, { ...body, spec })
        }
        for (const probe of PROBES)
          for (const [name, outcome] of await waitForOutcomes(api, probe.name, [probe.name]))
            if (name === probe.name) outcomes.set(name, outcome)
      } finally {
        await scheduler.stop()
      }
    }, 120_000)

    it('has probes where the plugin prefers some nodes over others, or the comparison proves little', () => {
      const decided = PROBES.filter((p) => tiedBest(p).length < NODES.length)
      expect(decided.length).toBeGreaterThan(PROBES.length / 2)
    })

    it.each(PROBES.map((p) => [p.name, p.scored, p] as const))(
      '%s (%s alone): the node kube-scheduler binds is among the tied best here',
      (_name, _scored, probe) => {
        const outcome = outcomes.get(probe.name)
        expect(outcome?.bound).toBe(true)
        if (outcome?.bound !== true) return
        expect(tiedBest(probe)).toContain(outcome.node)
      }
    )
  }
)
