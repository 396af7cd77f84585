import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { load } from 'js-yaml'
import { RENDERINGS, VALUE_SETS } from '../deploy/renderings.js'
import {
  helmTemplate,
  kustomize,
  kustomizeWithComponents,
  type KubeObject,
} from '../support/kube-tools.js'

/**
 * Every way of installing the extender, rendered by the real helm and kubectl: the chart over
 * each value set test/deploy/renderings.ts lists, for a 1.28 cluster and for the newest helm
 * knows, and every kustomization and component under deploy/, alone and in the combinations
 * test/deploy/renderings.ts lists.
 */

const root = fileURLToPath(new URL('../..', import.meta.url))

/** The oldest Kubernetes the chart's `kubeVersion` admits, and the control plane the tests run. */
export const OLDEST_KUBE_VERSION = '1.28.7'

/**
 * The newest Kubernetes helm 4.1 knows (its own client library's minor), named: rendered with no
 * --kube-version, the chart refuses to take helm's own release for the cluster's.
 */
const NEWEST_KUBE_VERSION = '1.35.7'

export interface Install {
  readonly name: string
  readonly objects: readonly KubeObject[]
  /** Rendered for the newest Kubernetes helm knows: newer than the server the objects are sent to. */
  readonly newest: boolean
  /** The chart's value set (test/deploy/renderings.ts), for the chart's renderings. */
  readonly valueSet?: string
}

function chartInstalls(): Install[] {
  return Object.entries(VALUE_SETS).flatMap(([name, values]) => [
    {
      name: `the chart with ${name}, for Kubernetes ${OLDEST_KUBE_VERSION}`,
      objects: helmTemplate(values, 'taint-extender', ['--kube-version', OLDEST_KUBE_VERSION]),
      newest: false,
      valueSet: name,
    },
    {
      name: `the chart with ${name}, for helm's newest Kubernetes`,
      objects: helmTemplate(values, 'taint-extender', ['--kube-version', NEWEST_KUBE_VERSION]),
      newest: true,
      valueSet: name,
    },
  ])
}

/** Folders under deploy/ that hold a kustomization.yaml, deepest last. */
function kustomizationFolders(dir = join(root, 'deploy')): string[] {
  const found: string[] = []
  for (const entry of readdirSync(dir).sort()) {
    const path = join(dir, entry)
    if (entry === 'kustomization.yaml') found.unshift(relative(root, dir))
    else if (statSync(path).isDirectory()) found.push(...kustomizationFolders(path))
  }
  return found
}

/** A Kustomization as `kubectl kustomize` builds it; a Component over the folder it sits in. */
function deployInstall(folder: string): Install {
  const kustomization = load(readFileSync(join(root, folder, 'kustomization.yaml'), 'utf8')) as {
    kind?: string
  }
  if (kustomization.kind !== 'Component')
    return { name: `kubectl kustomize ${folder}`, objects: kustomize(folder), newest: false }
  const base = dirname(folder)
  return {
    name: `${base} with the ${relative(base, folder)} component`,
    objects: kustomizeWithComponents([relative(base, folder)], base),
    newest: false,
  }
}

function deployCombinations(): Install[] {
  return Object.entries(RENDERINGS)
    .filter(([name]) => name.startsWith('deploy/') && name.includes('components'))
    .map(([name, rendering]) => ({ name, objects: rendering.objects(), newest: false }))
}

export function installs(): Install[] {
  return [...chartInstalls(), ...kustomizationFolders().map(deployInstall), ...deployCombinations()]
}
