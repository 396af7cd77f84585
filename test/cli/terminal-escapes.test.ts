import { chmodSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runComplete } from '../../src/cli/complete-command.js'
import { escapeTerminal } from '../../src/cli/terminal-text.js'
import { kubeconfigWithContexts } from '../support/completion-path.js'
import { FakeApiServer } from '../support/fake-apiserver.js'
import { cli } from './run-cli.js'
import { runTool, tempFile } from './run-tool.js'

/**
 * Cluster strings in human output, escaped as kubectl escapes its tables (ESC as ^[, CR as \r)
 * and more (line feeds, tabs, other controls, bidi overrides), so that a taint value or a name
 * from a file or a hostile API server cannot act on the terminal or forge a line; -o json keeps
 * them as they are.
 */
const CLEAR = '\x1b[2J'

describe('escapeTerminal', () => {
  it.each([
    ['ESC as kubectl writes it', `a${CLEAR}b`, 'a^[[2Jb'],
    ['a carriage return as kubectl writes it', 'a\rb', 'a\\rb'],
    ['a line feed and a tab, which would forge a row or a column', 'a\nb\tc', 'a\\nb\\tc'],
    ['a bell and DEL as \\u', 'a\x07b\x7f', 'a\\u0007b\\u007f'],
    ['a C1 CSI, which some terminals act on', 'a\u009bb', 'a\\u009bb'],
    ['a right-to-left override, which reorders what is seen', 'a\u202eb', 'a\\u202eb'],
    ['printable text, accents and all, untouched', 'zoné-1 gpu=true', 'zoné-1 gpu=true'],
  ])('%s', (_name, raw, shown) => {
    expect(escapeTerminal(raw)).toBe(shown)
  })
})

const NODES = tempFile(
  'nodes.json',
  JSON.stringify({
    items: [
      {
        metadata: { name: 'n1' },
        spec: { taints: [{ key: 'k', value: `v${CLEAR}\nforged-row`, effect: 'NoSchedule' }] },
      },
    ],
  })
)
const POD = tempFile(
  'pod.yaml',
  'metadata: { name: p, namespace: ns }\nspec: { containers: [{ name: c }] }'
)

describe('human output of explain and forecast', () => {
  it('explain -o wide shows an escape sequence and a line feed in a taint value escaped, one row for one node', async () => {
    const result = await runTool('explain', ['--pod', POD, '--nodes', NODES, '-o', 'wide'])
    expect(result.stdout).not.toContain('\x1b')
    const row = result.stdout.split('\n')[1] ?? ''
    expect(row).toMatch(/^n1 +rejected .*TaintToleration: k=v\^\[\[2J\\nforged-row:NoSchedule/)
    expect(result.stdout.split('\n')[2]).toBe('')
  })

  it('explain -o json keeps the value as it is', async () => {
    const result = await runTool('explain', ['--pod', POD, '--nodes', NODES, '-o', 'json'])
    expect(JSON.stringify(JSON.parse(result.stdout))).toContain('v\\u001b[2J\\nforged-row')
  })

  it('forecast escapes the pods and taints it names in its table, lines and summary', async () => {
    const pods = tempFile(
      'pods.json',
      JSON.stringify({
        items: [
          { metadata: { name: `run${CLEAR}`, namespace: 'ns' }, spec: { nodeName: 'n1' } },
          { metadata: { name: 'wait\nforged', namespace: 'ns' }, spec: {} },
        ],
      })
    )
    const nodes = tempFile('nodes.json', JSON.stringify({ items: [{ metadata: { name: 'n1' } }] }))
    const argv = ['--taint', 'k=v:NoExecute', '--node', 'n1', '--nodes', nodes, '--pods', pods]
    const result = await runTool('forecast', argv)
    expect(result.stdout).not.toContain('\x1b')
    expect(result.stdout).toContain('ns/run^[[2J ')
    expect(result.stdout).toContain('n1: pending pods turned away: ns/wait\\nforged\n')
  })
})

describe('completion candidates and cluster errors', () => {
  let api: FakeApiServer
  beforeAll(async () => {
    api = await FakeApiServer.start()
    api.addNode({ name: 'good-1', labels: {}, taints: [] })
    api.addNode({ name: `evil${CLEAR}\nforged-1`, labels: {}, taints: [] })
  })
  afterAll(() => api.close())

  it('a node name with an escape sequence and a line feed is one candidate, escaped', async () => {
    let stdout = ''
    const io = { stdout: (t: string) => (stdout += t), stderr: () => undefined }
    const env = { KUBECONFIG: kubeconfigWithContexts([{ name: 'c', server: api.url }]) }
    await runComplete(['forecast', '--node', ''], io, env)
    expect(stdout.split('\n').sort()).toEqual(['', ':4', 'evil^[[2J\\nforged-1', 'good-1'])
  })

  it('a failing credential plugin is said by the first line of its stderr, escaped', () => {
    const plugin = tempFile(
      'plugin.sh',
      `#!/bin/sh\nprintf 'login failed\\033[2J\\nsecond line\\nthird\\n' >&2\nexit 1\n`
    )
    chmodSync(plugin, 0o755)
    const exec = {
      command: plugin,
      apiVersion: 'client.authentication.k8s.io/v1',
      interactiveMode: 'Never',
    }
    const kubeconfig = kubeconfigWithContexts([{ name: 'c', server: 'https://127.0.0.1:1' }], {
      exec,
    })
    const result = cli(['explain', '--pod', POD, '--kubeconfig', kubeconfig])
    expect(result.code).toBe(3)
    expect(result.stderr).toBe(
      'taint-extender explain: cannot list nodes from https://127.0.0.1:1: login failed^[[2J\n'
    )
  })
})
