import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { KubeConfig } from '@kubernetes/client-node'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { apiServerUrl, loadKubeConfig } from '../../src/cluster/index.js'
import { kubeconfigFor } from '../support/kubeconfig-for.js'
import { thrownError } from '../support/thrown-message.js'

afterEach(() => {
  vi.unstubAllEnvs()
})

describe('loadKubeConfig', () => {
  it('loads a kubeconfig file with its server and token', () => {
    const path = kubeconfigFor('http://127.0.0.1:6443', { token: 't0ken' })
    const kc = loadKubeConfig({ kind: 'kubeconfig', paths: [path] })
    expect(kc).toBeInstanceOf(KubeConfig)
    expect(kc.getCurrentCluster()).toMatchObject({
      server: 'http://127.0.0.1:6443',
      skipTLSVerify: true,
    })
    expect(kc.getCurrentUser()?.token).toBe('t0ken')
    expect(apiServerUrl(kc)).toBe('http://127.0.0.1:6443')
  })

  it('names the file it could not read, and why in words, keeping the error it got as the cause', () => {
    const path = join(tmpdir(), 'no-such-dir-for-taint-extender', 'kubeconfig')
    const thrown = thrownError(Error, () => loadKubeConfig({ kind: 'kubeconfig', paths: [path] }))
    expect(thrown.message).toBe(`cannot read kubeconfig ${path}: no such file`)
    expect((thrown.cause as NodeJS.ErrnoException).code).toBe('ENOENT')
  })

  it('says a kubeconfig that is a directory is one, not EISDIR', () => {
    const dir = mkdtempSync(join(tmpdir(), 'taint-extender-test-'))
    expect(() => loadKubeConfig({ kind: 'kubeconfig', paths: [dir] })).toThrow(
      new Error(`cannot read kubeconfig ${dir}: it is a directory`)
    )
  })

  it('rejects a kubeconfig whose current context leads to no cluster', () => {
    const dir = mkdtempSync(join(tmpdir(), 'taint-extender-test-'))
    const path = join(dir, 'kubeconfig')
    writeFileSync(path, 'apiVersion: v1\nkind: Config\ncurrent-context: missing\n')
    expect(() => loadKubeConfig({ kind: 'kubeconfig', paths: [path] })).toThrow(
      `kubeconfig ${path} has no usable current context (current-context: "missing")`
    )
    writeFileSync(path, 'apiVersion: v1\nkind: Config\n')
    expect(() => loadKubeConfig({ kind: 'kubeconfig', paths: [path] })).toThrow(
      `kubeconfig ${path} has no usable current context (current-context: unset)`
    )
  })

  it.each([
    ['neither variable is set', '', ''],
    ['only the host is set', '10.0.0.1', ''],
    ['only the port is set', '', '443'],
  ])(
    'refuses in-cluster configuration when %s (outside a pod), and says what to do instead',
    (_name, host, port) => {
      expect(() => loadKubeConfig({ kind: 'in-cluster', host, port })).toThrow(
        /KUBERNETES_SERVICE_HOST and KUBERNETES_SERVICE_PORT.*--kubeconfig/
      )
    }
  )

  it('refuses in-cluster configuration without a readable service-account token', () => {
    const pathPrefix = mkdtempSync(join(tmpdir(), 'taint-extender-sa-'))
    const source = { kind: 'in-cluster', host: '10.0.0.1', port: '443', pathPrefix } as const
    const thrown = thrownError(Error, () => loadKubeConfig(source))
    expect(thrown.message).toMatch(/^cannot read the service-account token \S+: no such file$/)
    expect((thrown.cause as NodeJS.ErrnoException).code).toBe('ENOENT')
  })

  it('uses the service account of the pod in-cluster', () => {
    vi.stubEnv('KUBERNETES_SERVICE_HOST', 'fd00::1')
    vi.stubEnv('KUBERNETES_SERVICE_PORT', '443')
    const pathPrefix = mkdtempSync(join(tmpdir(), 'taint-extender-sa-'))
    const dir = join(pathPrefix, '/var/run/secrets/kubernetes.io/serviceaccount')
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, 'token'), 'sa-token')
    const kc = loadKubeConfig({ kind: 'in-cluster', host: 'fd00::1', port: '443', pathPrefix })
    expect(apiServerUrl(kc)).toBe('https://[fd00::1]:443')
    expect(kc.getCurrentCluster()?.caFile).toBe(join(dir, 'ca.crt'))
  })

  it('masks credentials embedded in a server URL when showing it', () => {
    const kc = loadKubeConfig({
      kind: 'kubeconfig',
      paths: [kubeconfigFor('https://admin:hunter2@api.example:6443')],
    })
    expect(apiServerUrl(kc)).toBe('https://***@api.example:6443')
  })

  it('shows (none) for a config with no current cluster', () => {
    expect(apiServerUrl(new KubeConfig())).toBe('(none)')
  })
})

/** Writes a kubeconfig (JSON is YAML) into a fresh directory of its own and returns its path. */
function kubeconfigFile(config: Record<string, unknown>): string {
  const path = join(mkdtempSync(join(tmpdir(), 'taint-extender-kc-')), 'config')
  writeFileSync(path, JSON.stringify({ apiVersion: 'v1', kind: 'Config', ...config }))
  return path
}

