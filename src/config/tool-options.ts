import { parseKubeVersion, type KubeVersion } from '../core/index.js'
import type { ClusterConnection } from './cluster-source.js'
import { ConfigError } from './config-error.js'
import {
  DEFAULT_EVICTING_NODES,
  DEFAULT_FEATURE_GATES,
  parseEvictingNodes,
  parseFeatureGates,
  type EvictingNodesMode,
  type FeatureGates,
} from './parse-values.js'
import { parseStrict } from './strict-args.js'
import { EXPLAIN_FLAGS, FORECAST_FLAGS, refuseDrainFlags } from './tool-flags.js'
import {
  clusterFor,
  NO_CLUSTER,
  outputOf,
  readInput,
  sourceOf,
  type InputText,
  type ObjectSource,
  type OutputFormat,
} from './tool-inputs.js'

/**
 * Flags of the `explain` and `forecast` tools, and the reading of their input files. Input is
 * read whole and handed on as text; parsing it is the tools' business.
 */

/** The pod explain answers for: a file's, one named in the cluster, or every pending one. */
export type ExplainTarget =
  | ({ readonly kind: 'file' } & InputText)
  | { readonly kind: 'named'; readonly name: string }
  | { readonly kind: 'pending' }

/** `-n NS`, `-A`, or neither: the current context's namespace, as kubectl takes it. */
export type NamespaceChoice =
  | { readonly kind: 'named'; readonly name: string }
  | { readonly kind: 'all' }
  | { readonly kind: 'context' }

export interface ExplainOptions {
  readonly target: ExplainTarget
  readonly namespace: NamespaceChoice
  /** The cluster found, when some input comes from it; null when every input is a file. */
  readonly cluster: ClusterConnection | null
  readonly nodes: ObjectSource
  /** The pods already placed; null when neither a file nor the cluster gives them. */
  readonly pods: ObjectSource | null
  /** Namespaces, for namespaceSelector; null when neither a file nor the cluster gives them. */
  readonly namespaces: ObjectSource | null
  /** PodDisruptionBudgets, for preemption's victims; null when neither gives them. */
  readonly pdbs: ObjectSource | null
  /**
   * The workload objects (controllers and Services): `--workloads FILE`, or the cluster's;
   * null when neither gives them (those a `--pods` file holds beside its pods are read too).
   */
  readonly workloads: ObjectSource | null
  /**
   * The PersistentVolumeClaims and StorageClasses, for the volume plugins' PreFilters:
   * `--storage FILE`, or the cluster's; null when neither gives them.
   */
  readonly storage: ObjectSource | null
  readonly output: OutputFormat
  readonly gates: FeatureGates
  /** The server's --evicting-nodes, mirrored: `reject` turns nodes that would evict away. */
  readonly evictingNodes: EvictingNodesMode
  /** `--kube-version`; null when not given: the cluster's, or the newest without a cluster. */
  readonly kubeVersion: KubeVersion | null
}

export interface ForecastOptions {
  /** `--taint`'s spec (a taint to add, or with a trailing "-" to remove); null with --uncordon. */
  readonly taint: string | null
  /** The nodes named with --node (repeated, or comma-separated); empty with --selector. */
  readonly nodeNames: readonly string[]
  readonly selector: string | null
  readonly nodes: ObjectSource
  readonly pods: ObjectSource
  /** As ExplainOptions.workloads. */
  readonly workloads: ObjectSource | null
  /** Namespaces, for namespaceSelector; null when neither a file nor the cluster gives them. */
  readonly namespaces: ObjectSource | null
  /** PodDisruptionBudgets, which the evictions may break; null when neither gives them. */
  readonly pdbs: ObjectSource | null
  /** As ExplainOptions.storage: for the replacements whose volumes name claims. */
  readonly storage: ObjectSource | null
  /** The server's `--evicting-nodes`, which decides whether a pending pod is turned away. */
  readonly evictingNodes: EvictingNodesMode
  readonly output: OutputFormat
  readonly gates: FeatureGates
  /** `--kube-version`; null when not given: the cluster's, or the newest without a cluster. */
  readonly kubeVersion: KubeVersion | null
}

/** `--kube-version`: a supported release, or null when not given. */
export function kubeVersionOf(values: Record<string, unknown>): KubeVersion | null {
  const given = values['kube-version']
  if (typeof given !== 'string') return null
  const parsed = parseKubeVersion(given)
  if ('problem' in parsed) throw new ConfigError(`--kube-version ${given}: ${parsed.problem}`)
  return parsed
}

/** `--evicting-nodes`, the server's default when absent. */
export function evictingNodesOf(values: Record<string, unknown>): EvictingNodesMode {
  const given = values['evicting-nodes']
  return parseEvictingNodes(typeof given === 'string' ? given : DEFAULT_EVICTING_NODES)
}

export function gatesOf(values: Record<string, unknown>): FeatureGates {
  return parseFeatureGates(String(values['feature-gates'] ?? ''), DEFAULT_FEATURE_GATES)
}

function explainTarget(values: Record<string, unknown>, positionals: string[]): ExplainTarget {
  const given = [
    typeof values.pod === 'string' ? '--pod FILE' : null,
    positionals.length > 0 ? 'POD' : null,
    values.pending === true ? '--pending' : null,
  ].filter((g) => g !== null)
  if (given.length === 0)
    throw new ConfigError('give a pod: POD (by name), --pod FILE (or - for stdin), or --pending')
  if (given.length > 1) throw new ConfigError(`give one of ${given.join(', ')}, not several`)
  if (positionals.length > 1)
    throw new ConfigError(`one pod at a time: ${positionals.join(', ')} (or --pending for all)`)
  if (typeof values.pod === 'string') return { kind: 'file', ...readInput(values.pod, 'pod') }
  const name = positionals[0]
  return name === undefined ? { kind: 'pending' } : { kind: 'named', name }
}

