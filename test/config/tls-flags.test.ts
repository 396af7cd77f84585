import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig, type Config } from '../../src/config/index.js'
import { thrownMessage } from '../support/thrown-message.js'

/**
 * The TLS and probe-port flags: which combinations start, which are refused before anything
 * listens, and that environment variables work as the flags do. File contents are checked by
 * tls-material.test.ts; here only whether the files exist.
 */

const FILES = new Set(['/tls/tls.crt', '/tls/tls.key', '/tls/ca.crt'])
const fileExists = (path: string): boolean => FILES.has(path)

function load(argv: string[], env: Record<string, string> = {}): Config {
  const result = loadConfig({ argv: ['--disable-node-cache', ...argv], env, fileExists })
  if (result.kind !== 'config') throw new Error('expected a config')
  return result.config
}

const refusal = (argv: string[], env: Record<string, string> = {}): string =>
  thrownMessage(ConfigError, () => load(argv, env))

const CERT = ['--tls-cert-file', '/tls/tls.crt']
const KEY = ['--tls-private-key-file', '/tls/tls.key']
const CA = ['--client-ca-file', '/tls/ca.crt']

describe('TLS flags', () => {
  it('serves plain HTTP with none of them, and health on the main port', () => {
    const config = load([])
    expect(config.tls).toBeNull()
    expect(config.probePort).toBeNull()
  })

  it('serves HTTPS with a certificate and its key', () => {
    expect(load([...CERT, ...KEY]).tls).toEqual({
      certFile: '/tls/tls.crt',
      keyFile: '/tls/tls.key',
      clientCaFile: null,
    })
  })

  it('requires client certificates with a client CA (mutual TLS)', () => {
    expect(load([...CERT, ...KEY, ...CA]).tls?.clientCaFile).toBe('/tls/ca.crt')
  })

  it('takes the same from environment variables', () => {
    const config = load([], {
      TLS_CERT_FILE: '/tls/tls.crt',
      TLS_PRIVATE_KEY_FILE: '/tls/tls.key',
      CLIENT_CA_FILE: '/tls/ca.crt',
      PROBE_PORT: '8889',
    })
    expect(config.tls).toEqual({
      certFile: '/tls/tls.crt',
      keyFile: '/tls/tls.key',
      clientCaFile: '/tls/ca.crt',
    })
    expect(config.probePort).toBe(8889)
  })

  it('refuses a certificate without its key and a key without its certificate', () => {
    expect(refusal(CERT)).toMatch(/--tls-cert-file and --tls-private-key-file go together/)
    expect(refusal(KEY)).toMatch(/--tls-cert-file and --tls-private-key-file go together/)
  })

  it('refuses a client CA without a serving certificate: mutual TLS needs TLS', () => {
    expect(refusal(CA)).toMatch(/--client-ca-file needs --tls-cert-file and --tls-private-key-file/)
  })

  it('refuses a file that is not there, naming the flag and the path', () => {
    expect(refusal(['--tls-cert-file', '/nope.crt', ...KEY])).toBe(
      '--tls-cert-file: no file at /nope.crt'
    )
    expect(refusal([...CERT, ...KEY, '--client-ca-file', '/nope/ca.crt'])).toBe(
      '--client-ca-file: no file at /nope/ca.crt'
    )
  })
})

describe('--client-name', () => {
  it('admits any certificate the CA signed when not given', () => {
    expect(load([...CERT, ...KEY, ...CA]).clientNames).toEqual([])
  })

  it('takes a comma-separated list, each name trimmed, from the flag or CLIENT_NAME', () => {
    expect(
      load([...CERT, ...KEY, ...CA, '--client-name', 'a.example, system:b']).clientNames
    ).toEqual(['a.example', 'system:b'])
    expect(load([...CERT, ...KEY, ...CA], { CLIENT_NAME: 'a.example' }).clientNames).toEqual([
      'a.example',
    ])
  })

  it.each([
    { argv: ['--client-name', 'a'], with: 'no TLS at all' },
    { argv: [...CERT, ...KEY, '--client-name', 'a'], with: 'TLS without a client CA' },
  ])('refuses names with $with: only a verified client certificate has names', ({ argv }) => {
    expect(refusal(argv)).toBe(
      '--client-name needs --client-ca-file: only a client certificate has names'
    )
  })

  it('refuses an empty name in the list, quoting the list', () => {
    expect(refusal([...CERT, ...KEY, ...CA, '--client-name', 'a,,b'])).toBe(
      '--client-name: an empty name in "a,,b"'
    )
  })
})

describe('--probe-port', () => {
  it('takes a port, with or without TLS', () => {
    expect(load(['--probe-port', '8889']).probePort).toBe(8889)
    expect(load([...CERT, ...KEY, ...CA, '--probe-port', '9000']).probePort).toBe(9000)
  })

  it('refuses what is not a port', () => {
    expect(refusal(['--probe-port', 'http'])).toMatch(/--probe-port: "http" is not a whole number/)
    expect(refusal(['--probe-port', '70000'])).toMatch(/--probe-port: 70000 is out of range/)
    expect(refusal(['--port', '8888', '--probe-port', '8888'])).toMatch(/is --port too/)
  })
})
