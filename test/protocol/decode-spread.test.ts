import { describe, expect, it } from 'vitest'
import { decodePlacementPod } from '../../src/protocol/index.js'

/**
 * `spec.topologySpreadConstraints` as decodePlacementPod reads it: checked for the pod explain
 * answers for, read as stored for pods from a list (`explain --pending`), whose constraints
 * PodTopologySpread still judges.
 */

const stored = {
  metadata: { name: 'p', namespace: 'default', deletionTimestamp: '2026-01-01T00:00:00Z' },
  spec: {
    topologySpreadConstraints: [
      {
        maxSkew: 1,
        topologyKey: 'zone',
        whenUnsatisfiable: 'DoNotSchedule',
        labelSelector: { matchExpressions: [{ key: 'app', operator: 'Gt', values: ['1'] }] },
        matchLabelKeys: ['pod-template-hash'],
      },
    ],
  },
}

describe('decoding topology spread constraints', () => {
  it('keeps the constraints of a pod read from a list, a selector that does not parse included', () => {
    const pod = decodePlacementPod(stored, 'pods[0]', false)
    expect(pod.topologySpreadConstraints).toEqual([
      {
        maxSkew: 1,
        topologyKey: 'zone',
        whenUnsatisfiable: 'DoNotSchedule',
        labelSelector: {
          matchLabels: {},
          matchExpressions: [{ key: 'app', operator: 'Gt', values: ['1'] }],
        },
        minDomains: null,
        nodeAffinityPolicy: null,
        nodeTaintsPolicy: null,
        matchLabelKeys: ['pod-template-hash'],
      },
    ])
    expect(pod.terminating).toBe(true)
  })

  it('refuses the same selector in the pod explain answers for, naming the place', () => {
    expect(() => decodePlacementPod(stored, 'pod')).toThrow(
      'pod.spec.topologySpreadConstraints[0].labelSelector.matchExpressions[0]'
    )
  })

  it('reads a pod without constraints as having none, and not terminating', () => {
    const pod = decodePlacementPod({ metadata: { name: 'q' } }, 'pod')
    expect([pod.topologySpreadConstraints, pod.terminating]).toEqual([[], false])
  })
})
