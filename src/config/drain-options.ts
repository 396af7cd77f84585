import { ConfigError } from './config-error.js'
import { parseStrict } from './strict-args.js'
import { FORECAST_FLAGS } from './tool-flags.js'
import { clusterFor, outputOf, sourceOf } from './tool-inputs.js'
import {
  evictingNodesOf,
  gatesOf,
  kubeVersionOf,
  nodeNamesOf,
  optionalSource,
  type ForecastOptions,
} from './tool-options.js'

/**
 * `forecast --drain`: kubectl drain's flags (kubectl pkg/cmd/drain/drain.go `NewCmdDrain`,
 * `Complete`), with its words for a bad combination, beside forecast's own.
 */

export interface DrainFlagValues {
  readonly ignoreDaemonSets: boolean
  readonly deleteEmptyDirData: boolean
  readonly force: boolean
  readonly disableEviction: boolean
  /** `--pod-selector` as given; null when absent or empty (kubectl lists every pod then). */
  readonly podSelector: string | null
  /** `--timeout` in seconds; null for kubectl's default 0, no timeout. */
  readonly timeoutSeconds: number | null
  /** `--grace-period`; null for kubectl's default -1 (any negative): the pod's own. */
  readonly gracePeriodSeconds: number | null
}

/**
 * `--timeout` as kubectl's DurationVar reads it (Go `time.ParseDuration`), in whole seconds:
 * `90s`, `2m`, `1h30m`, `0`. Fractions of a second are refused: the forecast counts seconds.
 */
function timeoutOf(given: unknown): number | null {
  if (typeof given !== 'string') return null
  const parts = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(given)
  if (given === '0') return null
  if (parts === null || given === '')
    throw new ConfigError(
      `--timeout ${given}: a duration in whole seconds, as 90s, 2m or 1h30m (0: no timeout)`
    )
  const [hours, minutes, seconds] = parts.slice(1).map((p) => Number(p ?? 0))
  const total = (hours ?? 0) * 3600 + (minutes ?? 0) * 60 + (seconds ?? 0)
  return total === 0 ? null : total
}

/** `--grace-period` as kubectl's IntVar reads it; a negative value means the pod's own. */
function gracePeriodOf(given: unknown): number | null {
  if (typeof given !== 'string') return null
  if (!/^-?\d+$/.test(given))
    throw new ConfigError(`--grace-period ${given}: a whole number of seconds (-1: the pod's own)`)
  const seconds = Number(given)
  return seconds < 0 ? null : seconds
}

export interface DrainForecastOptions extends Omit<ForecastOptions, 'taint'> {
  readonly drain: DrainFlagValues
}

/** The options of `forecast --drain`; null when --drain is not given (a taint's forecast). */
export function parseDrainForecastOptions(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>
): DrainForecastOptions | null {
  const { values } = parseStrict(argv, FORECAST_FLAGS)
  if (values.drain !== true) return null
  if (typeof values.taint === 'string')
    throw new ConfigError('give --taint or --drain, not both: a drain cordons, it adds no taint')
  if (values.uncordon === true)
    throw new ConfigError('give --drain or --uncordon, not both: a drain cordons the nodes')
  const nodeNames = nodeNamesOf(values.node)
  const selector = typeof values.selector === 'string' ? values.selector : null
  if (nodeNames.length > 0 && selector !== null)
    throw new ConfigError('cannot specify both a node name and a --selector option')
  if (nodeNames.length === 0 && selector === null)
    throw new ConfigError(
      'give the nodes to drain: --node NAME (repeated, or NAME,NAME) or --selector LABELS'
    )
  const stdin = ['nodes', 'pods', 'pdbs', 'workloads', 'namespaces', 'storage'].filter(
    (flag) => values[flag] === '-'
  )
  if (stdin.length > 1) throw new ConfigError(`only one of --${stdin.join(' and --')} can be stdin`)
  const needed = typeof values.nodes !== 'string' || typeof values.pods !== 'string'
  const cluster = clusterFor(values, env, needed)
  const podSelector = typeof values['pod-selector'] === 'string' ? values['pod-selector'] : ''
  return {
    nodeNames,
    selector,
    nodes: sourceOf(values.nodes, 'nodes', cluster),
    pods: sourceOf(values.pods, 'pods', cluster),
    pdbs: optionalSource(values, 'pdbs', cluster),
    workloads: optionalSource(values, 'workloads', cluster),
    namespaces: optionalSource(values, 'namespaces', cluster),
    storage: optionalSource(values, 'storage', cluster),
    drain: {
      ignoreDaemonSets: values['ignore-daemonsets'] === true,
      deleteEmptyDirData: values['delete-emptydir-data'] === true,
      force: values.force === true,
      disableEviction: values['disable-eviction'] === true,
      podSelector: podSelector === '' ? null : podSelector,
      timeoutSeconds: timeoutOf(values.timeout),
      gracePeriodSeconds: gracePeriodOf(values['grace-period']),
    },
    evictingNodes: evictingNodesOf(values),
    output: outputOf(values.output),
    gates: gatesOf(values),
    kubeVersion: kubeVersionOf(values),
  }
}
