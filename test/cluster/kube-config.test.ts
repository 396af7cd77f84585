import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
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
    const kc = loadKubeConfig({ kind: 'kubeconfig', path })
    expect(kc).toBeInstanceOf(KubeConfig)
    expect(kc.getCurrentCluster()).toMatchObject({
      server: 'http://127.0.0.1:6443',
      skipTLSVerify: true,
    })
    expect(kc.getCurrentUser()?.token).toBe('t0ken')
    expect(apiServerUrl(kc)).toBe('http://127.0.0.1:6443')
  })

  it('names the file it could not read, keeping the error it got as the cause', () => {
    const path = join(tmpdir(), 'no-such-dir-for-taint-extender', 'kubeconfig')
    const thrown = thrownError(Error, () => loadKubeConfig({ kind: 'kubeconfig', path }))
    expect(thrown.message).toMatch(`cannot load kubeconfig ${path}: ENOENT`)
    expect((thrown.cause as NodeJS.ErrnoException).code).toBe('ENOENT')
  })

  it('rejects a kubeconfig whose current context leads to no cluster', () => {
    const dir = mkdtempSync(join(tmpdir(), 'taint-extender-test-'))
    const path = join(dir, 'kubeconfig')
    writeFileSync(path, 'apiVersion: v1\nkind: Config\ncurrent-context: missing\n')
    expect(() => loadKubeConfig({ kind: 'kubeconfig', path })).toThrow(
      `kubeconfig ${path} has no usable current context (current-context: "missing")`
    )
    writeFileSync(path, 'apiVersion: v1\nkind: Config\n')
    expect(() => loadKubeConfig({ kind: 'kubeconfig', path })).toThrow(
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
      vi.stubEnv('KUBERNETES_SERVICE_HOST', host)
      vi.stubEnv('KUBERNETES_SERVICE_PORT', port)
      expect(() => loadKubeConfig({ kind: 'in-cluster' })).toThrow(
        /KUBERNETES_SERVICE_HOST and KUBERNETES_SERVICE_PORT.*--kubeconfig/
      )
    }
  )

  it('refuses in-cluster configuration without a readable service-account token', () => {
    vi.stubEnv('KUBERNETES_SERVICE_HOST', '10.0.0.1')
    vi.stubEnv('KUBERNETES_SERVICE_PORT', '443')
    const pathPrefix = mkdtempSync(join(tmpdir(), 'taint-extender-sa-'))
    const thrown = thrownError(Error, () => loadKubeConfig({ kind: 'in-cluster', pathPrefix }))
    expect(thrown.message).toMatch(/^cannot read the service-account token .*: ENOENT/)
    expect((thrown.cause as NodeJS.ErrnoException).code).toBe('ENOENT')
  })

  it('uses the service account of the pod in-cluster', () => {
    vi.stubEnv('KUBERNETES_SERVICE_HOST', 'fd00::1')
    vi.stubEnv('KUBERNETES_SERVICE_PORT', '443')
    const pathPrefix = mkdtempSync(join(tmpdir(), 'taint-extender-sa-'))
    const dir = join(pathPrefix, '/var/run/secrets/kubernetes.io/serviceaccount')
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, 'token'), 'sa-token')
    const kc = loadKubeConfig({ kind: 'in-cluster', pathPrefix })
    expect(apiServerUrl(kc)).toBe('https://[fd00::1]:443')
    expect(kc.getCurrentCluster()?.caFile).toBe(join(dir, 'ca.crt'))
  })

  it('masks credentials embedded in a server URL when showing it', () => {
    const kc = loadKubeConfig({
      kind: 'kubeconfig',
      path: kubeconfigFor('https://admin:hunter2@api.example:6443'),
    })
    expect(apiServerUrl(kc)).toBe('https://***@api.example:6443')
  })

  it('shows (none) for a config with no current cluster', () => {
    expect(apiServerUrl(new KubeConfig())).toBe('(none)')
  })
})
