/**
 * Every flag the service takes, with its environment variable and default. `--help` is printed
 * from this table, so it cannot drift from what is parsed.
 */

import { DEFAULT_EVICTING_NODES, DEFAULT_FEATURE_GATES, featureGatesText } from './parse-values.js'

export interface FlagSpec {
  readonly name: string
  readonly env: string | null
  /** `boolean`: bare, or `=true|false` as pflag takes it; `action`: bare only (`--help`). */
  readonly kind: 'string' | 'boolean' | 'action'
  /** The one-letter form, for `-h` alone: the server's other flags are long, as pflag's are. */
  readonly short?: string
  readonly default: string | null
  readonly help: string
}

export const FLAGS: readonly FlagSpec[] = [
  {
    name: 'port',
    env: 'PORT',
    kind: 'string',
    default: '8888',
    help: 'Port for the extender verbs (and health, metrics unless --probe-port is set).',
  },
  { name: 'host', env: 'HOST', kind: 'string', default: '0.0.0.0', help: 'Address to listen on.' },
  {
    name: 'log-level',
    env: 'LOG_LEVEL',
    kind: 'string',
    default: 'info',
    help: 'debug, info, warn or error. JSON lines on stderr; request bodies are never logged.',
  },
  {
    name: 'max-body',
    env: 'MAX_BODY',
    kind: 'string',
    default: '256mb',
    help: 'Largest request body accepted (b, kb, mb, gb; 1024-based). The default holds 5000 full nodes with room to spare.',
  },
  {
    name: 'max-body-bytes-in-flight',
    env: 'MAX_BODY_BYTES_IN_FLIGHT',
    kind: 'string',
    default: null,
    help: 'Bytes of request bodies held at once across all connections; a body that would pass it gets 503 with Retry-After before it is read. Default: a quarter of the V8 heap limit (--max-old-space-size), at least --max-body.',
  },
  {
    name: 'max-nodes-per-request',
    env: 'MAX_NODES_PER_REQUEST',
    kind: 'string',
    default: null,
    help: 'Candidate nodes (Nodes.items, or NodeNames) one filter or prioritize request may carry; more get 413 before they are decoded. A small node costs far more decoded than sent. Default: one per KiB of a quarter of the V8 heap limit (--max-old-space-size).',
  },
  {
    name: 'max-connections',
    env: 'MAX_CONNECTIONS',
    kind: 'string',
    default: '512',
    help: 'Connections each port keeps open at once. At the cap a new connection takes the slot of one with no request in flight, first one silent or idle for over a second (a new one keeps a second to send its request); only when every one is mid-request is the new one closed. kube-scheduler keeps a few.',
  },
  {
    name: 'feature-gates',
    env: 'FEATURE_GATES',
    kind: 'string',
    default: featureGatesText(DEFAULT_FEATURE_GATES),
    help: 'Comma-separated Gate=true|false, as your kube-scheduler has them; the defaults are upstream’s. Known: TaintTolerationComparisonOperators (Lt/Gt tolerations).',
  },
  {
    name: 'evicting-nodes',
    env: 'EVICTING_NODES',
    kind: 'string',
    default: DEFAULT_EVICTING_NODES,
    help: 'Nodes whose NoExecute taint the pod tolerates only for tolerationSeconds, so that the taint-eviction controller would evict it from them: reject (filter turns them away, preempt drops them), avoid (prioritize scores them 0, every other node at least 1) or allow (upstream’s answers).',
  },
  {
    name: 'kubeconfig',
    env: 'KUBECONFIG',
    kind: 'string',
    default: null,
    help: 'Kubeconfig for node-cache mode. KUBECONFIG may list several files, merged as kubectl merges them. Without either, the in-cluster service account is used when running in a pod.',
  },
  {
    name: 'disable-node-cache',
    env: 'DISABLE_NODE_CACHE',
    kind: 'boolean',
    default: 'false',
    help: 'Never connect to a cluster; serve full-node requests (nodeCacheCapable: false) only.',
  },
  {
    name: 'watchdog-seconds',
    env: 'WATCHDOG_SECONDS',
    kind: 'string',
    default: '300',
    help: 'Restart the node watch when it has been silent this long.',
  },
  {
    name: 'unknown-node-lookups-per-second',
    env: 'UNKNOWN_NODE_LOOKUPS_PER_SECOND',
    kind: 'string',
    default: '20',
    help: 'GETs to the API server for node names the index does not know, per second across all calls (bursts of 32). Names past it are answered as not looked up; a name the API server does not have is remembered for 5 s.',
  },
  {
    name: 'tolerations-cache-size',
    env: 'TOLERATIONS_CACHE_SIZE',
    kind: 'string',
    default: '4096',
    help: 'Distinct toleration sets kept compiled.',
  },
  {
    name: 'tolerations-cache-bytes',
    env: 'TOLERATIONS_CACHE_BYTES',
    kind: 'string',
    default: '16mb',
    help: 'Bytes the compiled toleration sets may keep, as estimated from their keys and values (b, kb, mb, gb).',
  },
  {
    name: 'nodes-cache-size',
    env: 'NODES_CACHE_SIZE',
    kind: 'string',
    default: '20000',
    help: 'Nodes from full-node requests kept compiled (and remembered for preempt).',
  },
  {
    name: 'nodes-cache-bytes',
    env: 'NODES_CACHE_BYTES',
    kind: 'string',
    default: '32mb',
    help: 'Bytes the kept nodes may hold, as estimated from their names, taints and spec bytes (b, kb, mb, gb).',
  },
  {
    name: 'shutdown-timeout-seconds',
    env: 'SHUTDOWN_TIMEOUT_SECONDS',
    kind: 'string',
    default: '25',
    help: 'On SIGTERM, how long in-flight requests may take before the process exits anyway.',
  },
  {
    name: 'shutdown-delay-seconds',
    env: 'SHUTDOWN_DELAY_SECONDS',
    kind: 'string',
    default: '0',
    help: 'On SIGTERM, keep serving this long with /readyz failing before closing the listener, so endpoints drop the pod first (like kube-apiserver --shutdown-delay-duration; use it where a preStop sleep is not available).',
  },
  {
    name: 'enable-explain-endpoint',
    env: 'ENABLE_EXPLAIN_ENDPOINT',
    kind: 'boolean',
    default: 'false',
    help: 'Serve POST /explain (per-node verdicts with the deciding taints). Off by default: taint keys and values can be sensitive.',
  },
  {
    name: 'tls-cert-file',
    env: 'TLS_CERT_FILE',
    kind: 'string',
    default: null,
    help: 'Serve HTTPS with this PEM certificate (chain); reloaded when the file changes.',
  },
  {
    name: 'tls-private-key-file',
    env: 'TLS_PRIVATE_KEY_FILE',
    kind: 'string',
    default: null,
    help: 'PEM private key for --tls-cert-file; reloaded when the file changes.',
  },
  {
    name: 'client-ca-file',
    env: 'CLIENT_CA_FILE',
    kind: 'string',
    default: null,
    help: 'Require client certificates signed by this PEM CA bundle (mutual TLS).',
  },
  {
    name: 'client-name',
    env: 'CLIENT_NAME',
    kind: 'string',
    default: null,
    help: 'With --client-ca-file: comma-separated names, one of which a client certificate must carry as a DNS name in its subjectAltName or, when it has none, as its CN; other clients get 403. Default: any certificate the CA signed.',
  },
  {
    name: 'probe-port',
    env: 'PROBE_PORT',
    kind: 'string',
    default: null,
    help: 'Serve /healthz, /livez, /readyz, /metrics and /version on this separate plain-HTTP port (for probes and Prometheus under mutual TLS).',
  },
  {
    name: 'help',
    env: null,
    kind: 'action',
    short: 'h',
    default: null,
    help: 'Print this help and exit.',
  },
]

