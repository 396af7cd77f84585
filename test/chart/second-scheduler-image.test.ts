import { describe, expect, it } from 'vitest'
import { helmTemplate, type KubeObject } from '../support/kube-tools.js'

/**
 * The second scheduler's image: by default the cluster's own kube-scheduler release, as helm
 * reports the cluster (`--kube-version` stands in for the API server helm install talks to), so
 * it never runs outside the version skew policy; a tag or digest given pins it.
 */

function schedulerImage(values: object, kubeVersion: string | null): string {
  const args = kubeVersion === null ? [] : ['--kube-version', kubeVersion]
  const objects = helmTemplate(
    { secondScheduler: { enabled: true, ...values } },
    'taint-extender',
    args
  )
  const deployment = objects.find(
    (o: KubeObject) => o.kind === 'Deployment' && o.metadata.name.endsWith('-scheduler')
  ) as unknown as { spec: { template: { spec: { containers: { image: string }[] } } } }
  const container = deployment.spec.template.spec.containers[0]
  if (container === undefined) throw new Error('the second scheduler has no container')
  return container.image
}

describe('secondScheduler.image', () => {
  it.each<[string, object, string, string]>([
    [
      'defaults to the release of a 1.28 cluster',
      {},
      '1.28.7',
      'registry.k8s.io/kube-scheduler:v1.28.7',
    ],
    [
      'drops a provider suffix from the cluster version, as registry.k8s.io tags only upstream releases',
      {},
      'v1.30.2-eks-1234abc',
      'registry.k8s.io/kube-scheduler:v1.30.2',
    ],
    [
      'keeps a tag given, whatever the cluster',
      { image: { tag: 'v1.29.1' } },
      '1.28.7',
      'registry.k8s.io/kube-scheduler:v1.29.1',
    ],
    [
      'pulls by digest when one is given',
      { image: { digest: `sha256:${'a'.repeat(64)}` } },
      '1.28.7',
      `registry.k8s.io/kube-scheduler@sha256:${'a'.repeat(64)}`,
    ],
  ])('%s', (_, values, kubeVersion, expected) => {
    expect(schedulerImage(values, kubeVersion)).toBe(expected)
  })
})
