import { afterEach } from 'vitest'
import {
  InformerNodeCache,
  loadKubeConfig,
  type InformerNodeCacheOptions,
} from '../../src/cluster/index.js'
import {
  FakeApiServer,
  kubeconfigFor,
  type FakeApiServerOptions,
} from '../support/fake-apiserver.js'
import { RecordingLogger } from '../support/recording-logger.js'
import { RecordingNodeCacheMetrics } from '../support/recording-node-cache-metrics.js'

/** A node cache under test, with what it reports into. */
export interface StartedCache {
  readonly cache: InformerNodeCache
  readonly metrics: RecordingNodeCacheMetrics
  readonly logger: RecordingLogger
}

type Overrides = Partial<Omit<InformerNodeCacheOptions, 'kubeConfig' | 'logger' | 'metrics'>> & {
  readonly token?: string
}

const caches = new Set<InformerNodeCache>()
const servers = new Set<FakeApiServer>()

afterEach(async () => {
  await Promise.all([...caches].map((c) => c.stop()))
  await Promise.all([...servers].map((s) => s.close()))
  caches.clear()
  servers.clear()
})

/** A fake API server on a free port, closed after the test. */
export async function startServer(options: FakeApiServerOptions = {}): Promise<FakeApiServer> {
  return track(await FakeApiServer.start(options))
}

/** A fake API server that is not listening yet (for "the API server appears later"). */
export function unstartedServer(options: FakeApiServerOptions = {}): FakeApiServer {
  return track(new FakeApiServer(options))
}

/**
 * A started InformerNodeCache pointed at `url` through a real kubeconfig file, with delays
 * small enough for tests: retries within milliseconds and a watchdog that only the watchdog
 * tests shorten further. Whoever starts it stops it: for a cache a whole file shares, which
 * startCache's stop after each test would end too soon.
 */
export function startSharedCache(url: string, overrides: Overrides = {}): StartedCache {
  const { token, ...options } = overrides
  const kubeConfig = loadKubeConfig({
    kind: 'kubeconfig',
    paths: [kubeconfigFor(url, token === undefined ? {} : { token })],
  })
  const metrics = new RecordingNodeCacheMetrics()
  const logger = new RecordingLogger()
  const cache = new InformerNodeCache({
    kubeConfig,
    logger,
    metrics,
    backoff: { initialMs: 10, maxMs: 100 },
    // Far beyond any test: a watch restarted by the watchdog would replay events a test
    // holds back on purpose (`notify: false`). The watchdog's own tests set it short.
    watchdogMs: 900_000,
    ...options,
  })
  cache.start()
  return { cache, metrics, logger }
}

/** startSharedCache, stopped after the test. */
export function startCache(url: string, overrides: Overrides = {}): StartedCache {
  const started = startSharedCache(url, overrides)
  caches.add(started.cache)
  return started
}

function track(server: FakeApiServer): FakeApiServer {
  servers.add(server)
  return server
}

/** The query of each watch request the server received, in order. */
export function watchQueries(server: FakeApiServer): URLSearchParams[] {
  return server.requestLog
    .filter((r) => r.kind === 'watch')
    .map((r) => new URL(r.url, 'http://x').searchParams)
}
