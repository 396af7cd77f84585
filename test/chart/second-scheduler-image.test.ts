import { describe, expect, it } from 'vitest'
import { helmRefusal, helmTemplate, type KubeObject } from '../support/kube-tools.js'

/**
 * The second scheduler's image: by default the cluster's own kube-scheduler release, as helm
 * reports the cluster (`--kube-version` stands in for the API server helm install talks to), so
 * it never runs outside the version skew policy; a tag or digest given pins it. Rendered with no
 * cluster and no `--kube-version`, helm's own release is not taken for the cluster's.
 */

function schedulerImage(values: object, kubeVersion: string | null): string {
  const args = kubeVersion === null ? [] : ['--kube-version', kubeVersion]
  const objects = helmTemplate(
    { secondScheduler: { enabled: true, ...values } },
    'taint-extender',
    args,
    kubeVersion === null
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

  const OFFLINE_REFUSAL =
    "secondScheduler.image.tag: rendered without a cluster, helm assumes Kubernetes v1.35.0, its own; pass the cluster's version (--kube-version 1.28.7, as kubectl version prints the server's) or set secondScheduler.image.tag, so the second scheduler is not newer than the API server"

  it('is refused, saying what to pass, when rendered with no cluster and no --kube-version (helm would assume its own v1.35.0, newer than a 1.28 API server)', () => {
    expect(helmRefusal({ secondScheduler: { enabled: true } }, [], true)).toContain(OFFLINE_REFUSAL)
  })

  it.each<[string, object, string]>([
    ['a tag given', { image: { tag: 'v1.29.1' } }, 'registry.k8s.io/kube-scheduler:v1.29.1'],
    [
      'a digest given',
      { image: { digest: `sha256:${'b'.repeat(64)}` } },
      `registry.k8s.io/kube-scheduler@sha256:${'b'.repeat(64)}`,
    ],
  ])('renders with no cluster and no --kube-version when %s pins the image', (_, values, image) => {
    expect(schedulerImage(values, null)).toBe(image)
  })

  it('renders with no cluster when the second scheduler is off, whatever the version', () => {
    expect(helmRefusal({}, [], true)).toBeNull()
  })
})
