import { readFileSync } from 'node:fs'
import { load } from 'js-yaml'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { grafanaQueryAsPromql, readPromql, type PromqlReading } from '../support/promql.js'
import { startTestServer, type TestServer } from '../support/test-server.js'
import { TlsSeries } from '../../src/server/index.js'

/**
 * deploy/monitoring (PodMonitor, alert rules) and the Grafana dashboard, held to the metrics the
 * real server exports: every expression parses as PromQL, and reads only metrics, labels and
 * label values that exist, so that renaming a metric breaks this test rather than an alert that
 * then never fires. What each alert does over time is checked by promtool (npm run test:alerts).
 */
const root = new URL('../../', import.meta.url)
const read = (path: string): string => readFileSync(new URL(path, root), 'utf8')
const yaml = <T>(path: string): T => load(read(path)) as T

interface AlertRule {
  readonly alert: string
  readonly expr: string
  readonly for?: string
  readonly labels: Readonly<Record<string, string>>
  readonly annotations: Readonly<Record<string, string>>
}
const RULE = yaml<{ metadata: { namespace: string }; spec: { groups: { rules: AlertRule[] }[] } }>(
  'deploy/monitoring/prometheusrule.yaml'
)
const ALERTS = RULE.spec.groups.flatMap((group) => group.rules)

/** Labels Prometheus attaches to every scraped series (the PodMonitor adds the last four). */
const TARGET_LABELS = ['job', 'instance', 'namespace', 'pod', 'container', 'endpoint']
/** Every verb the service can serve, including explain, whose series exist only when it is on. */
const VERBS = ['filter', 'prioritize', 'preempt', 'explain']

interface Family {
  readonly labels: ReadonlySet<string>
  /** Label values seen in the exposition at start, by label. */
  readonly values: ReadonlyMap<string, ReadonlySet<string>>
}

/** The exported series names (histograms as _bucket, _sum, _count) and what each carries. */
async function exportedSeries(server: TestServer): Promise<Map<string, Family>> {
  const registry = server.metrics.registry
  const text = await registry.metrics()
  const series = new Map<string, Family>()
  for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    // prom-client keeps each metric's label names on it, though its types do not declare them.
    const metric = registry.getSingleMetric(name as string) as unknown as { labelNames: string[] }
    const labels = new Set(metric.labelNames)
    const names = type === 'histogram' ? ['_bucket', '_sum', '_count'].map((s) => name + s) : [name]
    for (const seriesName of names as string[]) {
      const values = new Map<string, Set<string>>()
      const lines = text.matchAll(new RegExp(`^${seriesName}\\{([^}]*)\\} `, 'gm'))
      for (const [, pairs] of lines) {
        for (const [, label, value] of (pairs as string).matchAll(/(\w+)="([^"]*)"/g)) {
          const seen = values.get(label as string) ?? new Set<string>()
          values.set(label as string, seen.add(value as string))
        }
      }
      const withLe = seriesName.endsWith('_bucket') ? new Set([...labels, 'le']) : labels
      series.set(seriesName, { labels: withLe, values })
    }
  }
  series.set('up', { labels: new Set(), values: new Map() })
  for (const [name, family] of KUBE_SCHEDULER_SERIES) series.set(name, family)
  return series
}

/**
 * kube-scheduler's own series that the rules and the dashboard read, as upstream defines them
 * (pkg/scheduler/metrics/metrics.go: scheduleAttempts, STABLE in v1.28, with labels result and
 * profile; profile_metrics.go's results scheduled, unschedulable and error). The profile's
 * values are the installer's scheduler names.
 */
const KUBE_SCHEDULER_SERIES: ReadonlyMap<string, Family> = new Map([
  [
    'scheduler_schedule_attempts_total',
    {
      labels: new Set(['result', 'profile']),
      values: new Map([['result', new Set(['scheduled', 'unschedulable', 'error'])]]),
    },
  ],
])

/** What is wrong with an expression against the exported series; empty when nothing is. */
function problemsOf(reading: PromqlReading, series: ReadonlyMap<string, Family>): string[] {
  const problems = [...reading.errors.map((e) => `syntax error at ${e}`)]
  const labelsRead = new Set(TARGET_LABELS)
  for (const { metric, matchers } of reading.selectors) {
    const family = series.get(metric)
    if (family === undefined) {
      problems.push(`${metric} is not exported`)
      continue
    }
    for (const label of family.labels) labelsRead.add(label)
    for (const { label, op, value } of matchers) {
      if (!family.labels.has(label) && !TARGET_LABELS.includes(label)) {
        problems.push(`${metric} has no label ${label}`)
      }
      const seen = family.values.get(label)
      if (seen === undefined || (op !== '=' && op !== '=~') || !/^[\w.|]+$/.test(value)) continue
      for (const alternative of value.split('|')) {
        if (!seen.has(alternative) && !(label === 'verb' && VERBS.includes(alternative))) {
          problems.push(`${metric} never has ${label}="${alternative}"`)
        }
      }
    }
  }
  for (const label of reading.groupingLabels) {
    if (!labelsRead.has(label)) problems.push(`grouped by ${label}, which no series carries`)
  }
  return problems
}

