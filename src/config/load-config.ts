import { existsSync } from 'node:fs'
import { findCluster, type ClusterSource } from './cluster-source.js'
import { pickClientNames, pickTls, type TlsFiles } from './tls-flags.js'
import { ConfigError } from './config-error.js'
import { buildInfo } from './build-info.js'
import { parseStrict, type ParsedArgs } from './strict-args.js'
import { FLAGS, helpText } from './flags.js'
import { bodyBytesInFlight } from './body-budget-flag.js'
import { nodesPerRequest } from './request-node-limit-flag.js'
import { missingNodeFlags } from './node-flags.js'
import { runtimeV8Flags } from './v8-runtime-flags.js'
import {
  parseBoolean,
  parseByteSize,
  DEFAULT_FEATURE_GATES,
  parseEvictingNodes,
  parseFeatureGates,
  parseIntegerIn,
  LOG_LEVELS,
  type EvictingNodesMode,
  type FeatureGates,
  type LogLevel,
} from './parse-values.js'

/** Everything the service is told at start, validated once and frozen. */
export interface Config {
  readonly host: string
  readonly port: number
  readonly logLevel: LogLevel
  readonly maxBodyBytes: number
  /** Bytes of request bodies held at once across all connections. */
  readonly maxBodyBytesInFlight: number
  /** Candidate nodes or names one filter or prioritize request may carry. */
  readonly maxNodesPerRequest: number
  readonly featureGates: FeatureGates
  /** What the verbs do with nodes that would evict the pod (see --evicting-nodes). */
  readonly evictingNodes: EvictingNodesMode
  /** Where node-cache mode learns nodes from; null: full-node mode only. */
  readonly cluster: ClusterSource | null
  readonly watchdogSeconds: number
  /** GETs of node names the index does not know, per second across all calls. */
  readonly unknownNodeLookupsPerSecond: number
  readonly tolerationsCacheSize: number
  readonly tolerationsCacheBytes: number
  readonly nodesCacheSize: number
  readonly nodesCacheBytes: number
  readonly shutdownTimeoutSeconds: number
  /** On SIGTERM, seconds to keep serving with readiness off before closing the listener. */
  readonly shutdownDelaySeconds: number
  /** Serve POST /explain. */
  readonly explainEndpoint: boolean
  /** HTTPS on --port; null: plain HTTP. */
  readonly tls: TlsFiles | null
  /** Names a client certificate must carry (see --client-name); empty: any the CA signed. */
  readonly clientNames: readonly string[]
  /** A separate plain-HTTP port for health and metrics; null: served on --port. */
  readonly probePort: number | null
  /** Connections each port keeps open at once. */
  readonly maxConnections: number
  readonly version: string
  /** The commit the build was made from, or "unknown" (src/config/build-info.ts). */
  readonly commit: string
  /** NODE_FLAGS the process was started without (see node-flags.ts); empty when all are set. */
  readonly missingNodeFlags: readonly string[]
  /** V8 flags for main to set before serving (see v8-runtime-flags.ts); empty when none apply. */
  readonly v8Flags: readonly string[]
}

export type LoadResult = { kind: 'help'; text: string } | { kind: 'config'; config: Config }

export interface Environment {
  readonly argv: readonly string[]
  readonly env: Readonly<Record<string, string | undefined>>
  /** Whether a file exists; replaceable so in-cluster detection can be tested. */
  readonly fileExists?: (path: string) => boolean
  /** Node.js's own flags (process.execArgv), checked against NODE_FLAGS; none when absent. */
  readonly execArgv?: readonly string[]
  /** V8's version (process.versions.v8), which decides the runtime V8 flags; none when absent. */
  readonly v8Version?: string
  /** V8's heap limit in bytes (v8.getHeapStatistics), for the default body budget and node limit. */
  readonly heapSizeLimit?: number
}

function pickCluster(
  values: Map<string, string>,
  flag: string | undefined,
  environment: Environment
): ClusterSource | null {
  if (parseBoolean('disable-node-cache', values.get('disable-node-cache') ?? 'false')) return null
  return findCluster({
    flag,
    env: environment.env,
    fileExists: environment.fileExists ?? existsSync,
    homeKubeconfig: false,
  })
}

/** Only `--help` is a boolean to parseArgs; every other flag is read as text (below). */
const PARSE_OPTIONS = Object.fromEntries(
  FLAGS.map((f) => [
    f.name,
    {
      type: f.kind === 'action' ? ('boolean' as const) : ('string' as const),
      ...(f.short !== undefined ? { short: f.short } : {}),
    },
  ])
)
const BARE_BOOLEAN_FLAGS = new Set(
  FLAGS.filter((f) => f.kind === 'boolean').map((f) => `--${f.name}`)
)

