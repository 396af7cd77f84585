import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig, type Config } from '../../src/config/index.js'
import { thrownMessage } from '../support/thrown-message.js'

/**
 * Flags, environment variables and defaults: what each start-up line means, and which are
 * refused before anything listens, with a message naming the flag. TLS and probe-port
 * combinations are in tls-flags.test.ts.
 */

const PACKAGE_VERSION = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string
  }
).version
const IN_POD_ENV = { KUBERNETES_SERVICE_HOST: '10.0.0.1', KUBERNETES_SERVICE_PORT: '443' }
const TOKEN = '/var/run/secrets/kubernetes.io/serviceaccount/token'

interface Start {
  readonly argv?: readonly string[]
  readonly env?: Readonly<Record<string, string>>
  /** Files that exist; none otherwise. */
  readonly files?: readonly string[]
}

function load({ argv = [], env = {}, files = [] }: Start): Config {
  const result = loadConfig({ argv, env, fileExists: (path) => files.includes(path) })
  if (result.kind !== 'config') throw new Error('expected a config')
  return result.config
}

describe('loadConfig', () => {
  it('with no flags and no environment, gives every default the README lists', () => {
    expect(load({})).toMatchObject({
      host: '0.0.0.0',
      port: 8888,
      logLevel: 'info',
      maxBodyBytes: 256 * 1024 ** 2,
      featureGates: { TaintTolerationComparisonOperators: true },
      cluster: null,
      watchdogSeconds: 300,
      tolerationsCacheSize: 4096,
      nodesCacheSize: 20000,
      shutdownTimeoutSeconds: 25,
      shutdownDelaySeconds: 0,
      explainEndpoint: false,
      tls: null,
      probePort: null,
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
      'a flag given twice keeps its last value, as pflag does',
      { argv: ['--port', '1', '--port=2'] },
      { port: 2 },
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
      'a kubeconfig that exists selects node-cache mode, ahead of the pod’s service account',
      {
        argv: ['--kubeconfig', '/etc/kube/config'],
        env: IN_POD_ENV,
        files: ['/etc/kube/config', TOKEN],
      },
      { cluster: { kind: 'kubeconfig', path: '/etc/kube/config' } },
    ],
    [
      'in a pod, with the service host, port and token, the service account is used',
      { env: IN_POD_ENV, files: [TOKEN] },
      { cluster: { kind: 'in-cluster' } },
    ],
    [
      'an empty KUBECONFIG is no kubeconfig: in a pod, the service account is used',
      { env: { ...IN_POD_ENV, KUBECONFIG: '' }, files: [TOKEN] },
      { cluster: { kind: 'in-cluster' } },
    ],
    [
      'in a pod without a service account token there is no cluster',
      { env: IN_POD_ENV },
      { cluster: null },
    ],
    [
      'with the token but no service port there is no cluster',
      { env: { KUBERNETES_SERVICE_HOST: '10.0.0.1' }, files: [TOKEN] },
      { cluster: null },
    ],
    [
      'with the token but no service host there is no cluster',
      { env: { KUBERNETES_SERVICE_PORT: '443' }, files: [TOKEN] },
      { cluster: null },
    ],
    [
      '--disable-node-cache wins over a kubeconfig and over the service account',
      {
        argv: ['--disable-node-cache', '--kubeconfig', '/etc/kube/config'],
        env: IN_POD_ENV,
        files: ['/etc/kube/config', TOKEN],
      },
      { cluster: null },
    ],
    [
      'an empty --feature-gates leaves the comparison operators gate at its default, on',
      { argv: ['--feature-gates='] },
      { featureGates: { TaintTolerationComparisonOperators: true } },
    ],
    [
      'numbers and sizes with spaces around them, as a ConfigMap may leave, are read without',
      { env: { PORT: ' 8080\n', MAX_BODY: ' 64mb ', WATCHDOG_SECONDS: '\t60 ' } },
      { port: 8080, maxBodyBytes: 64 * 1024 ** 2, watchdogSeconds: 60 },
    ],
    [
      'the comparison operators gate can be turned off, with spaces and empty entries ignored',
      { argv: ['--feature-gates', ' , TaintTolerationComparisonOperators = false ,'] },
      { featureGates: { TaintTolerationComparisonOperators: false } },
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

  const REFUSED: readonly [string, Start, RegExp][] = [
    ['an unknown flag', { argv: ['--prot', '1'] }, /^Unknown option '--prot'.*; see --help$/],
    [
      'a boolean flag followed by a separate value, which is a stray argument as with pflag',
      { argv: ['--disable-node-cache', 'false'] },
      /Unexpected argument 'false'.*see --help/,
    ],
    [
      'a boolean flag with a value that is not true, false, 1 or 0',
      { argv: ['--disable-node-cache=maybe'] },
      /^--disable-node-cache: "maybe" is not true or false$/,
    ],
    [
      'a boolean environment variable that is not true, false, 1 or 0',
      { env: { ENABLE_EXPLAIN_ENDPOINT: 'yes' } },
      /^--enable-explain-endpoint: "yes" is not true or false$/,
    ],
    [
      'a port past 65535',
      { argv: ['--port', '65536'] },
      /^--port: 65536 is out of range \[0, 65535\]$/,
    ],
    ['a negative port', { argv: ['--port=-1'] }, /^--port: "-1" is not a whole number$/],
    ['a port with a fraction', { env: { PORT: '80.5' } }, /^--port: "80.5" is not a whole number$/],
    ['an empty port', { env: { PORT: '' } }, /^--port: "" is not a whole number$/],
    [
      'a watchdog of 0 seconds',
      { argv: ['--watchdog-seconds', '0'] },
      /^--watchdog-seconds: 0 is out of range \[1, 86400\]$/,
    ],
    [
      'a watchdog longer than a day',
      { argv: ['--watchdog-seconds', '86401'] },
      /^--watchdog-seconds: 86401 is out of range \[1, 86400\]$/,
    ],
    [
      'a tolerations cache of no entries',
      { env: { TOLERATIONS_CACHE_SIZE: '0' } },
      /^--tolerations-cache-size: 0 is out of range \[1, 1000000\]$/,
    ],
    [
      'a nodes cache over a million entries',
      { argv: ['--nodes-cache-size', '1000001'] },
      /^--nodes-cache-size: 1000001 is out of range \[1, 1000000\]$/,
    ],
    [
      'a shutdown timeout of 0 seconds',
      { argv: ['--shutdown-timeout-seconds', '0'] },
      /^--shutdown-timeout-seconds: 0 is out of range \[1, 3600\]$/,
    ],
    [
      'a shutdown delay over an hour',
      { argv: ['--shutdown-delay-seconds', '3601'] },
      /^--shutdown-delay-seconds: 3601 is out of range \[0, 3600\]$/,
    ],
    [
      'a probe port past 65535',
      { argv: ['--probe-port', '70000'] },
      /^--probe-port: 70000 is out of range \[0, 65535\]$/,
    ],
    [
      'a probe port that is the main port',
      { argv: ['--probe-port', '8888'] },
      /^--probe-port: 8888 is --port too; give it its own port$/,
    ],
    [
      'a body size in a unit it does not know',
      { argv: ['--max-body', '1tb'] },
      /^--max-body: "1tb" is not a size \(e\.g\. 256mb, 1gb, 1048576\)$/,
    ],
    [
      'a body size with a fraction, which would otherwise be read as its last digits',
      { argv: ['--max-body', '1.5mb'] },
      /^--max-body: "1.5mb" is not a size/,
    ],
    ['a negative body size', { argv: ['--max-body=-5mb'] }, /^--max-body: "-5mb" is not a size/],
    [
      'a body size followed by more',
      { argv: ['--max-body', '5mb!'] },
      /^--max-body: "5mb!" is not a size/,
    ],
    [
      'a body size that is no number',
      { argv: ['--max-body', 'mb'] },
      /^--max-body: "mb" is not a size/,
    ],
    [
      'a body size of 0 bytes',
      { argv: ['--max-body', '0mb'] },
      /^--max-body: "0mb" must be at least 1 byte$/,
    ],
    [
      'a body size too large to count in bytes exactly',
      { argv: ['--max-body', '9999999999gb'] },
      /^--max-body: "9999999999gb" is more bytes than can be counted exactly$/,
    ],
    [
      'a log level it does not know',
      { argv: ['--log-level', 'verbose'] },
      /^--log-level: "verbose" is not one of debug, info, warn, error$/,
    ],
    [
      'a feature gate without a value',
      { argv: ['--feature-gates', 'TaintTolerationComparisonOperators'] },
      /^--feature-gates: "TaintTolerationComparisonOperators" is not Gate=true\|false$/,
    ],
    [
      'a feature gate with two values',
      { argv: ['--feature-gates', 'TaintTolerationComparisonOperators=true=false'] },
      /is not Gate=true\|false$/,
    ],
    [
      'a feature gate it does not know, naming the one it knows',
      { env: { FEATURE_GATES: ' Nope = true' } },
      /^--feature-gates: unknown gate "Nope" \(known: TaintTolerationComparisonOperators\)$/,
    ],
    [
      'a feature gate set to something other than true or false',
      { argv: ['--feature-gates', 'TaintTolerationComparisonOperators=on'] },
      /^--feature-gates: "on" is not true or false$/,
    ],
    [
      'a kubeconfig that is not there',
      { argv: ['--kubeconfig', '/nowhere/config'] },
      /^--kubeconfig: no file at \/nowhere\/config$/,
    ],
  ]

  it.each(REFUSED)('refuses %s, saying what is wrong', (_name, start, message) => {
    expect(thrownMessage(ConfigError, () => load(start))).toMatch(message)
  })

  it('answers --help with the help text instead of a config, whatever else is given', () => {
    const result = loadConfig({ argv: ['--port', 'not-a-port', '--help'], env: {} })
    expect(result.kind).toBe('help')
    if (result.kind !== 'help') return
    expect(result.text).toMatch(
      /^Usage: taint-extender \[flags\]\n\nFlags \(environment variable in brackets\):\n {2}--port VALUE \[PORT\] \(default 8888\)\n {6}Port for /
    )
    expect(result.text).toMatch(/\n {2}--help\n {6}Print this help and exit\.\n$/)
    expect(result.text).toContain(
      '  --disable-node-cache[=true|false] [DISABLE_NODE_CACHE] (default false)\n'
    )
    expect(result.text).toContain('  --kubeconfig VALUE [KUBECONFIG]\n')
  })

  it('freezes the config it returns', () => {
    expect(Object.isFrozen(load({}))).toBe(true)
  })
})
