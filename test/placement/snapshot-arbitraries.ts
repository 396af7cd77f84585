import fc from 'fast-check'
import type { PlacementPod } from '../../src/placement/index.js'
import { node, podTerm, pod, req, selector, type PodSpec, type TestNode } from './builders.js'
import { constraint } from './spread-builders.js'

/**
 * Small generated clusters for the snapshot's properties: a few nodes in two zones (one without
 * a zone label), pods in two namespaces with requests, host ports, priorities and affinity
 * terms, some bound to a node the cluster does not hold.
 */

export const NODE_NAMES = ['n0', 'n1', 'n2', 'n3', 'n4'] as const
export const NAMESPACES = ['ns-a', 'ns-b'] as const
const HOSTNAME = 'kubernetes.io/hostname'

const nodeArb = (name: string): fc.Arbitrary<TestNode> =>
  fc
    .record({
      zone: fc.constantFrom('a', 'b', null),
      cpu: fc.constantFrom('1', '2', '4'),
      pods: fc.constantFrom('3', '110'),
    })
    .map(({ zone, cpu, pods }) =>
      node(name, {
        labels: { [HOSTNAME]: name, ...(zone === null ? {} : { zone }) },
        allocatable: { cpu, memory: '4Gi', pods, 'example.com/gpu': '2' },
      })
    )

export const nodesArb: fc.Arbitrary<TestNode[]> = fc.tuple(...NODE_NAMES.map(nodeArb))

const appArb = fc.constantFrom('web', 'db')
const termArb = fc
  .record({ key: fc.constantFrom('zone', HOSTNAME), app: appArb, byIn: fc.boolean() })
  .map(({ key, app, byIn }) =>
    podTerm(key, byIn ? selector({}, req('app', 'In', app)) : selector({ app }))
  )

const specArb: fc.Arbitrary<PodSpec> = fc.record({
  namespace: fc.constantFrom(...NAMESPACES),
  labels: fc.record({ app: appArb }, { requiredKeys: [] }),
  requests: fc.record(
    {
      cpu: fc.constantFrom('100m', '500m', '1'),
      memory: fc.constantFrom('256Mi', '1Gi'),
      'example.com/gpu': fc.constant('1'),
    },
    { requiredKeys: [] }
  ),
  hostPorts: fc.array(
    fc.record({
      hostIP: fc.constantFrom('', '10.0.0.1'),
      protocol: fc.constantFrom('', 'UDP'),
      hostPort: fc.constantFrom(80, 8080),
    }),
    { maxLength: 1 }
  ),
  priority: fc.constantFrom(0, 10, 100),
  affinity: fc.array(termArb, { maxLength: 1 }),
  antiAffinity: fc.array(termArb, { maxLength: 2 }),
})

/** `count` bound pods named `${prefix}0…`, on the cluster's nodes or on one it lacks. */
export function placedPodsArb(prefix: string, count: number): fc.Arbitrary<PlacementPod[]> {
  const one = fc.record({
    spec: specArb,
    nodeName: fc.constantFrom(...NODE_NAMES, 'elsewhere'),
    terminating: fc.boolean(),
    // Preferred terms alone put a pod among the pods with affinity (InterPodAffinity's scoring).
    preferredAffinity: fc.array(
      termArb.map((term) => ({ weight: 5, term })),
      { maxLength: 1 }
    ),
    // A claim puts a pod among the pods with claims (NodeVolumeLimits counts their volumes).
    claimed: fc.boolean(),
  })
  return fc.array(one, { maxLength: count }).map((rows) =>
    rows.map(({ spec, nodeName, terminating, preferredAffinity, claimed }, i) => {
      const volumeClaims = claimed ? [{ claimName: `data-${prefix}${i}`, ephemeral: false }] : []
      return {
        ...pod({ ...spec, name: `${prefix}${i}`, nodeName, volumeClaims }),
        terminating,
        preferredAffinity,
      }
    })
  )
}

/** Pods to place, some with a zone spread constraint (DoNotSchedule) over their own app. */
export function incomingPodsArb(count: number): fc.Arbitrary<PlacementPod[]> {
  const one = fc.record({ spec: specArb, spread: fc.boolean() })
  return fc.array(one, { minLength: 1, maxLength: count }).map((rows) =>
    rows.map(({ spec, spread }, i) =>
      pod({
        ...spec,
        name: `incoming-${i}`,
        topologySpreadConstraints: spread
          ? [constraint(1, 'zone', selector({ app: spec.labels?.app ?? 'web' }))]
          : [],
      })
    )
  )
}
