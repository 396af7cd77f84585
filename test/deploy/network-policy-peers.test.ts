import { describe, expect, it } from 'vitest'
import { kustomizeOverlay, type KubeObject } from '../support/kube-tools.js'
import { documentedOverlay } from './documented-network-policy.js'
import { configOf, extenderPod, RENDERINGS, SCHEDULER_PODS, type Container } from './renderings.js'

/**
 * Every rule of every NetworkPolicy the chart and deploy/ render, checked peer by peer: the verbs
 * port admits only the callers named (addresses, or a namespace AND its pods), the probe port
 * (/metrics) only the one namespace named, and no peer is a pod label alone (its own namespace)
 * or a label from every namespace, which any pod can carry.
 */
type Selector = { matchLabels?: Record<string, string>; matchExpressions?: unknown[] }
interface Peer {
  ipBlock?: { cidr: string }
  namespaceSelector?: Selector
  podSelector?: Selector
}
interface Rule {
  from?: Peer[]
  ports?: { port: string | number }[]
}

const selects = (s: Selector | undefined): boolean =>
  Object.keys(s?.matchLabels ?? {}).length > 0 || (s?.matchExpressions ?? []).length > 0
const NAMESPACE_NAME = 'kubernetes.io/metadata.name'

/** The policies' rules, their ports resolved to the container's numbers. */
function rulesOf(objects: readonly KubeObject[]): { rules: Rule[]; verbs: number; probes: number } {
  const container = extenderPod(objects).containers[0] as Container
  const config = configOf(container)
  const resolve = (port: string | number): number | undefined =>
    typeof port === 'number' ? port : container.ports.find((p) => p.name === port)?.containerPort
  const rules = objects
    .filter((o) => o.kind === 'NetworkPolicy')
    .flatMap((o) => (o.spec as { ingress?: Rule[] }).ingress ?? [])
    .map((r) => ({ ...r, ports: (r.ports ?? []).map((p) => ({ port: resolve(p.port) ?? -1 })) }))
  return { rules, verbs: config.port, probes: config.probePort ?? -1 }
}

/** What each way of installing with a NetworkPolicy admits: verbs peers, then the metrics namespace. */
const SECOND_SCHEDULER = (labels: Record<string, string>): Peer => ({
  namespaceSelector: { matchLabels: { [NAMESPACE_NAME]: 'taint-extender' } },
  podSelector: { matchLabels: { ...labels, 'app.kubernetes.io/component': 'scheduler' } },
})
const CHART_SCHEDULER = SECOND_SCHEDULER({
  'app.kubernetes.io/name': 'taint-extender',
  'app.kubernetes.io/instance': 'taint-extender',
})
const DEPLOY_SCHEDULER = SECOND_SCHEDULER({ 'app.kubernetes.io/name': 'taint-extender' })
const EXPECTED: Record<string, { verbs: Peer[]; metrics: string | null }> = {
  'the chart with mutual TLS from cert-manager, with the second scheduler and a NetworkPolicy': {
    verbs: [CHART_SCHEDULER],
    metrics: 'monitoring',
  },
  'the chart with a NetworkPolicy for a host-network kube-scheduler on IPv4 and IPv6 control planes':
    {
      verbs: [{ ipBlock: { cidr: '10.0.0.0/24' } }, { ipBlock: { cidr: 'fd00:10::/64' } }],
      metrics: null,
    },
  'the chart with a NetworkPolicy for kube-scheduler pods in kube-system, any pod of `monitoring` scraping':
    { verbs: [SCHEDULER_PODS], metrics: 'monitoring' },
  'deploy/ with the network-policy component': { verbs: [DEPLOY_SCHEDULER], metrics: 'monitoring' },
  'deploy/ with the cert-manager and network-policy components, in this order': {
    verbs: [DEPLOY_SCHEDULER],
    metrics: 'monitoring',
  },
  'deploy/ with the network-policy and cert-manager components, in this order': {
    verbs: [DEPLOY_SCHEDULER],
    metrics: 'monitoring',
  },
}
const WITH_POLICY = Object.entries(RENDERINGS).filter(([, r]) => r.networkPolicy === true)
const CASES: [string, () => KubeObject[]][] = [
  ...WITH_POLICY.map(([name, r]): [string, () => KubeObject[]] => [name, r.objects]),
  [
    'deploy/ as its README’s NetworkPolicy section patches it',
    () => kustomizeOverlay(documentedOverlay()),
  ],
]
EXPECTED['deploy/ as its README’s NetworkPolicy section patches it'] = {
  verbs: [DEPLOY_SCHEDULER, { ipBlock: { cidr: '10.0.0.0/24' } }],
  metrics: 'prometheus',
}

describe('every NetworkPolicy rendered', () => {
  it('is checked for every rendering that asks for one', () => {
    expect(CASES.map(([name]) => name).sort()).toEqual(Object.keys(EXPECTED).sort())
  })

  describe.each(CASES)('%s', (name, objects) => {
    const { rules, verbs, probes } = rulesOf(objects())
    const expected = EXPECTED[name] ?? { verbs: [], metrics: null }

    it('has no peer that is a pod label alone, nor one from every namespace', () => {
      for (const peer of rules.flatMap((r) => r.from ?? [])) {
        if (peer.ipBlock !== undefined) expect(Object.keys(peer)).toEqual(['ipBlock'])
        else expect([selects(peer.namespaceSelector), peer]).toEqual([true, peer])
      }
    })

    it('has every rule name its peers and ports: none admits everyone or every port', () => {
      for (const rule of rules)
        expect([rule.from?.length ?? 0, rule.ports?.length ?? 0]).not.toContain(0)
    })

    it('admits to the verbs port exactly the callers named, each by addresses or namespace and pods', () => {
      const toVerbs = rules.filter((r) => r.ports?.some((p) => p.port === verbs))
      expect(toVerbs.map((r) => r.ports)).toEqual([[{ port: verbs }]])
      const peers = toVerbs.flatMap((r) => r.from ?? [])
      expect(peers).toEqual(expected.verbs)
      for (const peer of peers)
        expect(peer.ipBlock !== undefined || selects(peer.podSelector)).toBe(true)
    })

    it('admits to the probe port (/metrics) only the one namespace named, never with the verbs', () => {
      const toProbes = rules.filter((r) => r.ports?.some((p) => p.port === probes))
      expect(toProbes.map((r) => r.ports)).toEqual(
        expected.metrics === null ? [] : [[{ port: probes }]]
      )
      const namespaces = toProbes.flatMap((r) => r.from ?? []).map((p) => p.namespaceSelector)
      expect(namespaces).toEqual(
        expected.metrics === null ? [] : [{ matchLabels: { [NAMESPACE_NAME]: expected.metrics } }]
      )
    })
  })
})
