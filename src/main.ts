import { realpathSync } from 'node:fs'
import type { RequestListener } from 'node:http'
import { pathToFileURL } from 'node:url'
import {
  ConfigError,
  loadConfig,
  processEnvironment,
  readTlsMaterial,
  versionText,
  type Config,
} from './config/index.js'
import { createRequestHandler, JsonLogger, Metrics, type AppDependencies } from './server/index.js'
import {
  appDependencies,
  applyV8Flags,
  buildExtender,
  readinessChecks,
  startNodeCache,
} from './serve-parts.js'
import {
  logStarted,
  shutDownOnSignals,
  startListening,
  watchCertificates,
} from './serve-lifecycle.js'

/**
 * What serves the main port when it also carries health and metrics. The service always uses
 * createRequestHandler; a caller may pass another, e.g. one that routes the verbs through
 * express, to measure what serving them on node:http saves.
 */
export type RequestHandlerFactory = (deps: AppDependencies) => RequestListener

/**
 * The composition root: the one place that builds concrete parts and wires them together, one
 * named step each. Everything else receives what it needs through its constructor.
 */
async function run(config: Config, serveAll: RequestHandlerFactory): Promise<void> {
  applyV8Flags(config)
  const logger = new JsonLogger(config.logLevel)
  // Before anything starts: a bad certificate or key is a configuration error (exit 2).
  const tlsMaterial = config.tls === null ? null : readTlsMaterial(config.tls)
  const metrics = new Metrics()
  metrics.reportBuildInfo(config.version, config.commit)
  const nodeCache = startNodeCache(config, logger, metrics)
  const extender = buildExtender(config, nodeCache, metrics, logger)
  let shuttingDown = false
  const checks = readinessChecks(nodeCache, () => shuttingDown)
  const deps = appDependencies(config, extender, metrics, logger, checks)
  metrics.reportReadiness(deps.readinessChecks)
  const listeners = await startListening(config, deps, serveAll, tlsMaterial, logger)
  const stopWatchingTls =
    config.tls === null || tlsMaterial === null
      ? () => {}
      : watchCertificates(config.tls, tlsMaterial, listeners.server, logger, metrics)
  // Readiness turns off at the first signal; a second one finds the shutdown already begun.
  const beginShutdown = (): boolean => {
    if (shuttingDown) return false
    shuttingDown = true
    return true
  }
  shutDownOnSignals(config, { listeners, nodeCache, stopWatchingTls }, logger, beginShutdown)
  logStarted(config, listeners, tlsMaterial, logger)
}

/** Starts the extender with these flags (a leading `serve` is the command's name); exits 2 on a bad flag. */
export function main(
  argv: readonly string[],
  serveAll: RequestHandlerFactory = createRequestHandler
): void {
  const flags = argv[0] === 'serve' ? argv.slice(1) : argv
  if (flags.includes('--version')) {
    process.stdout.write(versionText())
    return
  }
  let loaded
  try {
    loaded = loadConfig(processEnvironment(flags))
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
