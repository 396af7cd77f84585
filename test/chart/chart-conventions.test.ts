import { readFileSync } from 'node:fs'
import { load } from 'js-yaml'
import { describe, expect, it } from 'vitest'
import { helmRefusal, helmTemplate, only, type KubeObject } from '../support/kube-tools.js'
import { isExtender } from '../deploy/renderings.js'

/**
 * The values the best-kept charts have (names, service account, pod metadata and security,
 * placement, image digest, extra args and environment), and the Kubernetes versions the chart
 * claims: rendered by the real helm, each doing what its name says.
 */
const chart = new URL('../../charts/taint-extender/', import.meta.url)

type Template = {
  metadata: { labels: Record<string, string>; annotations?: Record<string, string> }
  spec: Record<string, unknown> & {
    serviceAccountName: string
    containers: { image: string; env: unknown[]; args: string[] }[]
  }
}
const podTemplate = (objects: readonly KubeObject[]): Template => {
  const deployment = objects.find((o) => o.kind === 'Deployment' && isExtender(o))
  return (deployment as unknown as { spec: { template: Template } }).spec.template
}

const POD_SECURITY = {
  runAsNonRoot: true,
  runAsUser: 65532,
  runAsGroup: 65532,
  seccompProfile: { type: 'RuntimeDefault' },
}

describe('names', () => {
  it('fullnameOverride names every object; the labels keep the chart’s name', () => {
    const objects = helmTemplate({ fullnameOverride: 'te', secondScheduler: { enabled: true } })
    const names = new Set(objects.map((o) => o.metadata.name.split(':')[0]))
    expect([...names].filter((n) => !n?.startsWith('te'))).toEqual([])
    expect(podTemplate(objects).metadata.labels['app.kubernetes.io/name']).toBe('taint-extender')
  })

  it('nameOverride renames the objects and the pods’ app.kubernetes.io/name', () => {
    const objects = helmTemplate({ nameOverride: 'taints' }, 'prod')
    expect(only(objects, 'Service').metadata.name).toBe('prod-taints')
    expect(podTemplate(objects).metadata.labels['app.kubernetes.io/name']).toBe('taints')
  })
})

describe('the service account', () => {
  it('is created with its annotations, and bound to the node-reading ClusterRole', () => {
    const objects = helmTemplate({
      serviceAccount: { name: 'nodes-reader', annotations: { 'example.com/a': 'b' } },
    })
    const account = only(objects, 'ServiceAccount')
    expect([
      account.metadata.name,
      (account.metadata as { annotations?: object }).annotations,
    ]).toEqual(['nodes-reader', { 'example.com/a': 'b' }])
    expect(podTemplate(objects).spec.serviceAccountName).toBe('nodes-reader')
    const binding = only(objects, 'ClusterRoleBinding') as unknown as {
      subjects: { name: string }[]
    }
    expect(binding.subjects.map((s) => s.name)).toEqual(['nodes-reader'])
  })

  it('is an existing one when create is false: none rendered, the pod and binding name it', () => {
    const objects = helmTemplate({ serviceAccount: { create: false, name: 'existing' } })
    expect(objects.filter((o) => o.kind === 'ServiceAccount')).toEqual([])
    expect(podTemplate(objects).spec.serviceAccountName).toBe('existing')
  })
})

describe('the pod', () => {
  it('carries podAnnotations and podLabels besides its own, the selector unchanged', () => {
    const objects = helmTemplate({ podAnnotations: { a: '1' }, podLabels: { team: 'platform' } })
    const template = podTemplate(objects)
    expect(template.metadata.annotations).toMatchObject({ a: '1', 'prometheus.io/scrape': 'true' })
    expect(template.metadata.labels).toMatchObject({ team: 'platform' })
    const selector = (
      only(objects, 'Deployment', 'taint-extender').spec as { selector: { matchLabels: object } }
    ).selector.matchLabels
    expect(selector).not.toHaveProperty('team')
  })

  it('takes the security contexts, affinity and spread it is given in place of the defaults', () => {
    const affinity = {
      nodeAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: {
          nodeSelectorTerms: [
            { matchExpressions: [{ key: 'pool', operator: 'In', values: ['system'] }] },
          ],
        },
      },
    }
    const spread = [{ maxSkew: 2, topologyKey: 'zone', whenUnsatisfiable: 'ScheduleAnyway' }]
    const spec = podTemplate(
      helmTemplate({
        affinity,
        topologySpreadConstraints: spread,
        podSecurityContext: { fsGroup: 2000 },
        securityContext: { runAsUser: 1000 },
      })
    ).spec
    expect([spec.affinity, spec.topologySpreadConstraints]).toEqual([affinity, spread])
    // Maps merge with the chart's defaults, as helm merges every map value.
    expect(spec.securityContext).toEqual({ ...POD_SECURITY, fsGroup: 2000 })
    expect(spec.containers[0]).toMatchObject({
      securityContext: { runAsUser: 1000, readOnlyRootFilesystem: true },
    })
  })

  it('pulls the image by digest when one is given, else by tag or the appVersion', () => {
    const digest = `sha256:${'0'.repeat(64)}`
    const image = (values: object): string | undefined =>
      podTemplate(helmTemplate(values)).spec.containers[0]?.image
    expect(image({ image: { repository: 'r/x', digest } })).toBe(`r/x@${digest}`)
    expect(image({ image: { repository: 'r/x', tag: '1.2.3' } })).toBe('r/x:1.2.3')
    expect(image({})).toBe('taint-extender:0.1.0')
  })

  it('appends extraArgs to the arguments and extraEnv to the environment', () => {
    const container = podTemplate(
      helmTemplate({
        extraArgs: ['--watchdog-seconds=600'],
        extraEnv: [{ name: 'TZ', value: 'UTC' }],
      })
    ).spec.containers[0]
    expect(container?.args.at(-1)).toBe('--watchdog-seconds=600')
    expect(container?.env.at(-1)).toEqual({ name: 'TZ', value: 'UTC' })
  })
})

describe('Kubernetes versions', () => {
  const meta = load(readFileSync(new URL('Chart.yaml', chart), 'utf8')) as Record<string, string>

  it('renders the same objects for 1.28.7, the oldest it claims, and the newest, with nothing 1.28 refuses', () => {
    // The second scheduler's image is pinned: by default it follows the cluster's version
    // (second-scheduler-image.test.ts), the one difference the version makes.
    const values = {
      tls: { enabled: true, secretName: 's' },
      secondScheduler: { enabled: true, clientCertSecretName: 'c', image: { tag: 'v1.35.7' } },
    }
    const oldest = helmTemplate(values, 'taint-extender', ['--kube-version', '1.28.7'])
    const newest = helmTemplate(values, 'taint-extender', ['--kube-version', '1.35.0'])
    expect(oldest).toEqual(newest)
    // The preStop sleep action is 1.30 (alpha in 1.29); a 1.28 API server refuses the field.
    expect(JSON.stringify(oldest)).not.toMatch(/"sleep"/)
  })

  it('claims 1.28 and later in Chart.yaml, and helm refuses to render for 1.27', () => {
    expect(meta.kubeVersion).toBe('>=1.28.0-0')
    expect(helmRefusal({}, ['--kube-version', '1.27.9'])).toContain(
      'incompatible with Kubernetes v1.27.9'
    )
  })

  it('names an icon in Chart.yaml', () => {
    expect(new URL(meta.icon ?? '').protocol).toBe('https:')
  })
})
