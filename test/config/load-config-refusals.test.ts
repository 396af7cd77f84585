import { delimiter } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError } from '../../src/config/index.js'
import { thrownMessage } from '../support/thrown-message.js'
import { load, type Start } from './load-config-start.js'

/**
 * The starts loadConfig refuses before anything listens, each with a message naming the flag (or
 * variable) and what is wrong with it. TLS and probe-port combinations are in
 * tls-flags.test.ts.
 */

describe('loadConfig refuses', () => {
  const REFUSED: readonly [string, Start, RegExp][] = [
    [
      'an unknown flag, with the flags close to it as cobra words them',
      { argv: ['--prot', '1'] },
      /^unknown flag --prot; see taint-extender serve --help\n\nDid you mean this\?\n\t--port\n$/,
    ],
    [
      'a flag given twice, whose second value would otherwise silently win',
      { argv: ['--port', '1', '--port=2'] },
      /^--port is given more than once; see taint-extender serve --help$/,
    ],
    [
      'a boolean flag followed by a separate value, which is a stray argument as with pflag',
      { argv: ['--disable-node-cache', 'false'] },
      /unexpected argument "false"; see taint-extender serve --help/,
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
      'a budget for bodies in flight below --max-body, which could never take the largest body',
      { argv: ['--max-body=64mb', '--max-body-bytes-in-flight=32mb'] },
      /^--max-body-bytes-in-flight: 32mb is below --max-body \(67108864 bytes\)/,
    ],
    [
      'a node limit of zero, which would refuse every request',
      { argv: ['--max-nodes-per-request=0'] },
      /^--max-nodes-per-request: 0 is out of range \[1, 4194304\]$/,
    ],
    [
      'a cache byte bound that is not a size',
      { argv: ['--nodes-cache-bytes=lots'] },
      /^--nodes-cache-bytes: "lots" is not a size/,
    ],
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
      'an --evicting-nodes mode it does not know, in any other case than its own',
      { argv: ['--evicting-nodes', 'Reject'] },
      /^--evicting-nodes: "Reject" is not one of reject, avoid, allow$/,
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
    [
      'a KUBECONFIG none of whose files is there, naming them all',
      { env: { KUBECONFIG: `/nowhere/a${delimiter}/nowhere/b` } },
      /^KUBECONFIG: none of its files exists \(\/nowhere\/a, \/nowhere\/b\)$/,
    ],
  ]

  it.each(REFUSED)('%s, saying what is wrong', (_name, start, message) => {
    expect(thrownMessage(ConfigError, () => load(start))).toMatch(message)
  })
})
