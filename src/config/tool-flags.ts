import { NEWEST_KUBE_MINOR, OLDEST_KUBE_MINOR } from '../core/index.js'
import { ConfigError } from './config-error.js'
import type { FlagSpec } from './strict-args.js'
import { FLAGS } from './flags.js'
import { EVICTING_NODES_MODES, LOG_LEVELS } from './parse-values.js'

/**
 * The flags of each tool command, in one table: the parser reads them, and shell completion
 * (src/cli/completion.ts, and `__complete`, the engine behind kubectl's plugin completion and
 * the scripts' cluster names) offers them, so the two cannot drift. `values` names what completes
 * a flag's value: files, a fixed list, the cluster's nodes or namespaces, or the kubeconfig's
 * contexts.
 */

export type ValueCompletion =
  | { readonly kind: 'file' }
  | { readonly kind: 'words'; readonly words: readonly string[] }
  | { readonly kind: 'node' }
  | { readonly kind: 'namespace' }
  | { readonly kind: 'context' }
  | { readonly kind: 'none' }

export interface ToolFlag extends FlagSpec {
  readonly values: ValueCompletion
}

export const OUTPUT_FORMATS = ['table', 'wide', 'json', 'yaml'] as const

const FILE = { kind: 'file' } as const
const NONE = { kind: 'none' } as const

/** Where the cluster is, the output and the gates: every tool command takes these. */
const SHARED: Record<string, ToolFlag> = {
  kubeconfig: { type: 'string', values: FILE },
  context: { type: 'string', values: { kind: 'context' } },
  output: { type: 'string', short: 'o', values: { kind: 'words', words: OUTPUT_FORMATS } },
  'feature-gates': {
    type: 'string',
    values: { kind: 'words', words: ['TaintTolerationComparisonOperators=true'] },
  },
  help: { type: 'boolean', short: 'h', values: NONE },
  version: { type: 'boolean', values: NONE },
}

/** The extender's own rule, as the server's `--evicting-nodes` sets it (explain and forecast). */
const EVICTING_NODES: ToolFlag = {
  type: 'string',
  values: { kind: 'words', words: EVICTING_NODES_MODES },
}

/** `--kube-version`: the release the tools speak for, offered from the newest down. */
const KUBE_VERSION: ToolFlag = {
  type: 'string',
  values: {
    kind: 'words',
    words: Array.from(
      { length: NEWEST_KUBE_MINOR - OLDEST_KUBE_MINOR + 1 },
      (_, i) => `1.${NEWEST_KUBE_MINOR - i}`
    ),
  },
}

export const EXPLAIN_FLAGS: Readonly<Record<string, ToolFlag>> = {
  pod: { type: 'string', values: FILE },
  nodes: { type: 'string', values: FILE },
  pods: { type: 'string', values: FILE },
  namespaces: { type: 'string', values: FILE },
  pdbs: { type: 'string', values: FILE },
  workloads: { type: 'string', values: FILE },
  storage: { type: 'string', values: FILE },
  'evicting-nodes': EVICTING_NODES,
  'kube-version': KUBE_VERSION,
  namespace: { type: 'string', short: 'n', values: { kind: 'namespace' } },
  pending: { type: 'boolean', values: NONE },
  'all-namespaces': { type: 'boolean', short: 'A', values: NONE },
  ...SHARED,
}

export const FORECAST_FLAGS: Readonly<Record<string, ToolFlag>> = {
  taint: { type: 'string', values: NONE },
  node: { type: 'string', multiple: true, values: { kind: 'node' } },
  selector: { type: 'string', short: 'l', values: NONE },
  nodes: { type: 'string', values: FILE },
  pods: { type: 'string', values: FILE },
  workloads: { type: 'string', values: FILE },
  namespaces: { type: 'string', values: FILE },
  pdbs: { type: 'string', values: FILE },
  storage: { type: 'string', values: FILE },
  'evicting-nodes': EVICTING_NODES,
  'kube-version': KUBE_VERSION,
  // kubectl uncordon's, for `forecast --uncordon`.
  uncordon: { type: 'boolean', values: NONE },
  // kubectl drain's, for `forecast --drain`.
  drain: { type: 'boolean', values: NONE },
  'ignore-daemonsets': { type: 'boolean', values: NONE },
  'delete-emptydir-data': { type: 'boolean', values: NONE },
  force: { type: 'boolean', values: NONE },
  'disable-eviction': { type: 'boolean', values: NONE },
  'pod-selector': { type: 'string', values: NONE },
  timeout: { type: 'string', values: NONE },
  'grace-period': { type: 'string', values: NONE },
  ...SHARED,
}

/** The flags of `forecast --drain`, kubectl drain's, which a forecast of a taint does not take. */
export const DRAIN_ONLY_FLAGS = [
  'ignore-daemonsets',
  'delete-emptydir-data',
  'force',
  'disable-eviction',
  'pod-selector',
  'timeout',
  'grace-period',
] as const

/** A forecast of a taint refuses kubectl drain's flags, which would otherwise be ignored. */
export function refuseDrainFlags(values: Record<string, unknown>): void {
  if (values.drain === true) return
  const given = DRAIN_ONLY_FLAGS.filter((flag) => values[flag] !== undefined)
  if (given.length > 0)
    throw new ConfigError(
      `--${given.join(', --')} go${given.length === 1 ? 'es' : ''} with --drain`
    )
}

/** `version` and `completion` take only these. */
export const VERSION_FLAGS: Readonly<Record<string, ToolFlag>> = {
  output: { type: 'string', short: 'o', values: { kind: 'words', words: ['json', 'yaml'] } },
  help: SHARED.help as ToolFlag,
  version: SHARED.version as ToolFlag,
}

export const COMPLETION_FLAGS: Readonly<Record<string, ToolFlag>> = {
  help: SHARED.help as ToolFlag,
  version: SHARED.version as ToolFlag,
}

/** What completes a server flag's value: files, the values its parser takes, or nothing. */
function serveFlagValues(name: string): ValueCompletion {
  if (/-file$|^kubeconfig$/.test(name)) return FILE
  if (name === 'log-level') return { kind: 'words', words: LOG_LEVELS }
  if (name === 'evicting-nodes') return EVICTING_NODES.values
  if (name === 'feature-gates') return SHARED['feature-gates']?.values ?? NONE
  return NONE
}

/** The server's flags (src/config/flags.ts), as completion offers them. */
export const SERVE_FLAGS: Readonly<Record<string, ToolFlag>> = {
  ...Object.fromEntries(
    FLAGS.map((flag) => [
      flag.name,
      {
        type: flag.kind === 'string' ? 'string' : 'boolean',
        ...(flag.short !== undefined ? { short: flag.short } : {}),
        values: serveFlagValues(flag.name),
      } satisfies ToolFlag,
    ])
  ),
  version: SHARED.version as ToolFlag,
}