/** The text `taint-extender [serve] --help` prints: what it does, every flag, examples. */
export function helpText(): string {
  const lines = [
    'Usage: taint-extender serve [flags]',
    '',
    'Runs the extender: the filter, prioritize and preempt verbs kube-scheduler calls, with health,',
    "readiness, metrics and version. Flags with no command before them are serve's, as are",
    'node dist/main.js [serve] [flags]. Other commands: taint-extender help.',
    '',
    'Flags (environment variable in brackets):',
  ]
  for (const flag of FLAGS) {
    const value = { string: ' VALUE', boolean: '[=true|false]', action: '' }[flag.kind]
    const env = flag.env ? ` [${flag.env}]` : ''
    const def = flag.default !== null ? ` (default ${flag.default})` : ''
    const short = flag.short !== undefined ? `-${flag.short}, ` : ''
    lines.push(`  ${short}--${flag.name}${value}${env}${def}`, `      ${flag.help}`)
  }
  lines.push(
    '  --version',
    "      Print the version, the commit it was built from and Node.js's version, and exit.",
    '',
    'Examples:',
    '  taint-extender serve --kubeconfig ~/.kube/config      node-cache mode, outside the cluster',
    '  taint-extender serve --disable-node-cache --port 8888  full-node mode, no cluster needed',
    '  LOG_LEVEL=debug taint-extender serve                    in a pod, every decision logged'
  )
  return lines.join('\n') + '\n'
}
