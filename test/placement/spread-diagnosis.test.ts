import { describe, expect, it } from 'vitest'
import type { PlacementDiagnosis, PlacementPod } from '../../src/placement/index.js'
import { diagnose, node, nodeNamed, placed, pod, selector, type Cluster } from './builders.js'
import { constraint } from './spread-builders.js'

/**
 * PodTopologySpread through the profile, as the CLI runs it: its place among the filters, its
 * reasons counted in the summary, and DefaultPreemption's victims for a skew.
 */

const tail = ' no new claims to deallocate, preemption: '
const WEB = selector({ app: 'web' })
const zone = (z: string) => ({ labels: { zone: z } })

/** Web pods of priority 0 on `nodeName`, the first started earliest. */
function webPods(nodeName: string, count: number) {
  return Array.from({ length: count }, (_, i) =>
    placed(nodeName, {
      name: `web-${i + 1}`,
      labels: { app: 'web' },
      priority: 0,
      startTime: `2026-01-0${i + 1}T00:00:00Z`,
    })
  )
}

function web(maxSkew: number, more: Parameters<typeof pod>[0] = {}): PlacementPod {
  return pod({
    labels: { app: 'web' },
    topologySpreadConstraints: [constraint(maxSkew, 'zone', WEB)],
    ...more,
  })
}

interface SpreadCase {
  readonly name: string
  readonly pod: PlacementPod
  readonly cluster: Cluster
  readonly check: (d: PlacementDiagnosis) => void
}

const CASES: readonly SpreadCase[] = [
  {
    name: 'a node whose zone would exceed maxSkew is turned away by PodTopologySpread, with the counts that decided',
    pod: web(1),
    cluster: { nodes: [node('a', zone('z1')), node('b', zone('z2'))], pods: webPods('a', 2) },
    check(d) {
      const a = nodeNamed(d, 'a')
      expect([a.plugin, a.reason, a.unresolvable]).toEqual([
        'PodTopologySpread',
        "node(s) didn't match pod topology spread constraints",
        false,
      ])
      expect(a.detail).toBe(
        'zone: skew 3 > maxSkew 1 (zone=z1 has 2 matching pods + this pod, minimum 0 in zone=z2)'
      )
      expect(nodeNamed(d, 'b').verdict).toBe('fits')
      expect(d.summary).toBe(
        "1/2 nodes are available: 1 node(s) didn't match pod topology spread constraints."
      )
      expect(d.notJudged).not.toContain('topology spread (PodTopologySpread)')
      expect(d.spreadIgnored).toEqual([])
    },
  },
  {
    name: 'the summary counts the skew and the missing label apart, beside the other plugins, and only the skew may be preempted',
    pod: web(1, { priority: 0 }),
    cluster: {
      nodes: [
        node('a', zone('z1')),
        node('b', { ...zone('z2'), unschedulable: true }),
        node('c', { labels: { other: 'x' } }),
      ],
      pods: webPods('a', 2),
      budgets: [],
    },
    check(d) {
      expect(nodeNamed(d, 'c').unresolvable).toBe(true)
      expect(nodeNamed(d, 'c').reason).toBe(
        "node(s) didn't match pod topology spread constraints (missing required label)"
      )
      expect(d.summary).toBe(
        "0/3 nodes are available: 1 node(s) didn't match pod topology spread constraints, " +
          "1 node(s) didn't match pod topology spread constraints (missing required label), " +
          '1 node(s) were unschedulable.' +
          tail +
          '0/3 nodes are available: 1 No preemption victims found for incoming pod, ' +
          '2 Preemption is not helpful for scheduling.'
      )
    },
  },
  {
    name: 'preemption for a skew evicts only the lower-priority pods whose removal the skew needs, in the order they were reprieved',
    pod: web(2, { priority: 10 }),
    cluster: {
      nodes: [node('a', zone('z1')), node('b', { ...zone('z2'), unschedulable: true })],
      pods: webPods('a', 3),
      budgets: [],
    },
    check(d) {
      expect(d.summary).toBe(
        "0/2 nodes are available: 1 node(s) didn't match pod topology spread constraints, 1 node(s) were unschedulable."
      )
      expect(d.preemptionCandidates.map((c) => [c.node, c.victims])).toEqual([
        ['a', ['default/web-2', 'default/web-3']],
      ])
    },
  },
  {
    name: 'ScheduleAnyway constraints do not filter and are listed as scored only',
    pod: pod({
      labels: { app: 'web' },
      topologySpreadConstraints: [
        constraint(1, 'zone', WEB, { whenUnsatisfiable: 'ScheduleAnyway' }),
      ],
    }),
    cluster: { nodes: [node('a', zone('z1')), node('b', zone('z2'))], pods: webPods('a', 3) },
    check(d) {
      expect(d.summary).toBe('2/2 nodes are available.')
      expect(d.spreadIgnored).toEqual([
        'topologySpreadConstraints[0] (zone): ScheduleAnyway: scored, never filters',
      ])
    },
  },
  {
    name: 'a pod without constraints is judged without pods given, and the default constraints are named',
    pod: pod(),
    cluster: { nodes: [node('a', zone('z1'))], pods: null },
    check(d) {
      expect(d.notJudged).not.toContain('topology spread (PodTopologySpread: no pods given)')
      expect(d.spreadIgnored).toEqual([
        "none set, so the scheduler's defaults apply (ScheduleAnyway)",
      ])
    },
  },
  {
    name: 'a pod with DoNotSchedule constraints is not judged for spread without the placed pods',
    pod: web(1),
    cluster: { nodes: [node('a', zone('z1'))], pods: null },
    check(d) {
      expect(d.notJudged).toContain('topology spread (PodTopologySpread: no pods given)')
    },
  },
]

describe('PodTopologySpread in the profile', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    c.check(diagnose(c.pod, c.cluster))
  })
})
