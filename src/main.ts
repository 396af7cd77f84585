import { InformerNodeCache, loadKubeConfig } from './cluster/index.js'
import { ConfigError, loadConfig, type Config } from './config/index.js'
import { Extender, type NodeCache } from './extender/index.js'
import {
  createRequestHandler,
  JsonLogger,
  listen,
  Metrics,
  type ReadinessCheck,
} from './server/index.js'

/**
 * The composition root: the one place that builds concrete parts and wires them together.
 * Everything else receives what it needs through its constructor.
 */
async function run(config: Config): Promise<void> {
  const logger = new JsonLogger(config.logLevel)
  const metrics = new Metrics()

  let nodeCache: InformerNodeCache | null = null
  if (config.cluster !== null) {
    nodeCache = new InformerNodeCache({
      kubeConfig: loadKubeConfig(config.cluster),
      logger: logger.child({ component: 'node-cache' }),
      metrics,
      watchdogMs: config.watchdogSeconds * 1000,
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
    tolerationsCacheSize: config.tolerationsCacheSize,
    nodesCacheSize: config.nodesCacheSize,
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

  const app = createRequestHandler({
    extender,
    metrics,
    logger,
    readinessChecks: () => checks,
    maxBodyBytes: config.maxBodyBytes,
    version: config.version,
  })
  const server = await listen(app, config.host, config.port, logger)
  logger.info('taint-extender started', {
    version: config.version,
    comparisonOperators: config.featureGates.TaintTolerationComparisonOperators,
  })

  const shutdown = async (signal: string): Promise<void> => {
    if (shuttingDown) return
    shuttingDown = true
    logger.info('shutting down: readiness off, finishing in-flight requests', { signal })
    await server.close(config.shutdownTimeoutSeconds * 1000)
    await nodeCache?.stop()
    logger.info('stopped')
    process.exit(0)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
}

function main(): void {
  let loaded
  try {
    loaded = loadConfig({ argv: process.argv.slice(2), env: process.env })
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
  run(loaded.config).catch((err: unknown) => {
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

main()
