import { readFileSync } from 'node:fs'
import { load } from 'js-yaml'
import { describe, expect, it } from 'vitest'
import { kustomize, kustomizeOverlay, only, type KubeObject } from '../support/kube-tools.js'

/**
 * deploy/'s NetworkPolicy is opt-in, and the README's way of naming where the cluster's own
 * kube-scheduler calls from builds, as written, into a policy that admits it.
 */
const README = readFileSync(new URL('../../deploy/README.md', import.meta.url), 'utf8')

/** The YAML block of the README's NetworkPolicy section: a user's kustomization. */
function documentedOverlay(): Record<string, unknown> {
  const section = README.split(/^## /m).find((s) => s.startsWith('NetworkPolicy\n')) ?? ''
  const block = /```yaml\n([\s\S]*?)```/.exec(section)?.[1]
  if (block === undefined) throw new Error('deploy/README.md, NetworkPolicy: no yaml block')
  return load(block) as Record<string, unknown>
}

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
})
