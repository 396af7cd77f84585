import type { RequestListener } from 'node:http'
import type { InformerNodeCache } from './cluster/index.js'
import {
  NODE_FLAGS,
  watchTlsMaterial,
  type Config,
  type TlsFiles,
  type TlsMaterial,
} from './config/index.js'
import {
  admitClientNames,
  createOperationsHandler,
  createVerbsHandler,
  listen,
  TlsSeries,
  type AppDependencies,
  type JsonLogger,
  type Metrics,
  type RunningServer,
} from './server/index.js'

/** The server's life once its parts are built: listening, certificate rotation, shutdown. */

export interface Listeners {
  readonly server: RunningServer
  readonly probeServer: RunningServer | null
}

/**
 * With a probe port the main port serves the verbs only, over TLS when configured, and the
 * operations endpoints are on plain HTTP (kubelet probes and Prometheus carry no client
 * certificate). The main port listens first: its 'listening' line is the first one logged.
 * With --client-name the main port admits only clients whose certificate carries one.
 */
export async function startListening(
  config: Config,
  deps: AppDependencies,
  serveAll: (deps: AppDependencies) => RequestListener,
  tlsMaterial: TlsMaterial | null,
  logger: JsonLogger
): Promise<Listeners> {
  const handler = config.probePort === null ? serveAll(deps) : createVerbsHandler(deps)
  const server = await listen(
    admitClientNames(handler, config.clientNames, deps),
    config.host,
    config.port,
    logger,
    { tls: tlsMaterial, role: 'main', maxConnections: config.maxConnections }
  )
  const probeServer =
    config.probePort === null
      ? null
      : await listen(createOperationsHandler(deps), config.host, config.probePort, logger, {
          role: 'probe',
          maxConnections: config.maxConnections,
        })
  return { server, probeServer }
}

/**
 * Certificate rotation: config re-reads the files, the server swaps its secure context, and the
 * TLS series say which certificate is served and whether the files on disk could be.
 */
export function watchCertificates(
  files: TlsFiles,
  initial: TlsMaterial,
  server: RunningServer,
  logger: JsonLogger,
  metrics: Metrics
): () => void {
  const series = new TlsSeries(metrics.registry, initial.summary)
  return watchTlsMaterial(files, {
    initial,
    onChange: (material) => {
      // A context the TLS stack refuses throws here, and the watcher reports it to onError.
      server.reloadTls(material)
      series.reloaded(material.summary)
      logger.info('TLS files changed: new connections get the new certificate', {
        certificate: material.summary,
      })
    },
    onError: (err) => {
      series.reloadFailed()
      logger.warn('TLS files changed but cannot be served; keeping the previous ones', {
        err: err.message,
      })
    },
  })
}

/** What a shutdown stops, besides the readiness it turns off first. */
export interface ShutdownParts {
  readonly listeners: Listeners
  readonly nodeCache: InformerNodeCache | null
  readonly stopWatchingTls: () => void
}

/**
 * SIGTERM and SIGINT: readiness off, then, after the shutdown delay, the listeners closed with
 * their in-flight requests finished, the node cache stopped, and the process ended.
 */
export function shutDownOnSignals(
  config: Config,
  parts: ShutdownParts,
  logger: JsonLogger,
  beginShutdown: () => boolean
): void {
  const shutdown = async (signal: string): Promise<void> => {
    if (!beginShutdown()) return
    logger.info('shutting down: readiness off, finishing in-flight requests', {
      signal,
      delaySeconds: config.shutdownDelaySeconds,
    })
    parts.stopWatchingTls()
    const { server, probeServer } = parts.listeners
    // Endpoints controllers and load balancers notice the failing /readyz and stop sending
    // new connections; only then does the listener close.
    server.drain()
    if (config.shutdownDelaySeconds > 0) {
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDelaySeconds * 1000))
    }
    // The probe port closes last, so /readyz answers 503 while the verbs drain.
    await server.close(config.shutdownTimeoutSeconds * 1000)
    await probeServer?.close(1000)
    await parts.nodeCache?.stop()
    logger.info('stopped')
    process.exit(0)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
}

/** Logged only once SIGTERM drains: whoever waits for this line may stop the process at once. */
export function logStarted(
  config: Config,
  { server, probeServer }: Listeners,
  tlsMaterial: TlsMaterial | null,
  logger: JsonLogger
): void {
  logger.info('taint-extender started', {
    version: config.version,
    commit: config.commit,
    comparisonOperators: config.featureGates.TaintTolerationComparisonOperators,
    evictingNodes: config.evictingNodes,
    transport: server.transport,
    port: server.port,
    probePort: probeServer?.port ?? null,
    v8Flags: config.v8Flags,
    ...(tlsMaterial === null ? {} : { certificate: tlsMaterial.summary }),
  })
  if (config.missingNodeFlags.length > 0) {
    logger.warn(
      'started without the Node.js flags the image and npm start use; garbage collection ' +
        'may then add milliseconds to calls at thousands of nodes',
      { missing: config.missingNodeFlags, start: 'node ' + NODE_FLAGS.join(' ') + ' dist/main.js' }
    )
  }
}
