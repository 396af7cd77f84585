import { existsSync, readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { clusterConnection, findCluster, type ClusterConnection } from './cluster-source.js'
import { ConfigError } from './config-error.js'
import {
  DEFAULT_EVICTING_NODES,
  DEFAULT_FEATURE_GATES,
  parseEvictingNodes,
  parseFeatureGates,
  type EvictingNodesMode,
  type FeatureGates,
} from './parse-values.js'

/**
 * Flags of the `explain` and `forecast` tools, and the reading of their input files. Input is
 * read whole and handed on as text; parsing it is the tools' business.
 */

export type OutputFormat = 'table' | 'json'

/** Where nodes and pods come from: files (or `-` for stdin), or the cluster. */
export type ObjectSource =
  | { readonly kind: 'text'; readonly text: string; readonly origin: string }
  | { readonly kind: 'cluster'; readonly cluster: ClusterConnection }

export interface ExplainOptions {
  readonly pod: { text: string; origin: string }
  readonly nodes: ObjectSource
  /** The pods already placed; null when neither a file nor the cluster gives them. */
  readonly pods: ObjectSource | null
  /** Namespaces, for namespaceSelector; null when neither a file nor the cluster gives them. */
  readonly namespaces: ObjectSource | null
  /** PodDisruptionBudgets, for preemption's victims; null when neither gives them. */
  readonly pdbs: ObjectSource | null
  readonly output: OutputFormat
  readonly gates: FeatureGates
  /** The server's --evicting-nodes, mirrored: `reject` turns nodes that would evict away. */
  readonly evictingNodes: EvictingNodesMode
}

export interface ForecastOptions {
  readonly taint: string
  readonly nodeName: string | null
  readonly selector: string | null
  readonly nodes: ObjectSource
  readonly pods: ObjectSource
  readonly output: OutputFormat
  readonly gates: FeatureGates
}

function readInput(path: string, flag: string): { text: string; origin: string } {
  try {
    return {
      text: readFileSync(path === '-' ? 0 : path, 'utf8'),
      origin: path === '-' ? 'stdin' : path,
    }
  } catch (err) {
    throw new ConfigError(
      `--${flag}: cannot read ${path}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`
    )
  }
}

function parse(
  argv: readonly string[],
  options: Record<string, { type: 'string' | 'boolean'; short?: string }>
) {
  try {
    return parseArgs({ args: [...argv], options, strict: true, allowPositionals: false }).values
  } catch (err) {
    throw new ConfigError((err as Error).message)
  }
}

function outputOf(value: unknown): OutputFormat {
  if (value === undefined || value === 'table' || value === 'wide') return 'table'
  if (value === 'json') return 'json'
  throw new ConfigError(`-o: "${String(value)}" is not json or table`)
}

function sourceOf(value: unknown, flag: string, cluster: ClusterConnection | null): ObjectSource {
  if (typeof value === 'string') return { kind: 'text', ...readInput(value, flag) }
  if (cluster !== null) return { kind: 'cluster', cluster }
  throw new ConfigError(
    `--${flag} FILE is required when no cluster is found` +
      " (--kubeconfig, KUBECONFIG, ~/.kube/config or a pod's service account)"
  )
}

/** Flags both tools share: where the cluster is, the output format, the feature gates. */
const SHARED_FLAGS = {
  kubeconfig: { type: 'string' },
  output: { type: 'string', short: 'o' },
  'feature-gates': { type: 'string' },
} as const

interface SharedOptions {
  readonly output: OutputFormat
  readonly gates: FeatureGates
}

function sharedOptions(values: Record<string, unknown>): SharedOptions {
  return {
    output: outputOf(values.output),
    gates: parseFeatureGates(String(values['feature-gates'] ?? ''), DEFAULT_FEATURE_GATES),
  }
}

/** The cluster is looked for only when some input is not a file: files alone need none. */
function clusterFor(
  values: Record<string, unknown>,
  env: Readonly<Record<string, string | undefined>>,
  inputs: readonly unknown[]
): ClusterConnection | null {
  if (inputs.every((input) => typeof input === 'string')) return null
  const flag = typeof values.kubeconfig === 'string' ? values.kubeconfig : undefined
  const source = findCluster({ flag, env, fileExists: existsSync, homeKubeconfig: true })
  return source === null ? null : clusterConnection(source, env)
}

export function parseExplainOptions(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>
): ExplainOptions {
  const values = parse(argv, {
    pod: { type: 'string' },
    nodes: { type: 'string' },
    pods: { type: 'string' },
    namespaces: { type: 'string' },
    pdbs: { type: 'string' },
    'evicting-nodes': { type: 'string' },
    ...SHARED_FLAGS,
  })
  if (typeof values.pod !== 'string')
    throw new ConfigError('--pod FILE (or - for stdin) is required')
  const stdin = [values.pod, values.nodes, values.pods, values.namespaces, values.pdbs].filter(
    (v) => v === '-'
  )
  if (stdin.length > 1) throw new ConfigError('only one of the input files can be stdin')
  const cluster = clusterFor(values, env, [values.nodes])
  // Without --nodes everything comes from the cluster; with it, pods and namespaces come only
  // from the files given, and what is not given is reported as not judged.
  const optional = (flag: 'pods' | 'namespaces' | 'pdbs'): ObjectSource | null =>
    typeof values[flag] === 'string' || cluster !== null
      ? sourceOf(values[flag], flag, cluster)
      : null
  return {
    pod: readInput(values.pod, 'pod'),
    nodes: sourceOf(values.nodes, 'nodes', cluster),
    pods: optional('pods'),
    namespaces: optional('namespaces'),
    pdbs: optional('pdbs'),
    evictingNodes: parseEvictingNodes(
      typeof values['evicting-nodes'] === 'string'
        ? values['evicting-nodes']
        : DEFAULT_EVICTING_NODES
    ),
    ...sharedOptions(values),
  }
}

export function parseForecastOptions(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>
): ForecastOptions {
  const values = parse(argv, {
    taint: { type: 'string' },
    node: { type: 'string' },
    selector: { type: 'string', short: 'l' },
    nodes: { type: 'string' },
    pods: { type: 'string' },
    ...SHARED_FLAGS,
  })
  if (typeof values.taint !== 'string')
    throw new ConfigError('--taint key=value:Effect is required')
  const nodeName = typeof values.node === 'string' ? values.node : null
  const selector = typeof values.selector === 'string' ? values.selector : null
  if ((nodeName === null) === (selector === null)) {
    throw new ConfigError('give exactly one of --node NAME and --selector LABELS')
  }
  if (values.pods === '-' && values.nodes === '-')
    throw new ConfigError('only one of --pods and --nodes can be stdin')
  const cluster = clusterFor(values, env, [values.nodes, values.pods])
  return {
    taint: values.taint,
    nodeName,
    selector,
    nodes: sourceOf(values.nodes, 'nodes', cluster),
    pods: sourceOf(values.pods, 'pods', cluster),
    ...sharedOptions(values),
  }
}
