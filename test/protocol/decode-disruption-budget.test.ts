import { describe, expect, it } from 'vitest'
import { decodeDisruptionBudget } from '../../src/protocol/index.js'

/** The PodDisruptionBudget fields the Eviction API weighs, as `kubectl get pdb -o json` prints them. */

describe('decodeDisruptionBudget reads what the Eviction API weighs', () => {
  it('reads the healthy counts, the generations and the unhealthy pod eviction policy', () => {
    const budget = decodeDisruptionBudget(
      {
        kind: 'PodDisruptionBudget',
        metadata: { name: 'web', namespace: 'shop', generation: 3 },
        spec: { selector: {}, unhealthyPodEvictionPolicy: 'AlwaysAllow' },
        status: {
          disruptionsAllowed: 1,
          currentHealthy: 3,
          desiredHealthy: 2,
          observedGeneration: 2,
          disruptedPods: { 'web-0': '2026-11-01T00:00:00Z' },
        },
      },
      'pdbs.json: poddisruptionbudget 0'
    )
    expect(budget).toEqual({
      namespace: 'shop',
      name: 'web',
      selector: { matchLabels: {}, matchExpressions: [] },
      disruptionsAllowed: 1,
      disruptedPods: new Set(['web-0']),
      currentHealthy: 3,
      desiredHealthy: 2,
      generation: 3,
      observedGeneration: 2,
      unhealthyPodEvictionPolicy: 'AlwaysAllow',
    })
  })

  it('reads a budget without a status as one allowing nothing, with nothing healthy', () => {
    const budget = decodeDisruptionBudget(
      { kind: 'PodDisruptionBudget', metadata: { name: 'web', namespace: 'shop' } },
      'pdbs.json: poddisruptionbudget 0'
    )
    expect(budget).toMatchObject({
      selector: null,
      disruptionsAllowed: 0,
      currentHealthy: 0,
      desiredHealthy: 0,
      generation: 0,
      observedGeneration: 0,
      unhealthyPodEvictionPolicy: '',
    })
  })

  it('names the place of a count that is not an integer', () => {
    expect(() =>
      decodeDisruptionBudget(
        {
          kind: 'PodDisruptionBudget',
          metadata: { name: 'web', namespace: 'shop' },
          status: { currentHealthy: '3' },
        },
        'pdbs.json: poddisruptionbudget 0'
      )
    ).toThrow('pdbs.json: poddisruptionbudget 0.status.currentHealthy: expected an integer')
  })
})
