import { describe, expect, it } from 'vitest'
import { helmTemplate, only, type KubeObject } from '../support/kube-tools.js'
import { isExtender } from '../deploy/renderings.js'

/**
 * The chart's alerts select the job its PodMonitor gives the series: the Prometheus Operator
 * takes a PodMonitor's job from the label its jobLabel names, on the pods it selects. A matcher
 * on any other job never matches, and TaintExtenderDown (absent(up{job=...})) fires forever.
 */

interface PodMonitorSpec {
  jobLabel: string
  selector: { matchLabels: Record<string, string> }
}
interface RuleGroups {
  groups: { rules: { alert: string; expr: string; annotations: Record<string, string> }[] }[]
}

/** The job label the PodMonitor gives the series of the extender's pods. */
function podMonitorJob(objects: readonly KubeObject[]): string | undefined {
  const monitor = only(objects, 'PodMonitor').spec as PodMonitorSpec
  const deployment = objects.find((o) => o.kind === 'Deployment' && isExtender(o)) as unknown as {
    spec: { template: { metadata: { labels: Record<string, string> } } }
  }
  const labels = deployment.spec.template.metadata.labels
  expect(labels).toMatchObject(monitor.selector.matchLabels)
  return labels[monitor.jobLabel]
}

/** Every job matcher (`job="…"`, `job=~"…"`) in the rules' expressions and annotations. */
function ruleJobs(objects: readonly KubeObject[]): string[] {
  const rules = (only(objects, 'PrometheusRule').spec as RuleGroups).groups.flatMap((g) => g.rules)
  const texts = rules.flatMap((r) => [r.expr, ...Object.values(r.annotations)])
  return texts.flatMap((text) =>
    [...text.matchAll(/\bjob\s*=~?\s*"([^"]*)"/g)].map((m) => m[1] ?? '')
  )
}

describe('the chart’s alerts', () => {
  it.each([
    ['the chart’s own names', {}, 'taint-extender', 'taint-extender'],
    ['nameOverride', { nameOverride: 'bar' }, 'te', 'bar'],
    ['fullnameOverride', { fullnameOverride: 'scheduling-taints' }, 'te', 'taint-extender'],
    ['both overrides', { nameOverride: 'bar', fullnameOverride: 'baz' }, 'te', 'bar'],
  ])(
    'with %s select the job the PodMonitor gives, in every job matcher',
    (_name, names, release, job) => {
      const objects = helmTemplate(
        { ...names, podMonitor: { enabled: true }, prometheusRule: { enabled: true } },
        release
      )
      expect(podMonitorJob(objects)).toBe(job)
      const jobs = ruleJobs(objects)
      expect(jobs.length).toBeGreaterThan(0)
      expect(new Set(jobs)).toEqual(new Set([job]))
    }
  )

  it('select prometheusRule.job where something other than the PodMonitor scrapes the pods', () => {
    const objects = helmTemplate({
      nameOverride: 'bar',
      prometheusRule: { enabled: true, job: 'kubernetes-pods' },
    })
    expect(objects.some((o) => o.kind === 'PodMonitor')).toBe(false)
    expect(new Set(ruleJobs(objects))).toEqual(new Set(['kubernetes-pods']))
  })
})
