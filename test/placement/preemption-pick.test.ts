import { describe, expect, it } from 'vitest'
import { pickPreemptionNodes, type CandidateVictims } from '../../src/placement/preemption-pick.js'
import { pod } from './builders.js'

/**
 * Which candidate kube-scheduler nominates (preemption.go `pickOneNodeForPreemption`): each
 * criterion in turn, the first to leave one node deciding, the nodes tied on all returned.
 */

interface Victim {
  readonly priority: number
  readonly startTime?: string
}

function candidate(node: string, violations: number, victims: readonly Victim[]): CandidateVictims {
  const pods = victims.map((v, i) =>
    pod({ name: `${node}-${i}`, nodeName: node, priority: v.priority, startTime: v.startTime })
  )
  return {
    candidate: {
      node,
      lowerPriorityPods: pods.map((p) => `default/${p.name}`),
      victims: pods.map((p) => `default/${p.name}`),
      budgetViolations: violations,
    },
    victims: pods,
  }
}

const picked = (candidates: CandidateVictims[]): string[] =>
  pickPreemptionNodes(candidates).map((c) => c.candidate.node)

describe('the node preemption nominates, among its candidates', () => {
  it.each<[string, CandidateVictims[], string[]]>([
    [
      'the fewest PodDisruptionBudget violations first, whatever the victims cost',
      [candidate('a', 1, [{ priority: 0 }]), candidate('b', 0, [{ priority: 5 }, { priority: 5 }])],
      ['b'],
    ],
    [
      'then the lowest priority of the most important victim',
      [candidate('a', 0, [{ priority: 5 }]), candidate('b', 0, [{ priority: 1 }, { priority: 1 }])],
      ['b'],
    ],
    [
      'then the smallest sum of priorities, each raised by 2^31 so that more victims of negative priority cost more',
      [
        candidate('a', 0, [{ priority: -5 }, { priority: -5 }]),
        candidate('b', 0, [{ priority: -5 }]),
      ],
      ['b'],
    ],
    [
      'then the latest earliest start among the victims of the highest priority',
      [
        candidate('a', 0, [{ priority: 1, startTime: '2026-01-01T00:00:00Z' }]),
        candidate('b', 0, [{ priority: 1, startTime: '2026-03-01T00:00:00Z' }]),
      ],
      ['b'],
    ],
    [
      'and every node still tied, for kube-scheduler takes one of them in map order',
      [candidate('a', 0, [{ priority: 1 }]), candidate('b', 0, [{ priority: 1 }])],
      ['a', 'b'],
    ],
  ])('%s', (_name, candidates, expected) => {
    expect(picked(candidates)).toEqual(expected)
  })
})
