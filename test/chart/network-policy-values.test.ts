import { describe, expect, it } from 'vitest'
import {
  CHART,
  helmCommand,
  helmLint,
  helmRefusal,
  helmTemplate,
  only,
} from '../support/kube-tools.js'

/**
 * The chart's NetworkPolicy cannot drop kube-scheduler's calls silently: off unless asked for,
 * and then only with where kube-scheduler calls from (peers, CIDRs, or the chart's own second
 * scheduler), each CIDR one the API server takes.
 */
/** What the chart says when nothing names where kube-scheduler calls from. */
const NO_CALLER =
  'networkPolicy.enabled needs controlPlaneCIDRs or schedulerPeers naming where kube-scheduler calls from (a kubeadm kube-scheduler uses hostNetwork: list the CIDRs of the control-plane nodes), or secondScheduler.enabled; see the chart README'

/** helm's output (stdout and stderr) when the command fails, or null when it succeeds. */
function failure(command: () => unknown): string | null {
  try {
    command()
    return null
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: unknown; stderr?: unknown }
    return `${String(stdout)}${String(stderr)}`
  }
}

const POD_LABELS = { matchLabels: { component: 'kube-scheduler' } }
const KUBE_SYSTEM = { matchLabels: { 'kubernetes.io/metadata.name': 'kube-system' } }

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
      NO_CALLER,
    ],
    [
      'turned on with an empty peers list (once rendered as a `from` admitting everyone)',
      { networkPolicy: { enabled: true, schedulerPeers: [] } },
      NO_CALLER,
    ],
    [
      'turned on with empty peers and CIDRs',
      { networkPolicy: { enabled: true, schedulerPeers: [], controlPlaneCIDRs: [] } },
      NO_CALLER,
    ],
    [
      'a peer that selects nothing',
      { networkPolicy: { enabled: true, schedulerPeers: [{}] } },
      'minProperties',
    ],
    [
      'a scheduler peer that is pod labels alone (its own namespace, where anyone may set them)',
      { networkPolicy: { enabled: true, schedulerPeers: [{ podSelector: POD_LABELS }] } },
      "at '/networkPolicy/schedulerPeers/0': missing property 'namespaceSelector'",
    ],
    [
      'a scheduler peer from every namespace (namespaceSelector: {})',
      {
        networkPolicy: {
          enabled: true,
          schedulerPeers: [{ namespaceSelector: {}, podSelector: POD_LABELS }],
        },
      },
      "at '/networkPolicy/schedulerPeers/0/namespaceSelector': minProperties",
    ],
    [
      'a scheduler peer whose namespace labels are empty',
      {
        networkPolicy: {
          enabled: true,
          schedulerPeers: [{ namespaceSelector: { matchLabels: {} }, podSelector: POD_LABELS }],
        },
      },
      "at '/networkPolicy/schedulerPeers/0/namespaceSelector/matchLabels': minProperties",
    ],
    [
      'a scheduler peer naming a namespace but every pod in it',
      {
        networkPolicy: {
          enabled: true,
          schedulerPeers: [{ namespaceSelector: KUBE_SYSTEM }],
        },
      },
      "at '/networkPolicy/schedulerPeers/0': missing property 'podSelector'",
    ],
    [
      'metrics from the peers list it once took (every namespace by default)',
      { networkPolicy: { enabled: true, controlPlaneCIDRs: ['10.0.0.0/8'], metricsPeers: [] } },
      "'metricsPeers' not allowed",
    ],
    [
      'a metrics namespace that is no namespace name',
      {
        networkPolicy: { enabled: true, controlPlaneCIDRs: ['10.0.0.0/8'], metricsNamespace: '*' },
      },
      '/networkPolicy/metricsNamespace',
    ],
    [
      'a peer’s ipBlock with a prefix longer than the address',
      { networkPolicy: { enabled: true, schedulerPeers: [{ ipBlock: { cidr: '10.0.0.0/40' } }] } },
      '/networkPolicy/schedulerPeers/0/ipBlock/cidr',
    ],
  ])('is refused when %s', (_name, values, named) => {
    expect(helmRefusal(values)).toContain(named)
  })

  const NOT_A_CIDR =
    'a CIDR: an IPv4 or IPv6 address, a slash and a prefix length, as 10.0.0.0/24 or fd00::/64'
  it.each([
    ['10.0.0.0/33', 'an IPv4 CIDR whose prefix length is 0 to 32, the bits of an IPv4 address'],
    ['fd00::/129', 'an IPv6 CIDR whose prefix length is 0 to 128, the bits of an IPv6 address'],
    ['10.0.0/24', NOT_A_CIDR],
    ['10.0.0.256/24', NOT_A_CIDR],
    ['10.0.0.0', NOT_A_CIDR],
    ['fd00:::1/64', NOT_A_CIDR],
    ['10.0.0.0/x', NOT_A_CIDR],
  ])(
    'refuses the control-plane CIDR %s saying what is wrong in words, in one line',
    (cidr, words) => {
      const problems = [...(helmRefusal(withCidrs([cidr])) ?? '').matchAll(/^\s*- at (.*)$/gm)]
      expect(problems.map(([, problem]) => problem)).toEqual([
        `'/networkPolicy/controlPlaneCIDRs/0': value must be '${words}'`,
      ])
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
    const peer = { namespaceSelector: KUBE_SYSTEM, podSelector: POD_LABELS }
    expect(rules({ networkPolicy: { enabled: true, schedulerPeers: [peer] } })[0]?.from).toEqual([
      peer,
    ])
    const secondOnly = rules({
      networkPolicy: { enabled: true },
      secondScheduler: { enabled: true },
    })
    expect(secondOnly[0]?.from).toEqual([
      {
        namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'taint-extender' } },
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
    expect(refusal).toContain(`templates/networkpolicy.yaml`)
    expect(refusal).toContain(`): ${NO_CALLER}\n`)
  })

  it.each([
    [{ podSelector: POD_LABELS }],
    [{ namespaceSelector: {}, podSelector: POD_LABELS }],
    [{ namespaceSelector: KUBE_SYSTEM, podSelector: { matchLabels: {} } }],
  ])('refuses the label-only scheduler peer %j even when the schema is skipped', (peer) => {
    const values = { networkPolicy: { enabled: true, schedulerPeers: [peer] } }
    const refusal = helmRefusal(values, ['--skip-schema-validation'])
    expect(refusal).toContain(
      'networkPolicy.schedulerPeers[0] needs a namespaceSelector and a podSelector, neither empty, or an ipBlock'
    )
  })

  it('admits to /metrics only the namespace named, any pod of it when no pod labels are given', () => {
    const base = { enabled: true, controlPlaneCIDRs: ['10.0.0.0/8'] }
    expect(rules({ networkPolicy: base })).toHaveLength(1)
    const named = rules({ networkPolicy: { ...base, metricsNamespace: 'obs' } })[1]
    const anyPod = rules({
      networkPolicy: { ...base, metricsNamespace: 'obs', metricsPodLabels: null },
    })[1]
    const obs = { matchLabels: { 'kubernetes.io/metadata.name': 'obs' } }
    expect([named?.from, anyPod?.from]).toEqual([
      [
        {
          namespaceSelector: obs,
          podSelector: { matchLabels: { 'app.kubernetes.io/name': 'prometheus' } },
        },
      ],
      [{ namespaceSelector: obs, podSelector: {} }],
    ])
  })

  it.each([
    ['helm template', () => helmTemplate({ networkPolicy: { enabled: true } })],
    [
      'helm install',
      () =>
        helmCommand([
          'install',
          'taint-extender',
          CHART,
          '--dry-run=client',
          '--set',
          'networkPolicy.enabled=true',
        ]),
    ],
    ['helm lint --strict', () => helmLint({ networkPolicy: { enabled: true } })],
  ])('says what to set, and nothing more, when %s refuses it with no caller', (_name, command) => {
    const output = failure(command)
    expect(output).not.toBeNull()
    const problems = [...(output ?? '').matchAll(/^\s*- at '([^']*)': (.*)$/gm)]
    const said = new Set(problems.map(([, at, problem]) => `at '${at}': ${problem}`))
    expect(said).toEqual(new Set([`at '': missing property '${NO_CALLER}'`]))
  })
})
