import { describe, expect, it } from 'vitest'
import { diagnosePlacement, type PlacementDiagnosis } from '../../src/placement/index.js'
import {
  node,
  placed,
  placementNodes,
  pod,
  podInput,
  podTerm,
  selector,
  type Cluster,
} from './builders.js'

/**
 * The dry run asked only whether preemption has a candidate (explain with --pdbs asks so first,
 * then judges again with the budgets read): it stops at the first candidate, and when there is
 * none it still tries every node, so that the FitError it builds is the whole dry run's.
 */

const web = { app: 'web' }
const awayFromWeb = pod({ antiAffinity: [podTerm('hostname', selector(web))], priority: 100 })
const host = (name: string) => node(name, { labels: { hostname: name } })

function judged(cluster: Cluster, firstCandidateOnly: boolean): PlacementDiagnosis {
  return diagnosePlacement({
    ...podInput(awayFromWeb, cluster),
    firstCandidateOnly,
    nodes: placementNodes(cluster.nodes),
    placedPods: cluster.pods ?? [],
  })
}

const candidatesOf = (d: PlacementDiagnosis) => d.preemptionCandidates.map((c) => c.node)

describe('preemption asked only whether it has a candidate', () => {
  const everyNodeRepels: Cluster = {
    nodes: [host('a'), host('b'), host('c')],
    pods: ['a', 'b', 'c'].map((n) => placed(n, { name: `web-${n}`, labels: web, priority: 0 })),
  }

  it('stops at the first candidate in node order, where the full dry run names every node', () => {
    expect(candidatesOf(judged(everyNodeRepels, true))).toEqual(['a'])
    expect(candidatesOf(judged(everyNodeRepels, false))).toEqual(['a', 'b', 'c'])
  })

  it('gives the same Filter verdicts and summary as the full dry run when a candidate exists', () => {
    const first = judged(everyNodeRepels, true)
    const full = judged(everyNodeRepels, false)
    expect(first.summary).toBe(full.summary)
    expect(first.nodes).toEqual(full.nodes)
  })

  it('tries every node when none is a candidate, so the FitError counts each node as the full dry run does', () => {
    const noVictims: Cluster = {
      nodes: [host('a'), host('b')],
      pods: ['a', 'b'].map((n) => placed(n, { name: `web-${n}`, labels: web, priority: 100 })),
    }
    const first = judged(noVictims, true)
    expect(candidatesOf(first)).toEqual([])
    expect(first.summary).toContain('2 No preemption victims found for incoming pod')
    expect(first.summary).toBe(judged(noVictims, false).summary)
  })
})
