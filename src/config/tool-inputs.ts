import { existsSync, readFileSync } from 'node:fs'
import { readFailureText } from '../core/index.js'
import { clusterConnection, findCluster, type ClusterConnection } from './cluster-source.js'
import { ConfigError, InputError } from './config-error.js'
import { OUTPUT_FORMATS } from './tool-flags.js'

/** The input files of the tools, read whole, and the cluster they fall back on. */

export type OutputFormat = (typeof OUTPUT_FORMATS)[number]

/** A file's text (or stdin's) and where it came from, for messages. */
export interface InputText {
  readonly text: string
  readonly origin: string
}

/** Where nodes and pods come from: files (or `-` for stdin), or the cluster. */
export type ObjectSource =
  | ({ readonly kind: 'text' } & InputText)
  | { readonly kind: 'cluster'; readonly cluster: ClusterConnection }

export function readInput(path: string, flag: string): InputText {
  try {
    return {
      text: readFileSync(path === '-' ? 0 : path, 'utf8'),
      origin: path === '-' ? 'stdin' : path,
    }
  } catch (err) {
    throw new InputError(
      `cannot read --${flag} ${path === '-' ? 'stdin' : path}: ${readFailureText(err)}`
    )
  }
}

export function outputOf(value: unknown): OutputFormat {
  if (value === undefined) return 'table'
  const known = OUTPUT_FORMATS as readonly unknown[]
  if (known.includes(value)) return value as OutputFormat
  throw new ConfigError(
    `-o ${String(value)}: not an output format (choose one of ${OUTPUT_FORMATS.join(', ')})`
  )
}

export const NO_CLUSTER = "(--kubeconfig, KUBECONFIG, ~/.kube/config or a pod's service account)"

export function sourceOf(
  value: unknown,
  flag: string,
  cluster: ClusterConnection | null
): ObjectSource {
  if (typeof value === 'string') return { kind: 'text', ...readInput(value, flag) }
  if (cluster !== null) return { kind: 'cluster', cluster }
  throw new ConfigError(`--${flag} FILE is required when no cluster is found ${NO_CLUSTER}`)
}

/** The cluster is looked for only when some input is not a file: files alone need none. */
export function clusterFor(
  values: Record<string, unknown>,
  env: Readonly<Record<string, string | undefined>>,
  needed: boolean
): ClusterConnection | null {
  if (!needed) return null
  const flag = typeof values.kubeconfig === 'string' ? values.kubeconfig : undefined
  const context = typeof values.context === 'string' ? values.context : null
  const source = findCluster({ flag, env, fileExists: existsSync, homeKubeconfig: true })
  return source === null ? null : clusterConnection(source, env, context)
}
