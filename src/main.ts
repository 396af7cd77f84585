import { realpathSync } from 'node:fs'
import type { RequestListener } from 'node:http'
import { pathToFileURL } from 'node:url'
import { setFlagsFromString } from 'node:v8'
import { collectGarbageAfterList, InformerNodeCache, loadKubeConfig } from './cluster/index.js'
import {
  ConfigError,
  loadConfig,
  NODE_FLAGS,
  readTlsMaterial,
  watchTlsMaterial,
  type Config,
  type TlsFiles,
  type TlsMaterial,
} from './config/index.js'
import { Extender, type NodeCache } from './extender/index.js'
import {
  BodyBudget,
  createOperationsHandler,
  createRequestHandler,
  createVerbsHandler,
  JsonLogger,
  listen,
  Metrics,
  TlsSeries,
  type AppDependencies,
  type ReadinessCheck,
  type RunningServer,
} from './server/index.js'

/**
 * What serves the main port when it also carries health and metrics. The service always uses
 * createRequestHandler; a caller may pass another, e.g. one that routes the verbs through
 * express, to measure what serving them on node:http saves.
 */
export type RequestHandlerFactory = (deps: AppDependencies) => RequestListener

/**
 * Certificate rotation: config re-reads the files, the server swaps its secure context, and the
 * TLS series say which certificate is served and whether the files on disk could be.
 */
function watchCertificates(
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

/**
 * The composition root: the one place that builds concrete parts and wires them together.
 * Everything else receives what it needs through its constructor.
 */
async function run(config: Config, serveAll: RequestHandlerFactory): Promise<void> {
  // First, before the node list and the first request: V8 applies these at its next heap-limit
  // decision, and the flags chosen depend on this runtime's V8 (config/v8-runtime-flags.ts).
  for (const flag of config.v8Flags) setFlagsFromString(flag)
  const logger = new JsonLogger(config.logLevel)
  // Before anything starts: a bad certificate or key is a configuration error (exit 2).
  const tlsMaterial = config.tls === null ? null : readTlsMaterial(config.tls)
  const metrics = new Metrics()

  let nodeCache: InformerNodeCache | null = null
  if (config.cluster !== null) {
    const cacheLogger = logger.child({ component: 'node-cache' })
    nodeCache = new InformerNodeCache({
      kubeConfig: loadKubeConfig(config.cluster),
      logger: cacheLogger,
      metrics: metrics.nodeCache,
      watchdogMs: config.watchdogSeconds * 1000,
      lookupsPerSecond: config.unknownNodeLookupsPerSecond,
      afterList: collectGarbageAfterList(cacheLogger),
    })
    nodeCache.start()
    logger.info('node-cache mode on: watching nodes', { source: config.cluster.kind })
  } else {
    logger.info(
      'no cluster connection: serving full-node requests (nodeCacheCapable: false) only; ' +
        'NodeNames requests get an Error until started with --kubeconfig or in a pod'
    )
  }

  const extender = new Extender({
    rules: { comparisonOperators: config.featureGates.TaintTolerationComparisonOperators },
    tolerationsCache: { entries: config.tolerationsCacheSize, bytes: config.tolerationsCacheBytes },
    nodesCache: { entries: config.nodesCacheSize, bytes: config.nodesCacheBytes },
    nodeCache: nodeCache satisfies NodeCache | null,
    metrics,
    logger,
  })

  let shuttingDown = false
  const checks: ReadinessCheck[] = [
    {
      name: 'shutdown',
      check: () => ({ ok: !shuttingDown, reason: 'the process is shutting down' }),
    },
  ]
  if (nodeCache !== null) {
    const cache = nodeCache
    checks.push({
      name: 'node-cache',
      check: () => {
        const readiness = cache.readiness()
        return { ok: readiness.ready, reason: readiness.reason }
      },
    })
  }

  const deps: AppDependencies = {
    extender,
    metrics,
    logger,
    readinessChecks: () => checks,
    maxBodyBytes: config.maxBodyBytes,
    bodyBudget: new BodyBudget(config.maxBodyBytesInFlight),
    explainEndpoint: config.explainEndpoint,
    version: config.version,
  }
  metrics.reportReadiness(deps.readinessChecks)
  // With a probe port the main port serves the verbs only, over TLS when configured, and the
  // operations endpoints are on plain HTTP (kubelet probes and Prometheus carry no client
  // certificate). The main port listens first: its 'listening' line is the first one logged.
  const server = await listen(
    config.probePort === null ? serveAll(deps) : createVerbsHandler(deps),
    config.host,
    config.port,
    logger,
    { tls: tlsMaterial, role: 'main', maxConnections: config.maxConnections }
  )
  const probeServer: RunningServer | null =
    config.probePort === null
      ? null
      : await listen(createOperationsHandler(deps), config.host, config.probePort, logger, {
          role: 'probe',
          maxConnections: config.maxConnections,
        })
  const stopWatchingTls =
    config.tls === null || tlsMaterial === null
      ? () => {}
      : watchCertificates(config.tls, tlsMaterial, server, logger, metrics)
  const shutdown = async (signal: string): Promise<void> => {
    if (shuttingDown) return
    shuttingDown = true
    logger.info('shutting down: readiness off, finishing in-flight requests', {
      signal,
      delaySeconds: config.shutdownDelaySeconds,
    })
    stopWatchingTls()
    // Endpoints controllers and load balancers notice the failing /readyz and stop sending
    // new connections; only then does the listener close.
    server.drain()
    if (config.shutdownDelaySeconds > 0) {
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDelaySeconds * 1000))
    }
    // The probe port closes last, so /readyz answers 503 while the verbs drain.
    await server.close(config.shutdownTimeoutSeconds * 1000)
    await probeServer?.close(1000)
    await nodeCache?.stop()
    logger.info('stopped')
    process.exit(0)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
  // Logged only now that SIGTERM drains: whoever waits for this line may stop the process at once.
  logger.info('taint-extender started', {
    version: config.version,
    comparisonOperators: config.featureGates.TaintTolerationComparisonOperators,
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

/** Starts the extender with these flags; exits 2 on a bad flag. */
export function main(
  argv: readonly string[],
  serveAll: RequestHandlerFactory = createRequestHandler
): void {
  let loaded
  try {
    loaded = loadConfig({
      argv,
      env: process.env,
      execArgv: process.execArgv,
      v8Version: process.versions.v8,
    })
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`taint-extender: ${err.message}\n`)
      process.exit(2)
    }
    throw err
  }
  if (loaded.kind === 'help') {
    process.stdout.write(loaded.text)
    return
  }
  run(loaded.config, serveAll).catch((err: unknown) => {
    if (err instanceof ConfigError) {
      process.stderr.write(`taint-extender: ${err.message}\n`)
      process.exit(2)
    }
    process.stderr.write(
      JSON.stringify({
        ts: Date.now() / 1000,
        level: 'error',
        msg: 'failed to start',
        err: String(err),
      }) + '\n'
    )
    process.exit(1)
  })
}

// Run when started as `node dist/main.js`; src/cli.ts imports main() for `taint-extender serve`.
if (
  process.argv[1] !== undefined &&
  import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href
) {
  main(process.argv.slice(2))
}
