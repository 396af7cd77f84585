import { ConfigError } from './config-error.js'

const SIZE_UNITS: Readonly<Record<string, number>> = {
  '': 1,
  b: 1,
  kb: 1024,
  mb: 1024 ** 2,
  gb: 1024 ** 3,
  kib: 1024,
  mib: 1024 ** 2,
  gib: 1024 ** 3,
}

/** A byte size such as `256mb`, `100MiB` or `1048576`. */
export function parseByteSize(flag: string, raw: string): number {
  const match = /^(\d+)\s*([a-z]*)$/i.exec(raw.trim())
  const unit = match ? SIZE_UNITS[(match[2] ?? '').toLowerCase()] : undefined
  if (!match || unit === undefined) {
    throw new ConfigError(`--${flag}: "${raw}" is not a size (e.g. 256mb, 1gb, 1048576)`)
  }
  const bytes = Number(match[1]) * unit
  if (bytes < 1) throw new ConfigError(`--${flag}: "${raw}" must be at least 1 byte`)
  if (!Number.isSafeInteger(bytes)) {
    throw new ConfigError(`--${flag}: "${raw}" is more bytes than can be counted exactly`)
  }
  return bytes
}

/** An integer within [min, max]. */
export function parseIntegerIn(flag: string, raw: string, min: number, max: number): number {
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(`--${flag}: "${raw}" is not a whole number`)
  const value = Number(raw.trim())
  if (value < min || value > max) {
    throw new ConfigError(`--${flag}: ${value} is out of range [${min}, ${max}]`)
  }
  return value
}

/** `true`/`false` (and `1`/`0`), as flags and environment variables spell them. */
export function parseBoolean(flag: string, raw: string): boolean {
  const value = raw.trim().toLowerCase()
  if (value === 'true' || value === '1') return true
  if (value === 'false' || value === '0') return false
  throw new ConfigError(`--${flag}: "${raw}" is not true or false`)
}

export interface FeatureGates {
  readonly TaintTolerationComparisonOperators: boolean
}

/**
 * Every gate at upstream's default, for the server and the tools alike: kube-scheduler's own
 * `TaintTolerationComparisonOperators` is alpha and off (pkg/features/kube_features.go, v1.35
 * through v1.37), so an extender left at its defaults answers as a kube-scheduler left at its
 * defaults. docs/compatibility.md#feature-gates says when to turn it on.
 */
export const DEFAULT_FEATURE_GATES: FeatureGates = { TaintTolerationComparisonOperators: false }

/** The defaults in `--feature-gates` syntax, for help texts. */
export function featureGatesText(gates: FeatureGates): string {
  return Object.entries(gates)
    .map(([gate, on]) => `${gate}=${String(on)}`)
    .join(',')
}

/**
 * Kubernetes' `--feature-gates` syntax, `Gate=true,Other=false`. Unknown gates are refused, as
 * Kubernetes components refuse them, so a typo cannot silently leave a gate at its default.
 */
export function parseFeatureGates(raw: string, defaults: FeatureGates): FeatureGates {
  const gates = { ...defaults }
  for (const part of raw.split(',')) {
    const entry = part.trim()
    if (entry === '') continue
    const [name, value, extra] = entry.split('=')
    if (name === undefined || value === undefined || extra !== undefined) {
      throw new ConfigError(`--feature-gates: "${entry}" is not Gate=true|false`)
    }
    if (!Object.hasOwn(gates, name.trim())) {
      throw new ConfigError(
        `--feature-gates: unknown gate "${name.trim()}" (known: ${Object.keys(defaults).join(', ')})`
      )
    }
    gates[name.trim() as keyof FeatureGates] = parseBoolean('feature-gates', value)
  }
  return gates
}

/**
 * What the verbs do with a node whose NoExecute taint the pod tolerates only for
 * `tolerationSeconds` (the rule lives in src/core): turn it away, rank it lowest, or answer as
 * upstream does.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error'

export const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error']

export type EvictingNodesMode = 'reject' | 'avoid' | 'allow'

export const EVICTING_NODES_MODES: readonly EvictingNodesMode[] = ['reject', 'avoid', 'allow']

export const DEFAULT_EVICTING_NODES: EvictingNodesMode = 'reject'

export function parseEvictingNodes(raw: string): EvictingNodesMode {
  const mode = EVICTING_NODES_MODES.find((m) => m === raw)
  if (mode === undefined) {
    throw new ConfigError(
      `--evicting-nodes: "${raw}" is not one of ${EVICTING_NODES_MODES.join(', ')}`
    )
  }
  return mode
}
