import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { contextNames, loadKubeConfig } from '../../src/cluster/index.js'

/**
 * The context names completion offers are read from the kubeconfig files without the cluster
 * client, with client-node's own checks of each list: a file the tools refuse when they connect
 * gives no names, and one they take gives the names they would use, in either form.
 */

function file(text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'taint-extender-contexts-')), 'config')
  writeFileSync(path, text)
  return path
}

const GOOD = `
clusters:
- name: c
  cluster: {server: "http://127.0.0.1:1"}
users:
- name: u
  user: {token: t}
contexts:
- name: prod
  context: {cluster: c, user: u}
current-context: prod
`

const REFUSED = [
  ['a context without a cluster', GOOD.replace('{cluster: c, user: u}', '{user: u}')],
  ['a context without a name', GOOD.replace('- name: prod', '- nameless: prod')],
  ['a cluster without a server', GOOD.replace('{server: "http://127.0.0.1:1"}', '{}')],
  ['a user without a name', GOOD.replace('- name: u', '- user-name: u')],
  ['text that is not YAML', 'clusters: [unclosed'],
  ['an empty file', ''],
]

describe('the context names of kubeconfig files', () => {
  it.each(REFUSED)('gives none for %s, which the tools refuse to connect with', (_name, text) => {
    const source = { kind: 'kubeconfig', paths: [file(text)] } as const
    expect(() => loadKubeConfig(source)).toThrow()
    expect(() => contextNames(source)).toThrow()
  })

  it('gives the names of a file the tools connect with, the same in JSON', () => {
    const yaml = { kind: 'kubeconfig', paths: [file(GOOD)] } as const
    expect(loadKubeConfig(yaml).getCurrentContext()).toBe('prod')
    expect(contextNames(yaml)).toEqual(['prod'])
    const json = { kind: 'kubeconfig', paths: [file(JSON.stringify({ contexts: [] }))] } as const
    expect(contextNames(json)).toEqual([])
  })
})
