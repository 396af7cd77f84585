import { setFlagsFromString } from 'node:v8'
import { collectGarbageAfterList, InformerNodeCache, loadKubeConfig } from './cluster/index.js'
import { clusterConnection, environmentVariables, type Config } from './config/index.js'
import { Extender, type NodeCache } from './extender/index.js'
import {
  BodyBudget,
  type AppDependencies,
  type JsonLogger,
  type Metrics,
  type ReadinessCheck,
} from './server/index.js'

/** The parts the server is built from, each made from the configuration by one step. */

/**
 * First, before the node list and the first request: V8 applies these at its next heap-limit
 * decision, and the flags chosen depend on this runtime's V8 (config/v8-runtime-flags.ts).
 */
export function applyV8Flags(config: Config): void {
  for (const flag of config.v8Flags) setFlagsFromString(flag)
}

/** The node source: an informer-fed cache when a cluster is configured, else none. */
export function startNodeCache(
  config: Config,
  logger: JsonLogger,
  metrics: Metrics
): InformerNodeCache | null {
  if (config.cluster === null) {
    logger.info(
      'no cluster connection: serving full-node requests (nodeCacheCapable: false) only; ' +
        'NodeNames requests get an Error until started with --kubeconfig or in a pod'
    )
    return null
  }
  const cacheLogger = logger.child({ component: 'node-cache' })
  const nodeCache = new InformerNodeCache({
    kubeConfig: loadKubeConfig(clusterConnection(config.cluster, environmentVariables())),
    logger: cacheLogger,
    metrics: metrics.nodeCache,
    watchdogMs: config.watchdogSeconds * 1000,
    lookupsPerSecond: config.unknownNodeLookupsPerSecond,
    afterList: collectGarbageAfterList(cacheLogger),
  })
  nodeCache.start()
  logger.info('node-cache mode on: watching nodes', { source: config.cluster.kind })
  return nodeCache
}

export function buildExtender(
  config: Config,
  nodeCache: NodeCache | null,
  metrics: Metrics,
  logger: JsonLogger
): Extender {
  return new Extender({
    rules: {
      comparisonOperators: config.featureGates.TaintTolerationComparisonOperators,
      evictingNodes: config.evictingNodes,
    },
    tolerationsCache: { entries: config.tolerationsCacheSize, bytes: config.tolerationsCacheBytes },
    nodesCache: { entries: config.nodesCacheSize, bytes: config.nodesCacheBytes },
    nodeCache,
    metrics,
    logger,
    maxNodesPerRequest: config.maxNodesPerRequest,
  })
}

/** /readyz fails while shutting down, and in node-cache mode until the cache is ready. */
export function readinessChecks(
  nodeCache: InformerNodeCache | null,
  shuttingDown: () => boolean
): ReadinessCheck[] {
  const checks: ReadinessCheck[] = [
    {
      name: 'shutdown',
      check: () => ({ ok: !shuttingDown(), reason: 'the process is shutting down' }),
    },
  ]
  if (nodeCache !== null) {
    checks.push({
      name: 'node-cache',
      check: () => {
        const readiness = nodeCache.readiness()
        return { ok: readiness.ready, reason: readiness.reason }
      },
    })
  }
  return checks
}

export function appDependencies(
  config: Config,
  extender: Extender,
  metrics: Metrics,
  logger: JsonLogger,
  checks: readonly ReadinessCheck[]
): AppDependencies {
  return {
    extender,
    metrics,
    logger,
    readinessChecks: () => checks,
    maxBodyBytes: config.maxBodyBytes,
    bodyBudget: new BodyBudget(config.maxBodyBytesInFlight),
    explainEndpoint: config.explainEndpoint,
    version: config.version,
    commit: config.commit,
  }
}
