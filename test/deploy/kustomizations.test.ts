import { readdirSync, readFileSync } from 'node:fs'
import { load } from 'js-yaml'
import { describe, expect, it } from 'vitest'
import { kustomize, kustomizeWithComponents } from '../support/kube-tools.js'

/**
 * The kustomizations under deploy/, built by the real kubectl: each builds, and each lists every
 * file beside it, so that no manifest is left out of `kubectl apply -k`.
 */
const root = new URL('../../', import.meta.url)

interface Kustomization {
  resources?: string[]
  patches?: { path: string }[]
  configMapGenerator?: { files: string[] }[]
}

/** The files a kustomization names: resources, patches and generator inputs. */
function named(dir: string): string[] {
  const k = load(readFileSync(new URL(`${dir}/kustomization.yaml`, root), 'utf8')) as Kustomization
  const generated = (k.configMapGenerator ?? []).flatMap((g) =>
    g.files.map((f) => f.split('=').pop() ?? f)
  )
  return [...(k.resources ?? []), ...(k.patches ?? []).map((p) => p.path), ...generated].sort()
}

const yamlFilesIn = (dir: string): string[] =>
  readdirSync(new URL(`${dir}/`, root))
    .filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml')
    .sort()

/** The components, each with the base it is a component of. */
const COMPONENTS: Readonly<Record<string, () => ReturnType<typeof kustomize>>> = {
  'deploy/cert-manager': () => kustomizeWithComponents(['cert-manager']),
  'deploy/network-policy': () => kustomizeWithComponents(['network-policy']),
  'deploy/second-scheduler/cert-manager': () =>
    kustomizeWithComponents(['cert-manager'], 'deploy/second-scheduler'),
}

describe.each([
  'deploy',
  'deploy/second-scheduler',
  'deploy/monitoring',
  'deploy/cert-manager',
  'deploy/network-policy',
  'deploy/second-scheduler/cert-manager',
])('the kustomization in %s', (dir) => {
  it('names every manifest beside it', () => {
    expect(named(dir)).toEqual(yamlFilesIn(dir))
  })

  it('builds with kubectl kustomize, into objects of the taint-extender namespace', () => {
    const objects = (COMPONENTS[dir] ?? (() => kustomize(dir)))()
    expect(objects.length).toBeGreaterThan(0)
    const namespaces = new Set(objects.map((o) => o.metadata.namespace).filter(Boolean))
    // The second scheduler's authentication reader binding lives in kube-system by design.
    namespaces.delete('kube-system')
    expect([...namespaces]).toEqual(['taint-extender'])
  })
})
