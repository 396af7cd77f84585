import { describe, expect, it } from 'vitest'
import { decodePlacementPod } from '../../src/protocol/index.js'

/**
 * The preferred pod affinity and anti-affinity terms as decodePlacementPod reads them for
 * InterPodAffinity's scoring: weights 1 to 100 and parsable selectors for the pod explain
 * answers for; for a pod read from a list, a kind with a term that does not parse keeps none
 * of its terms (`PodInfo.Update`), while the other kind is kept.
 */

const term = (labelSelector: unknown, more: Record<string, unknown> = {}) => ({
  labelSelector,
  topologyKey: 'topology.kubernetes.io/zone',
  ...more,
})

function podWith(affinity: Record<string, unknown>) {
  return { metadata: { name: 'p', namespace: 'default' }, spec: { affinity } }
}

const BOTH = podWith({
  podAffinity: {
    preferredDuringSchedulingIgnoredDuringExecution: [
      {
        weight: 20,
        podAffinityTerm: term(
          { matchLabels: { app: 'cache' } },
          { namespaces: ['a'], namespaceSelector: {} }
        ),
      },
    ],
  },
  podAntiAffinity: {
    preferredDuringSchedulingIgnoredDuringExecution: [
      {
        weight: 5,
        podAffinityTerm: term({ matchExpressions: [{ key: 'app', operator: 'Exists' }] }),
      },
    ],
  },
})

const UNPARSABLE = { matchExpressions: [{ key: 'app', operator: 'Gt', values: ['1'] }] }

describe('decoding preferred pod affinity terms', () => {
  it('reads both kinds with their weights, namespaces and selectors', () => {
    const pod = decodePlacementPod(BOTH, 'pod')
    expect([pod.preferredAffinity, pod.preferredAntiAffinity]).toEqual([
      [
        {
          weight: 20,
          term: {
            labelSelector: { matchLabels: { app: 'cache' }, matchExpressions: [] },
            namespaces: ['a'],
            namespaceSelector: { matchLabels: {}, matchExpressions: [] },
            topologyKey: 'topology.kubernetes.io/zone',
          },
        },
      ],
      [
        {
          weight: 5,
          term: {
            labelSelector: {
              matchLabels: {},
              matchExpressions: [{ key: 'app', operator: 'Exists', values: [] }],
            },
            namespaces: [],
            namespaceSelector: null,
            topologyKey: 'topology.kubernetes.io/zone',
          },
        },
      ],
    ])
    expect([pod.requiredAffinity, pod.requiredAntiAffinity]).toEqual([[], []])
  })

  it('refuses a weight outside 1..100 in the pod explain answers for, naming the place', () => {
    const pod = podWith({
      podAffinity: {
        preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 0, podAffinityTerm: term({}) }],
      },
    })
    expect(() => decodePlacementPod(pod, 'pod')).toThrow(
      'pod.spec.affinity.podAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight: 0 is not in 1..100'
    )
  })

  it('refuses a selector that does not parse in the pod explain answers for, naming the place', () => {
    const pod = podWith({
      podAntiAffinity: {
        preferredDuringSchedulingIgnoredDuringExecution: [
          { weight: 1, podAffinityTerm: term(UNPARSABLE) },
        ],
      },
    })
    expect(() => decodePlacementPod(pod, 'pod')).toThrow(
      'pod.spec.affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].podAffinityTerm.labelSelector'
    )
  })

  it('drops every term of the kind with an unparsable one for a pod read from a list, keeping the other kind', () => {
    const pod = podWith({
      podAffinity: {
        preferredDuringSchedulingIgnoredDuringExecution: [
          { weight: 3, podAffinityTerm: term({ matchLabels: { app: 'web' } }) },
          { weight: 4, podAffinityTerm: term(UNPARSABLE) },
        ],
      },
      podAntiAffinity: BOTH.spec.affinity.podAntiAffinity,
    })
    const decoded = decodePlacementPod(pod, 'pods[0]', false)
    expect(decoded.preferredAffinity).toEqual([])
    expect(decoded.preferredAntiAffinity?.map((t) => t.weight)).toEqual([5])
  })
})