let server: TestServer
let series: Map<string, Family>
beforeAll(async () => {
  server = await startTestServer()
  // As src/main.ts does when it serves TLS: only then are the certificate's series exported.
  new TlsSeries(server.metrics.registry, { validTo: 'Nov 22 23:00:00 2027 GMT' })
  series = await exportedSeries(server)
})
afterAll(async () => {
  await server.close()
})

describe('the alert rules', () => {
  it.each(ALERTS.map((rule) => [rule.alert, rule] as const))(
    '%s reads only series, labels and values the service exports',
    (_name, rule) => {
      expect(problemsOf(readPromql(rule.expr), series)).toEqual([])
    }
  )

  it.each(ALERTS.map((rule) => [rule.alert, rule] as const))(
    '%s has a severity, a summary and a description that use only labels its result keeps',
    (_name, rule) => {
      expect(['critical', 'warning']).toContain(rule.labels.severity)
      expect(rule.for ?? '0m').toMatch(/^\d+[smh]$/)
      expect(rule.annotations.summary?.length).toBeGreaterThan(10)
      expect(rule.annotations.description?.length).toBeGreaterThan(40)
      // An aggregation keeps only its `by` labels; an alert without one keeps every label.
      const reading = readPromql(rule.expr)
      const kept = reading.groupingLabels.filter((label) => label !== 'le')
      const used = Object.values(rule.annotations).flatMap((text) =>
        [...text.matchAll(/\$labels\.(\w+)/g)].map((m) => m[1] as string)
      )
      for (const label of used) {
        if (kept.length > 0) expect(kept).toContain(label)
        else expect(TARGET_LABELS).toContain(label)
      }
    }
  )

  it('have unique names, each with its own runbook section in deploy/monitoring/README.md', () => {
    const names = ALERTS.map((rule) => rule.alert)
    expect(new Set(names).size).toBe(names.length)
    const sections = [...read('deploy/monitoring/README.md').matchAll(/^### (\w+)$/gm)]
    expect(sections.map((m) => m[1])).toEqual(names)
  })

  it('look for the job the PodMonitor gives the pods', () => {
    const monitor = yaml<{ spec: { jobLabel: string } }>('deploy/monitoring/podmonitor.yaml')
    const podLabels = deploymentPodLabels()
    const up = ALERTS.flatMap((rule) => readPromql(rule.expr).selectors).filter(
      (s) => s.metric === 'up'
    )
    expect(up.length).toBeGreaterThan(0)
    for (const selector of up) {
      expect(selector.matchers).toContainEqual({
        label: 'job',
        op: '=',
        value: podLabels[monitor.spec.jobLabel],
      })
    }
  })
})

function deploymentPodLabels(): Record<string, string> {
  const deployment = yaml<{
    spec: { template: { metadata: { labels: Record<string, string> } } }
  }>('deploy/deployment.yaml')
  return deployment.spec.template.metadata.labels
}

describe('the PodMonitor', () => {
  const monitor = yaml<{
    metadata: { namespace: string }
    spec: {
      selector: { matchLabels: Record<string, string> }
      podMetricsEndpoints: { port: string; path: string }[]
    }
  }>('deploy/monitoring/podmonitor.yaml')

  it('selects the Deployment’s pods and scrapes /metrics on a port they name', () => {
    expect(deploymentPodLabels()).toMatchObject(monitor.spec.selector.matchLabels)
    const deployment = read('deploy/deployment.yaml')
    for (const endpoint of monitor.spec.podMetricsEndpoints) {
      expect(deployment).toMatch(new RegExp(`- name: ${endpoint.port}\\n\\s+containerPort:`))
      expect(endpoint.path).toBe('/metrics')
    }
  })

  it('is applied with the rules by deploy/monitoring/kustomization.yaml, in the extender’s namespace', () => {
    const kustomization = yaml<{ resources: string[] }>('deploy/monitoring/kustomization.yaml')
    expect(kustomization.resources).toEqual(['podmonitor.yaml', 'prometheusrule.yaml'])
    const namespace = yaml<{ metadata: { name: string } }>('deploy/namespace.yaml').metadata.name
    expect(monitor.metadata.namespace).toBe(namespace)
    expect(RULE.metadata.namespace).toBe(namespace)
  })
})

describe('the Grafana dashboard', () => {
  const dashboard = JSON.parse(read('deploy/grafana/taint-extender-dashboard.json')) as {
    panels: { type: string; title: string; targets?: { expr: string; refId: string }[] }[]
    templating: { list: { name: string; type: string; query: unknown }[] }
  }
  const QUERIES: [string, string][] = [
    ...dashboard.panels.flatMap((panel) =>
      (panel.targets ?? []).map((t): [string, string] => [
        `panel “${panel.title}” query ${t.refId}`,
        t.expr,
      ])
    ),
    ...dashboard.templating.list
      .filter((variable) => variable.type === 'query')
      .map((v): [string, string] => [`variable $${v.name}`, String(v.query)]),
  ]

  it('has a query on every panel but the rows', () => {
    const empty = dashboard.panels.filter((p) => p.type !== 'row' && (p.targets ?? []).length === 0)
    expect(empty.map((p) => p.title)).toEqual([])
  })

  it.each(QUERIES)(
    '%s reads only series, labels and values the service exports',
    (_name, query) => {
      expect(problemsOf(readPromql(grafanaQueryAsPromql(query)), series)).toEqual([])
    }
  )
})
