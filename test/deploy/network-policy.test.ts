import { describe, expect, it } from 'vitest'
import { kustomize, kustomizeOverlay, only, type KubeObject } from '../support/kube-tools.js'
import { documentedOverlay } from './documented-network-policy.js'

/**
 * deploy/'s NetworkPolicy is opt-in, and the README's way of naming where the cluster's own
 * kube-scheduler calls from builds, as written, into a policy that admits it.
 */
interface Ingress {
  from: Record<string, unknown>[]
  ports: { port: number }[]
}
const ingressOf = (objects: readonly KubeObject[]): Ingress[] =>
  (only(objects, 'NetworkPolicy').spec as { ingress: Ingress[] }).ingress

describe('deploy/’s NetworkPolicy', () => {
  it('is not in the base: kubectl apply -k deploy/ applies none', () => {
    expect(kustomize('deploy').filter((o) => o.kind === 'NetworkPolicy')).toEqual([])
  })

  it('admits, as the README’s patch has it, the control-plane CIDR beside the second scheduler', () => {
    const [verbs] = ingressOf(kustomizeOverlay(documentedOverlay()))
    expect(verbs?.from).toEqual([
      {
        namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'taint-extender' } },
        podSelector: {
          matchLabels: {
            'app.kubernetes.io/name': 'taint-extender',
            'app.kubernetes.io/component': 'scheduler',
          },
        },
      },
      { ipBlock: { cidr: '10.0.0.0/24' } },
    ])
    expect(verbs?.ports).toEqual([{ port: 8888, protocol: 'TCP' }])
  })

  it('admits, as the README’s patch has it, Prometheus of the namespace named to /metrics only', () => {
    const [, metrics] = ingressOf(kustomizeOverlay(documentedOverlay()))
    expect(metrics?.from).toEqual([
      {
        namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'prometheus' } },
        podSelector: { matchLabels: { 'app.kubernetes.io/name': 'prometheus' } },
      },
    ])
    expect(metrics?.ports).toEqual([{ port: 8889, protocol: 'TCP' }])
  })
})
