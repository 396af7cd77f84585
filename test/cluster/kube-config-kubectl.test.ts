import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { contextNames, defaultNamespace, loadKubeConfig } from '../../src/cluster/index.js'
import { kubectlPath } from '../support/kube-tools.js'

/**
 * What a kubeconfig means as kubectl reads it, beyond client-node's own reading: an http://
 * server used plainly (client-node 1.4 refuses one without insecure-skip-tls-verify), while an
 * https:// one keeps its verification; --context; the context's namespace as the default; the
 * context names completion offers.
 */
function kubeconfig(clusters: Record<string, string>, current: string, namespace?: string): string {
  const names = Object.keys(clusters)
  const path = join(mkdtempSync(join(tmpdir(), 'taint-extender-kubectl-config-')), 'config')
  writeFileSync(
    path,
    JSON.stringify({
      clusters: names.map((name) => ({ name, cluster: { server: clusters[name] } })),
      users: [{ name: 'u', user: {} }],
      contexts: names.map((name) => ({
        name,
        context: { cluster: name, user: 'u', ...(namespace ? { namespace } : {}) },
      })),
      'current-context': current,
    })
  )
  return path
}

describe('a kubeconfig as kubectl reads it', () => {
  it('an http:// server is used as plain HTTP, with nothing to verify; an https:// one is verified as its file says', () => {
    const path = kubeconfig(
      { plain: 'http://127.0.0.1:8001', secure: 'https://10.0.0.1:6443' },
      'plain'
    )
    const plain = loadKubeConfig({ kind: 'kubeconfig', paths: [path] })
    expect(plain.getCurrentCluster()).toMatchObject({
      server: 'http://127.0.0.1:8001',
      skipTLSVerify: true,
    })
    const secure = loadKubeConfig({ kind: 'kubeconfig', paths: [path], context: 'secure' })
    expect(secure.getCurrentCluster()).toMatchObject({
      server: 'https://10.0.0.1:6443',
      skipTLSVerify: false,
    })
  })

  it('--context names a context the files must have, and says which they have', () => {
    const path = kubeconfig({ a: 'http://127.0.0.1:1', b: 'http://127.0.0.1:2' }, 'a')
    expect(
      loadKubeConfig({ kind: 'kubeconfig', paths: [path], context: 'b' }).getCurrentContext()
    ).toBe('b')
    expect(() => loadKubeConfig({ kind: 'kubeconfig', paths: [path], context: 'c' })).toThrow(
      `context "c" is not in kubeconfig ${path} (its contexts: a, b)`
    )
  })

  it('the namespace is the current context’s, else default', () => {
    const withNamespace = kubeconfig({ a: 'http://127.0.0.1:1' }, 'a', 'shop')
    const without = kubeconfig({ a: 'http://127.0.0.1:1' }, 'a')
    expect(defaultNamespace({ kind: 'kubeconfig', paths: [withNamespace] })).toBe('shop')
    expect(defaultNamespace({ kind: 'kubeconfig', paths: [without] })).toBe('default')
  })

  it('in a pod, the namespace is the service account’s, else default', () => {
    const prefix = mkdtempSync(join(tmpdir(), 'taint-extender-sa-'))
    expect(defaultNamespace({ kind: 'in-cluster', pathPrefix: prefix })).toBe('default')
    const dir = join(prefix, 'var/run/secrets/kubernetes.io/serviceaccount')
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, 'namespace'), 'kube-system\n')
    expect(defaultNamespace({ kind: 'in-cluster', pathPrefix: prefix })).toBe('kube-system')
  })

  it('the context names of merged files are those the real kubectl config get-contexts -o name lists', () => {
    const first = kubeconfig({ zeta: 'http://127.0.0.1:1', alpha: 'http://127.0.0.1:2' }, 'zeta')
    const second = kubeconfig({ alpha: 'http://127.0.0.1:3', mid: 'http://127.0.0.1:4' }, 'mid')
    const names = contextNames({ kind: 'kubeconfig', paths: [first, second] })
    expect(names).toEqual(['alpha', 'mid', 'zeta'])
    const listed = execFileSync(kubectlPath(), ['config', 'get-contexts', '-o', 'name'], {
      encoding: 'utf8',
      env: { KUBECONFIG: `${first}:${second}`, HOME: tmpdir() },
    })
    expect(names).toEqual(listed.trim().split('\n'))
  })

  it('a pod’s service account has no context names', () => {
    expect(contextNames({ kind: 'in-cluster' })).toEqual([])
  })
})