const cluster = (name: string, server: string, extra: Record<string, unknown> = {}) => ({
  name,
  cluster: { server, ...extra },
})
const context = (name: string, clusterName: string, user: string) => ({
  name,
  context: { cluster: clusterName, user },
})

describe('loadKubeConfig of several files, as kubectl merges KUBECONFIG', () => {
  const first = () =>
    kubeconfigFile({
      clusters: [cluster('shared', 'https://first.example:6443')],
      users: [{ name: 'shared-user', user: { token: 'first-token' } }],
      contexts: [context('first', 'shared', 'shared-user')],
      'current-context': 'first',
    })
  const second = () =>
    kubeconfigFile({
      clusters: [
        cluster('shared', 'https://second.example:6443'),
        cluster('only-second', 'https://only-second.example:6443'),
      ],
      users: [
        { name: 'shared-user', user: { token: 'second-token' } },
        { name: 'second-user', user: { token: 'only-second-token' } },
      ],
      contexts: [
        context('first', 'only-second', 'second-user'),
        context('second', 'only-second', 'second-user'),
      ],
      'current-context': 'second',
    })

  it('keeps the first file’s cluster, user, context and current-context where both name one', () => {
    const kc = loadKubeConfig({ kind: 'kubeconfig', paths: [first(), second()] })
    expect(kc.getCurrentContext()).toBe('first')
    expect(kc.getCurrentCluster()?.server).toBe('https://first.example:6443')
    expect(kc.getCurrentUser()?.token).toBe('first-token')
  })

  it('adds what only a later file names', () => {
    const kc = loadKubeConfig({ kind: 'kubeconfig', paths: [first(), second()] })
    expect(kc.getContexts().map((c) => c.name)).toEqual(['first', 'second'])
    expect(kc.getClusters().map((c) => [c.name, c.server])).toEqual([
      ['shared', 'https://first.example:6443'],
      ['only-second', 'https://only-second.example:6443'],
    ])
    expect(kc.getUser('second-user')?.token).toBe('only-second-token')
  })

  it('takes current-context from a later file when the earlier ones leave it unset', () => {
    const unset = kubeconfigFile({ clusters: [cluster('c', 'https://unset.example:6443')] })
    const kc = loadKubeConfig({ kind: 'kubeconfig', paths: [unset, second()] })
    expect(kc.getCurrentContext()).toBe('second')
    expect(kc.getCurrentCluster()?.server).toBe('https://only-second.example:6443')
  })

  it('resolves each file’s relative certificate paths against that file’s own directory', () => {
    const withCa = kubeconfigFile({
      clusters: [cluster('ca', 'https://ca.example:6443', { 'certificate-authority': 'ca.crt' })],
      contexts: [context('ca', 'ca', 'nobody')],
    })
    const kc = loadKubeConfig({ kind: 'kubeconfig', paths: [first(), withCa] })
    expect(kc.getCluster('ca')?.caFile).toBe(join(withCa, '..', 'ca.crt'))
  })

  it('names the file that named a certificate authority it cannot read, resolved beside that file', () => {
    const withCa = kubeconfigFile({
      clusters: [cluster('ca', 'https://ca.example:6443', { 'certificate-authority': 'ca.crt' })],
      users: [{ name: 'nobody', user: {} }],
      contexts: [context('ca', 'ca', 'nobody')],
    })
    const unset = kubeconfigFile({ 'current-context': 'ca' })
    expect(() => loadKubeConfig({ kind: 'kubeconfig', paths: [unset, withCa] })).toThrow(
      new Error(
        `kubeconfig ${withCa}: certificate-authority ${join(withCa, '..', 'ca.crt')} of cluster "ca": no such file`
      )
    )
  })

  it('leaves the files of contexts not in use alone, as kubectl checks only the one in use', () => {
    const withCa = kubeconfigFile({
      clusters: [cluster('ca', 'https://ca.example:6443', { 'certificate-authority': 'ca.crt' })],
      contexts: [context('ca', 'ca', 'nobody')],
    })
    expect(() => loadKubeConfig({ kind: 'kubeconfig', paths: [first(), withCa] })).not.toThrow()
  })

  it('names the file of the list it could not load', () => {
    const broken = kubeconfigFile({})
    writeFileSync(broken, 'clusters: [unclosed')
    expect(() => loadKubeConfig({ kind: 'kubeconfig', paths: [first(), broken] })).toThrow(
      `cannot load kubeconfig ${broken}: `
    )
  })

  it('names every file when together they leave no usable current context', () => {
    const a = kubeconfigFile({ clusters: [cluster('a', 'https://a.example:6443')] })
    const b = kubeconfigFile({ 'current-context': 'nowhere' })
    expect(() => loadKubeConfig({ kind: 'kubeconfig', paths: [a, b] })).toThrow(
      `kubeconfig ${a}${delimiter}${b} has no usable current context (current-context: "nowhere")`
    )
  })
})
