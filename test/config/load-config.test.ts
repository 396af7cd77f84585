import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { loadConfig, type Config } from '../../src/config/index.js'
import { IN_POD_ENV, load, TOKEN, type Start } from './load-config-start.js'

/**
 * Flags, environment variables and defaults: what each start-up line means. Which cluster, if
 * any, the node cache watches is in load-config-cluster.test.ts; the starts refused in
 * load-config-refusals.test.ts; TLS and probe-port combinations in tls-flags.test.ts.
 */

const PACKAGE_VERSION = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string
  }
).version

describe('loadConfig', () => {
  it('with no flags and no environment, gives every default the README lists', () => {
    expect(load({})).toMatchObject({
      host: '0.0.0.0',
      port: 8888,
      logLevel: 'info',
      maxBodyBytes: 256 * 1024 ** 2,
      featureGates: { TaintTolerationComparisonOperators: false },
      evictingNodes: 'reject',
      cluster: null,
      watchdogSeconds: 300,
      unknownNodeLookupsPerSecond: 20,
      tolerationsCacheSize: 4096,
      tolerationsCacheBytes: 16 * 1024 ** 2,
      nodesCacheSize: 20000,
      nodesCacheBytes: 32 * 1024 ** 2,
      shutdownTimeoutSeconds: 25,
      shutdownDelaySeconds: 0,
      explainEndpoint: false,
      tls: null,
      probePort: null,
      maxConnections: 512,
      version: PACKAGE_VERSION,
    })
  })

  const ACCEPTED: readonly [string, Start, Partial<Config>][] = [
    [
      'a flag wins over its environment variable, and the variable over the default',
      { argv: ['--port', '9001'], env: { PORT: '9000', LOG_LEVEL: 'debug' } },
      { port: 9001, logLevel: 'debug' },
    ],
    [
      '--evicting-nodes takes avoid, and EVICTING_NODES allow when the flag is absent',
      { argv: ['--evicting-nodes', 'avoid'], env: { EVICTING_NODES: 'allow' } },
      { evictingNodes: 'avoid' },
    ],
    [
      'EVICTING_NODES sets the mode',
      { env: { EVICTING_NODES: 'allow' } },
      { evictingNodes: 'allow' },
    ],
    [
      'a bare boolean flag turns it on',
      { argv: ['--enable-explain-endpoint'] },
      { explainEndpoint: true },
    ],
    [
      'a boolean flag takes =false, so it can turn off what its environment variable turned on',
      { argv: ['--enable-explain-endpoint=false'], env: { ENABLE_EXPLAIN_ENDPOINT: 'true' } },
      { explainEndpoint: false },
    ],
    [
      'a boolean flag takes =true, =1 and =0 too',
      {
        argv: ['--enable-explain-endpoint=1', '--disable-node-cache=0'],
        env: IN_POD_ENV,
        files: [TOKEN],
      },
      { explainEndpoint: true, cluster: { kind: 'in-cluster' } },
    ],
    [
      'a boolean environment variable is read in any case',
      { env: { ENABLE_EXPLAIN_ENDPOINT: 'TRUE' } },
      { explainEndpoint: true },
    ],
    ['the log level is read in any case', { argv: ['--log-level', 'WARN'] }, { logLevel: 'warn' }],
    [
      'a body size without a unit is bytes',
      { argv: ['--max-body', '1048576'] },
      { maxBodyBytes: 1048576 },
    ],
    [
      'body sizes are 1024-based in either spelling, in any case, with or without a space',
      { argv: ['--max-body', '3 KiB'] },
      { maxBodyBytes: 3072 },
    ],
    ['a body size in gigabytes', { env: { MAX_BODY: '1GB' } }, { maxBodyBytes: 1024 ** 3 }],
    [
      'a body size in mebibytes',
      { env: { MAX_BODY: '100mib' } },
      { maxBodyBytes: 100 * 1024 ** 2 },
    ],
    [
      'the lowest value of every bounded number is accepted',
      {
        argv: [
          '--port=0',
          '--watchdog-seconds=1',
          '--tolerations-cache-size=1',
          '--nodes-cache-size=1',
          '--shutdown-timeout-seconds=1',
          '--shutdown-delay-seconds=0',
          '--max-body=1',
        ],
      },
      {
        port: 0,
        watchdogSeconds: 1,
        tolerationsCacheSize: 1,
        nodesCacheSize: 1,
        shutdownTimeoutSeconds: 1,
        shutdownDelaySeconds: 0,
        maxBodyBytes: 1,
      },
    ],
    [
      'the highest value of every bounded number is accepted',
      {
        argv: [
          '--port=65535',
          '--watchdog-seconds=86400',
          '--tolerations-cache-size=1000000',
          '--nodes-cache-size=1000000',
          '--shutdown-timeout-seconds=3600',
          '--shutdown-delay-seconds=3600',
        ],
      },
      {
        port: 65535,
        watchdogSeconds: 86400,
        tolerationsCacheSize: 1_000_000,
        nodesCacheSize: 1_000_000,
        shutdownTimeoutSeconds: 3600,
        shutdownDelaySeconds: 3600,
      },
    ],
    [
      'an empty --feature-gates leaves the comparison operators gate at its default, off as upstream’s',
      { argv: ['--feature-gates='] },
      { featureGates: { TaintTolerationComparisonOperators: false } },
    ],
    [
      'numbers and sizes with spaces around them, as a ConfigMap may leave, are read without',
      { env: { PORT: ' 8080\n', MAX_BODY: ' 64mb ', WATCHDOG_SECONDS: '\t60 ' } },
      { port: 8080, maxBodyBytes: 64 * 1024 ** 2, watchdogSeconds: 60 },
    ],
    [
      'the comparison operators gate can be turned on, with spaces and empty entries ignored',
      { argv: ['--feature-gates', ' , TaintTolerationComparisonOperators = true ,'] },
      { featureGates: { TaintTolerationComparisonOperators: true } },
    ],
    [
      'the caches take byte bounds in the sizes --max-body takes',
      { argv: ['--tolerations-cache-bytes=1mb'], env: { NODES_CACHE_BYTES: '2 MiB' } },
      { tolerationsCacheBytes: 1024 ** 2, nodesCacheBytes: 2 * 1024 ** 2 },
    ],
    [
      'the budget for bodies in flight is taken as given when it holds at least one body',
      { argv: ['--max-body=32mb', '--max-body-bytes-in-flight=96mb'] },
      { maxBodyBytes: 32 * 1024 ** 2, maxBodyBytesInFlight: 96 * 1024 ** 2 },
    ],
    [
      'a probe port of 0 beside a port of 0 is allowed: the system picks two ports',
      { argv: ['--port', '0', '--probe-port', '0'] },
      { port: 0, probePort: 0 },
    ],
  ]

  it.each(ACCEPTED)('%s', (_name, start, expected) => {
    expect(load(start)).toMatchObject(expected)
  })

  it('derives the budget for bodies in flight from the V8 heap limit, never below --max-body', () => {
    const start = (heapSizeLimit: number, maxBody: string): number => {
      const result = loadConfig({ argv: [`--max-body=${maxBody}`], env: {}, heapSizeLimit })
      if (result.kind !== 'config') throw new Error('expected a config')
      return result.config.maxBodyBytesInFlight
    }
    expect(start(400 * 1024 ** 2, '32mb')).toBe(100 * 1024 ** 2)
    expect(start(400 * 1024 ** 2, '256mb')).toBe(256 * 1024 ** 2)
    expect(start(4096 * 1024 ** 2, '256mb')).toBe(1024 * 1024 ** 2)
  })

  it('derives the nodes a request may carry from the V8 heap limit, one per KiB of a quarter of it, unless --max-nodes-per-request says', () => {
    const start = (heapSizeLimit: number, argv: string[] = []): number => {
      const result = loadConfig({ argv, env: {}, heapSizeLimit })
      if (result.kind !== 'config') throw new Error('expected a config')
      return result.config.maxNodesPerRequest
    }
    expect(start(432 * 1024 ** 2)).toBe(110_592)
    expect(start(4096 * 1024 ** 2)).toBe(1_048_576)
    expect(start(432 * 1024 ** 2, ['--max-nodes-per-request=5000'])).toBe(5000)
    expect(
      loadConfig({ argv: [], env: { MAX_NODES_PER_REQUEST: '20000' }, heapSizeLimit: 1 })
    ).toMatchObject({ config: { maxNodesPerRequest: 20_000 } })
  })

  it('answers --help with the help text instead of a config, whatever else is given', () => {
    const result = loadConfig({ argv: ['--port', 'not-a-port', '--help'], env: {} })
    expect(result.kind).toBe('help')
    if (result.kind !== 'help') return
    expect(result.text).toMatch(
      /^Usage: taint-extender serve \[flags\]\n\nRuns the extender: [^]*\nFlags \(environment variable in brackets\):\n {2}--port VALUE \[PORT\] \(default 8888\)\n {6}Port for /
    )
    expect(result.text).toMatch(
      /\n {2}-h, --help\n {6}Print this help and exit\.\n {2}--version\n {6}Print the version.*\n\nExamples:\n/
    )
    expect(result.text).toContain(
      '  --disable-node-cache[=true|false] [DISABLE_NODE_CACHE] (default false)\n'
    )
    expect(result.text).toContain('  --kubeconfig VALUE [KUBECONFIG]\n')
  })

  it('freezes the config it returns', () => {
    expect(Object.isFrozen(load({}))).toBe(true)
  })
})