/**
 * Kubernetes components (pflag) take a boolean flag bare or as `--flag=true|false`; parseArgs
 * refuses a value on a boolean. So a bare boolean flag becomes `--flag=true` and every value is
 * read as text and then by parseBoolean, and `--enable-explain-endpoint=false` means what an
 * operator means by it. As with pflag, `--flag false` is the flag and a stray argument.
 */
function withExplicitBoolean(arg: string): string {
  return BARE_BOOLEAN_FLAGS.has(arg) ? `${arg}=true` : arg
}

/**
 * Reads flags, then environment variables, then defaults, in that order of precedence, and
 * validates every value; throws ConfigError on the first that makes no sense.
 */
export function loadConfig(environment: Environment): LoadResult {
  let parsed: ParsedArgs
  try {
    parsed = parseStrict(environment.argv.map(withExplicitBoolean), PARSE_OPTIONS)
  } catch (err) {
    // The pointer to help ends the first line; cobra's suggestions, if any, follow it.
    const [first, ...rest] = (err as Error).message.split('\n')
    throw new ConfigError([`${first ?? ''}; see taint-extender serve --help`, ...rest].join('\n'))
  }
  if (parsed.values.help === true) return { kind: 'help', text: helpText() }

  const values = new Map<string, string>()
  for (const flag of FLAGS) {
    const fromFlag = parsed.values[flag.name]
    const fromEnv = flag.env ? environment.env[flag.env] : undefined
    const value = fromFlag !== undefined ? String(fromFlag) : (fromEnv ?? flag.default)
    if (value !== null) values.set(flag.name, value)
  }
  const get = (name: string): string => values.get(name) as string

  const logLevel = get('log-level').toLowerCase() as LogLevel
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(
      `--log-level: "${get('log-level')}" is not one of ${LOG_LEVELS.join(', ')}`
    )
  }
  const kubeconfigFlag = parsed.values.kubeconfig
  const cluster = pickCluster(
    values,
    typeof kubeconfigFlag === 'string' ? kubeconfigFlag : undefined,
    environment
  )
  const maxBodyBytes = parseByteSize('max-body', get('max-body'))
  const tls = pickTls(values, environment.fileExists ?? existsSync)
  const config: Config = {
    host: get('host'),
    port: parseIntegerIn('port', get('port'), 0, 65535),
    logLevel,
    maxBodyBytes,
    maxBodyBytesInFlight: bodyBytesInFlight(values, maxBodyBytes, environment.heapSizeLimit),
    maxNodesPerRequest: nodesPerRequest(values, environment.heapSizeLimit),
    featureGates: parseFeatureGates(get('feature-gates'), DEFAULT_FEATURE_GATES),
    evictingNodes: parseEvictingNodes(get('evicting-nodes')),
    cluster,
    watchdogSeconds: parseIntegerIn('watchdog-seconds', get('watchdog-seconds'), 1, 86_400),
    unknownNodeLookupsPerSecond: parseIntegerIn(
      'unknown-node-lookups-per-second',
      get('unknown-node-lookups-per-second'),
      1,
      10_000
    ),
    tolerationsCacheSize: parseIntegerIn(
      'tolerations-cache-size',
      get('tolerations-cache-size'),
      1,
      1_000_000
    ),
    tolerationsCacheBytes: parseByteSize('tolerations-cache-bytes', get('tolerations-cache-bytes')),
    nodesCacheSize: parseIntegerIn('nodes-cache-size', get('nodes-cache-size'), 1, 1_000_000),
    nodesCacheBytes: parseByteSize('nodes-cache-bytes', get('nodes-cache-bytes')),
    shutdownTimeoutSeconds: parseIntegerIn(
      'shutdown-timeout-seconds',
      get('shutdown-timeout-seconds'),
      1,
      3600
    ),
    shutdownDelaySeconds: parseIntegerIn(
      'shutdown-delay-seconds',
      get('shutdown-delay-seconds'),
      0,
      3600
    ),
    explainEndpoint: parseBoolean('enable-explain-endpoint', get('enable-explain-endpoint')),
    tls,
    clientNames: pickClientNames(values, tls),
    probePort: values.has('probe-port')
      ? parseIntegerIn('probe-port', get('probe-port'), 0, 65535)
      : null,
    maxConnections: parseIntegerIn('max-connections', get('max-connections'), 1, 1_000_000),
    version: buildInfo().version,
    commit: buildInfo().commit,
    missingNodeFlags: missingNodeFlags(environment.execArgv ?? [], environment.env.NODE_OPTIONS),
    v8Flags: runtimeV8Flags(environment.v8Version ?? '', environment.execArgv ?? [], {
      nodeCache: cluster !== null,
    }),
  }
  if (config.probePort === config.port && config.port !== 0) {
    throw new ConfigError(`--probe-port: ${config.probePort} is --port too; give it its own port`)
  }
  return { kind: 'config', config: Object.freeze(config) }
}
