import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { dump, loadAll } from 'js-yaml'

/**
 * The real helm and kubectl (its built-in kustomize), as .ci/kube-tools installs them from the
 * npm registry, run over charts/taint-extender and deploy/.
 */
const root = fileURLToPath(new URL('../..', import.meta.url))

export type KubeObject = Record<string, unknown> & {
  readonly kind: string
  readonly metadata: { readonly name: string; readonly namespace?: string }
}

let folder: string | undefined
function tool(name: 'helm' | 'kubectl'): string {
  folder ??= execFileSync('bash', [join(root, '.ci/kube-tools')], { encoding: 'utf8' }).trim()
  return join(folder, name)
}

/** The path of the real kubectl (1.35), for tests that run it themselves. */
export function kubectlPath(): string {
  return tool('kubectl')
}

function run(name: 'helm' | 'kubectl', args: readonly string[]): string {
  return execFileSync(tool(name), args, { cwd: root, encoding: 'utf8', stdio: 'pipe' })
}

function objects(text: string): KubeObject[] {
  return (loadAll(text) as (KubeObject | null)[]).filter((d): d is KubeObject => d !== null)
}

/** Runs `fn` with `values` written to a values file, removed afterwards. */
function withValuesFile<T>(values: object, fn: (file: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'taint-extender-chart-values-'))
  try {
    const file = join(dir, 'values.yaml')
    writeFileSync(file, dump(values))
    return fn(file)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

export const CHART = 'charts/taint-extender'

/** helm with these args, from the repository's root; its stdout. */
export function helmCommand(args: readonly string[]): string {
  return run('helm', args)
}

/**
 * The cluster a rendering stands for unless its args name another: the control plane the suite
 * runs (../shared/kube's v1.28.7). Without one, helm renders for the release of its own client
 * library, which the chart refuses for the second scheduler's image (second-scheduler-image.test.ts).
 */
export const SUITE_KUBE_VERSION = '1.28.7'

/**
 * `helm template taint-extender charts/taint-extender -n taint-extender -f <values> [args]`, with
 * `--kube-version SUITE_KUBE_VERSION` unless args give one or `offline` says to render as helm
 * does with none.
 */
export function helmTemplate(
  values: object = {},
  release = 'taint-extender',
  args: readonly string[] = [],
  offline = false
): KubeObject[] {
  const kubeVersion =
    offline || args.includes('--kube-version') ? [] : ['--kube-version', SUITE_KUBE_VERSION]
  const command = ['template', release, CHART, '-n', 'taint-extender', ...kubeVersion, ...args]
  return withValuesFile(values, (file) => objects(run('helm', [...command, '-f', file])))
}

/** helm's own error when it refuses to render, or null when it renders. */
export function helmRefusal(
  values: object,
  args: readonly string[] = [],
  offline = false
): string | null {
  try {
    helmTemplate(values, 'taint-extender', args, offline)
    return null
  } catch (error) {
    return String((error as { stderr?: unknown }).stderr ?? error)
  }
}

/** `helm lint --strict` with the values; throws with helm's output when it finds anything. */
export function helmLint(values: object): string {
  return withValuesFile(values, (file) => run('helm', ['lint', '--strict', CHART, '-f', file]))
}

/** `kubectl kustomize <dir>`, as `kubectl apply -k` builds it. */
export function kustomize(dir: string): KubeObject[] {
  return objects(run('kubectl', ['kustomize', dir]))
}

/**
 * `kubectl kustomize` of an overlay of `base` (deploy/ unless given) with these components
 * (folders under the base), as a user's kustomization listing them builds it.
 */
export function kustomizeWithComponents(
  components: readonly string[],
  base = 'deploy'
): KubeObject[] {
  return kustomizeOverlay({ components }, base)
}

/**
 * `kubectl kustomize` of a user's kustomization over `base`: `overlay` as written beside the base
 * (its components named relative to the base), e.g. with patches of its own. kustomize takes no
 * absolute paths, so the overlay, written to a temporary folder, names them relative to itself.
 */
export function kustomizeOverlay(
  overlay: { components?: readonly string[] } & Record<string, unknown>,
  base = 'deploy'
): KubeObject[] {
  const dir = mkdtempSync(join(tmpdir(), 'taint-extender-overlay-'))
  try {
    const up = relative(dir, root)
    const kustomization = {
      ...overlay,
      resources: [join(up, base)],
      components: (overlay.components ?? []).map((c) => join(up, base, c)),
    }
    writeFileSync(join(dir, 'kustomization.yaml'), dump(kustomization))
    return objects(run('kubectl', ['kustomize', dir]))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** The one object of `kind` (and `name`, when several) among `objects`. */
export function only(objects: readonly KubeObject[], kind: string, name?: string): KubeObject {
  const found = objects.filter(
    (o) => o.kind === kind && (name ?? o.metadata.name) === o.metadata.name
  )
  if (found.length !== 1)
    throw new Error(`expected one ${kind} ${name ?? ''}, found ${found.length}`)
  return found[0] as KubeObject
}