function namespaceChoice(values: Record<string, unknown>, target: ExplainTarget): NamespaceChoice {
  const named = typeof values.namespace === 'string' ? values.namespace : null
  const all = values['all-namespaces'] === true
  if (named !== null && all) throw new ConfigError('give -n NAMESPACE or -A, not both')
  if (all && target.kind !== 'pending')
    throw new ConfigError('-A (--all-namespaces) goes with --pending')
  if (named !== null && target.kind === 'file')
    throw new ConfigError(
      '-n names the namespace of a pod read from the cluster; --pod FILE has its own'
    )
  if (named === '') throw new ConfigError('-n needs a namespace name')
  return all
    ? { kind: 'all' }
    : named !== null
      ? { kind: 'named', name: named }
      : { kind: 'context' }
}

export function parseExplainOptions(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>
): ExplainOptions {
  const { values, positionals } = parseStrict(argv, EXPLAIN_FLAGS, true)
  const target = explainTarget(values, positionals)
  const namespace = namespaceChoice(values, target)
  const stdin = [
    values.pod,
    values.nodes,
    values.pods,
    values.namespaces,
    values.pdbs,
    values.workloads,
    values.storage,
  ].filter((v) => v === '-')
  if (stdin.length > 1) throw new ConfigError('only one of the input files can be stdin')
  const needed =
    target.kind === 'named' ||
    (target.kind === 'pending' && typeof values.pods !== 'string') ||
    typeof values.nodes !== 'string'
  const cluster = clusterFor(values, env, needed)
  if (cluster === null && target.kind === 'named')
    throw new ConfigError(
      `explain ${target.name} reads the pod from the cluster: none is found ${NO_CLUSTER}`
    )
  // Without --nodes everything comes from the cluster; with it, pods and namespaces come only
  // from the files given, and what is not given is reported as not judged.
  const optional = (
    flag: 'pods' | 'namespaces' | 'pdbs' | 'workloads' | 'storage'
  ): ObjectSource | null => optionalSource(values, flag, cluster)
  const pods = optional('pods')
  if (pods === null && target.kind === 'pending')
    throw new ConfigError(
      `--pending lists the pods of the cluster, or of --pods FILE: none is found ${NO_CLUSTER}`
    )
  return {
    target,
    namespace,
    cluster,
    nodes: sourceOf(values.nodes, 'nodes', cluster),
    pods,
    namespaces: optional('namespaces'),
    pdbs: optional('pdbs'),
    workloads: optional('workloads'),
    storage: optional('storage'),
    evictingNodes: evictingNodesOf(values),
    output: outputOf(values.output),
    gates: gatesOf(values),
    kubeVersion: kubeVersionOf(values),
  }
}

/** A file's source when the flag names one, else the cluster's when there is one, else null. */
export function optionalSource(
  values: Record<string, unknown>,
  flag: string,
  cluster: ClusterConnection | null
): ObjectSource | null {
  return typeof values[flag] === 'string' || cluster !== null
    ? sourceOf(values[flag], flag, cluster)
    : null
}

/** `--node a --node b` and `--node a,b` alike; a name given twice counts once. */
export function nodeNamesOf(value: unknown): string[] {
  const given = Array.isArray(value) ? value.map(String) : []
  const names = given.flatMap((v) => v.split(','))
  if (names.some((n) => n.trim() === ''))
    throw new ConfigError(`--node ${given.join(',')}: an empty node name`)
  return [...new Set(names.map((n) => n.trim()))]
}

export function parseForecastOptions(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>
): ForecastOptions {
  const { values } = parseStrict(argv, FORECAST_FLAGS)
  refuseDrainFlags(values)
  const taint = typeof values.taint === 'string' ? values.taint : null
  if (taint !== null && values.uncordon === true)
    throw new ConfigError('give --taint or --uncordon, not both')
  if (taint === null && values.uncordon !== true)
    throw new ConfigError('--taint KEY[=VALUE]:EFFECT, --uncordon or --drain is required')
  const nodeNames = nodeNamesOf(values.node)
  const selector = typeof values.selector === 'string' ? values.selector : null
  if ((nodeNames.length === 0) === (selector === null)) {
    throw new ConfigError('give either --node NAME (repeated, or NAME,NAME) or --selector LABELS')
  }
  const stdin = ['pods', 'nodes', 'workloads', 'namespaces', 'pdbs', 'storage'].filter(
    (flag) => values[flag] === '-'
  )
  if (stdin.length > 1) throw new ConfigError(`only one of --${stdin.join(' and --')} can be stdin`)
  const needed = typeof values.nodes !== 'string' || typeof values.pods !== 'string'
  const cluster = clusterFor(values, env, needed)
  return {
    taint,
    nodeNames,
    selector,
    nodes: sourceOf(values.nodes, 'nodes', cluster),
    pods: sourceOf(values.pods, 'pods', cluster),
    workloads: optionalSource(values, 'workloads', cluster),
    namespaces: optionalSource(values, 'namespaces', cluster),
    pdbs: optionalSource(values, 'pdbs', cluster),
    storage: optionalSource(values, 'storage', cluster),
    evictingNodes: evictingNodesOf(values),
    output: outputOf(values.output),
    gates: gatesOf(values),
    kubeVersion: kubeVersionOf(values),
  }
}
