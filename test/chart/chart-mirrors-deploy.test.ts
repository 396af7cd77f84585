import { readFileSync } from 'node:fs'
import { load } from 'js-yaml'
import { describe, expect, it } from 'vitest'
import { helmLint, helmRefusal, helmTemplate, kustomize, only } from '../support/kube-tools.js'
import { configOf, extenderPod, VALUE_SETS } from '../deploy/renderings.js'

/**
 * The chart with its defaults installs what `kubectl apply -k deploy/` does, both built by the
 * real tools; its second scheduler and alerts are the shipped files; bad values are refused.
 */
const root = new URL('../../', import.meta.url)
const chart = helmTemplate()
const kustomized = kustomize('deploy')

type Pod = ReturnType<typeof extenderPod>
/** A pod spec without the label selectors, which name the release in the chart. */
function withoutSelectors(pod: Pod): unknown {
  const { topologySpreadConstraints, affinity, ...rest } = pod as unknown as Record<string, unknown>
  void topologySpreadConstraints
  void affinity
  const containers = pod.containers.map(({ args, ...c }) => ({
    ...c,
    args: configOf({ args } as never),
  }))
  return { ...rest, containers }
}

describe('the chart with its default values', () => {
  it('runs the pod deploy/ runs: same image, args, resources, probes, security and placement', () => {
    expect(withoutSelectors(extenderPod(chart))).toEqual(withoutSelectors(extenderPod(kustomized)))
  })

  it('creates the kinds deploy/ creates, but the Namespace (helm install --create-namespace)', () => {
    const kinds = (objects: typeof chart): string[] => objects.map((o) => o.kind).sort()
    expect(kinds(chart)).toEqual(kinds(kustomized).filter((k) => k !== 'Namespace'))
  })

  it('grants the same ClusterRole, keeps the same disruption budget, serves the same port', () => {
    for (const kind of ['ClusterRole', 'PodDisruptionBudget', 'Service']) {
      const pick = (o: Record<string, unknown>): unknown =>
        kind === 'ClusterRole'
          ? o.rules
          : kind === 'Service'
            ? (o.spec as { ports: unknown }).ports
            : (o.spec as { minAvailable: unknown }).minAvailable
      expect([kind, pick(only(chart, kind))]).toEqual([kind, pick(only(kustomized, kind))])
    }
  })
})

describe('the chart’s second scheduler and alerts', () => {
  it('configures the second kube-scheduler as scheduler-config/second-scheduler.yaml does', () => {
    const objects = helmTemplate({ secondScheduler: { enabled: true } })
    const configMap = only(objects, 'ConfigMap') as unknown as { data: { 'config.yaml': string } }
    const shipped = load(
      readFileSync(new URL('scheduler-config/second-scheduler.yaml', root), 'utf8')
    )
    expect(load(configMap.data['config.yaml'])).toEqual(shipped)
  })

  it('alerts with deploy/monitoring/prometheusrule.yaml’s rules, exactly', () => {
    const rule = only(helmTemplate({ prometheusRule: { enabled: true } }), 'PrometheusRule')
    const shipped = load(
      readFileSync(new URL('deploy/monitoring/prometheusrule.yaml', root), 'utf8')
    )
    expect(rule.spec).toEqual((shipped as { spec: unknown }).spec)
  })

  it('watches the second scheduler’s profile for missing filter calls when it runs one', () => {
    const text = (values: object): string =>
      JSON.stringify(
        only(helmTemplate({ prometheusRule: { enabled: true }, ...values }), 'PrometheusRule').spec
      )
    const shipped = text({})
    const second = text({ secondScheduler: { enabled: true, schedulerName: 'tainted' } })
    expect(second).toBe(shipped.replace('profile=\\"default-scheduler\\"', 'profile=\\"tainted\\"'))
    expect(second).not.toBe(shipped)
    const given = text({ prometheusRule: { enabled: true, schedulerProfile: 'batch' } })
    expect(given).toContain('profile=\\"batch\\"')
  })
})

describe('values the chart refuses, naming the value', () => {
  it.each([
    [{ mode: 'nodecache' }, '/mode'],
    [{ replicas: 3 }, "'replicas' not allowed"],
    [{ maxBody: '32 megabytes' }, '/maxBody'],
    [
      { featureGates: { TaintTolerationComparisonOperator: true } },
      'TaintTolerationComparisonOperator',
    ],
    [{ tls: { enabled: true, probePort: 8888 } }, "'probePort' not allowed"],
    [{ tls: { enabled: true }, probePort: 8888 }, 'probePort must differ from port'],
    [
      { probePort: 8888 },
      'probePort must differ from port: probes and metrics have a port of their own',
    ],
    [{ tls: { certManager: { enabled: true, issuerRef: { name: 'ca' } } } }, 'needs tls.enabled'],
    [{ tls: { enabled: true, certManager: { enabled: true } } }, 'issuerRef.name is required'],
    [{ podLabel: { team: 'a' } }, "'podLabel' not allowed"],
    [{ serviceAccount: { create: true, annotation: {} } }, "'annotation' not allowed"],
    [{ evictingNodes: 'never' }, '/evictingNodes'],
    [{ image: { digest: 'latest' } }, '/image/digest'],
    [{ fullnameOverride: 'Taint_Extender' }, '/fullnameOverride'],
    [{ serviceAccount: { create: false } }, 'serviceAccount.name is required'],
    [
      { tls: { enabled: true, secretName: 'mine' }, secondScheduler: { enabled: true } },
      'secondScheduler.clientCertSecretName is required',
    ],
  ])('%j is refused with a message naming %s', (values, named) => {
    expect(helmRefusal(values)).toContain(named)
  })
})

describe('helm lint --strict', () => {
  it.each(Object.keys(VALUE_SETS))('passes with %s', (name) => {
    expect(helmLint(VALUE_SETS[name] ?? {})).toContain('0 chart(s) failed')
  })
})
