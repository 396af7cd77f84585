import { describe, expect, it } from 'vitest'
import { helmRefusal, helmTemplate, only } from '../support/kube-tools.js'

/**
 * The chart's NetworkPolicy cannot drop kube-scheduler's calls silently: off unless asked for,
 * and then only with where kube-scheduler calls from (peers, CIDRs, or the chart's own second
 * scheduler), each CIDR one the API server takes.
 */
const withCidrs = (cidrs: string[]): object => ({
  networkPolicy: { enabled: true, controlPlaneCIDRs: cidrs },
})

interface Rule {
  from: Record<string, unknown>[]
}
const rules = (values: object): Rule[] =>
  (only(helmTemplate(values), 'NetworkPolicy').spec as { ingress: Rule[] }).ingress

describe('the chart’s NetworkPolicy', () => {
  it('is not rendered with the defaults', () => {
    expect(helmTemplate().filter((o) => o.kind === 'NetworkPolicy')).toEqual([])
  })

  it.each([
    [
      'turned on with nothing that says where kube-scheduler calls from',
      { networkPolicy: { enabled: true } },
      'minItems',
    ],
    [
      'turned on with an empty peers list (once rendered as a `from` admitting everyone)',
      { networkPolicy: { enabled: true, schedulerPeers: [] } },
      '/networkPolicy/schedulerPeers',
    ],
    [
      'a peer that selects nothing',
      { networkPolicy: { enabled: true, schedulerPeers: [{}] } },
      'minProperties',
    ],
    [
      'a peer’s ipBlock with a prefix longer than the address',
      { networkPolicy: { enabled: true, schedulerPeers: [{ ipBlock: { cidr: '10.0.0.0/40' } }] } },
      '/networkPolicy/schedulerPeers/0/ipBlock/cidr',
    ],
  ])('is refused when %s', (_name, values, named) => {
    expect(helmRefusal(values)).toContain(named)
  })

  it.each(['10.0.0.0/33', '10.0.0/24', '10.0.0.256/24', '10.0.0.0', 'fd00::/129', 'fd00:::1/64'])(
    'refuses the control-plane CIDR %s',
    (cidr) => {
      expect(helmRefusal(withCidrs([cidr]))).toContain('/networkPolicy/controlPlaneCIDRs/0')
    }
  )

  it.each([
    '0.0.0.0/0',
    '10.0.0.0/8',
    '192.168.1.17/32',
    '::/0',
    'fd00:10::/64',
    '2001:db8::1/128',
  ])('admits a host-network kube-scheduler from the CIDR %s', (cidr) => {
    expect(rules(withCidrs([cidr]))[0]?.from).toEqual([{ ipBlock: { cidr } }])
  })

  it('admits the peers it is given, and the chart’s own second scheduler by itself', () => {
    const peer = {
      namespaceSelector: {},
      podSelector: { matchLabels: { component: 'kube-scheduler' } },
    }
    expect(rules({ networkPolicy: { enabled: true, schedulerPeers: [peer] } })[0]?.from).toEqual([
      peer,
    ])
    const secondOnly = rules({
      networkPolicy: { enabled: true },
      secondScheduler: { enabled: true },
    })
    expect(secondOnly[0]?.from).toEqual([
      {
        podSelector: {
          matchLabels: {
            'app.kubernetes.io/name': 'taint-extender',
            'app.kubernetes.io/instance': 'taint-extender',
            'app.kubernetes.io/component': 'scheduler',
          },
        },
      },
    ])
  })

  it('refuses to render with no caller even when the schema is skipped', () => {
    const refusal = helmRefusal({ networkPolicy: { enabled: true } }, ['--skip-schema-validation'])
    expect(refusal).toContain('networkPolicy.enabled needs networkPolicy.schedulerPeers')
  })
})
