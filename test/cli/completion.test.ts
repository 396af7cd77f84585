import { execFileSync, spawnSync } from 'node:child_process'
import { tmpdir } from 'node:os'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  executablesFolder,
  kubeconfigWithContexts,
  parseAnswer,
  run,
} from '../support/completion-path.js'
import { FakeApiServer } from '../support/fake-apiserver.js'
import { cli } from './run-cli.js'
import { bashOffers, scriptFile, zshOffers } from './shell-drivers.js'

/**
 * `taint-extender completion bash|zsh`: the scripts parse in their shell, and, sourced, complete
 * what the commands take. bash's completion is driven as bash drives it (COMP_WORDS, COMP_CWORD,
 * then the function); zsh's by pressing TAB in an interactive zsh. The built executables are on
 * the PATH under their installed names, and cluster names come from a real HTTP API server.
 */

const hasZsh = spawnSync('zsh', ['-c', 'true']).status === 0

const NODES = ['gpu-1', 'worker-1', 'worker-2']
const pod = (namespace: string, name: string) => ({ metadata: { namespace, name } })

let api: FakeApiServer
let env: Record<string, string>

beforeAll(async () => {
  api = await FakeApiServer.start()
  for (const name of NODES) api.addNode({ name, labels: {}, taints: [] })
  api.setNamespaces([{ metadata: { name: 'kube-system' } }, { metadata: { name: 'shop' } }])
  api.setPods([
    pod('default', 'web-0'),
    pod('default', 'web-1'),
    pod('default', 'batch-7'),
    pod('shop', 'cart-0'),
  ])
  const kubeconfig = kubeconfigWithContexts([
    { name: 'prod', server: api.url },
    { name: 'staging', server: api.url },
  ])
  const bin = executablesFolder()
  env = { PATH: `${bin}:${process.env.PATH ?? ''}`, HOME: tmpdir(), KUBECONFIG: kubeconfig }
})

afterAll(async () => {
  await api.close()
})

describe('completion bash', () => {
  let script: string
  beforeAll(() => {
    script = scriptFile('bash')
  })

  it('parses (bash -n) and registers for both executable names', () => {
    execFileSync('bash', ['-n', script])
    const registered = execFileSync(
      'bash',
      ['--norc', '-c', `source ${JSON.stringify(script)}; complete -p`],
      { encoding: 'utf8' }
    )
    expect(registered).toContain('complete -F _taint_extender taint-extender')
    expect(registered).toContain('complete -F _taint_extender kubectl-taint_extender')
  })

  it.each([
    [
      'the commands',
      [''],
      ['serve', 'explain', 'forecast', 'version', 'completion', 'help', '--help', '--version'],
    ],
    ['a command by its start', ['fo'], ['forecast']],
    ['explain’s flags', ['explain', '--po'], ['--pod', '--pods']],
    ['the output formats', ['explain', '-o', ''], ['table', 'wide', 'json', 'yaml']],
    ['forecast’s flags, --node among them', ['forecast', '--node'], ['--node', '--nodes']],
    ['the shells', ['completion', ''], ['bash', 'zsh']],
    ['the commands help knows', ['help', 'ex'], ['explain']],
    [
      'serve’s flags, from the server’s own table',
      ['serve', '--tls-'],
      ['--tls-cert-file', '--tls-private-key-file'],
    ],
    ['serve’s log levels', ['serve', '--log-level', ''], ['debug', 'info', 'warn', 'error']],
    ['serve’s --evicting-nodes modes', ['serve', '--evicting-nodes', 'a'], ['avoid', 'allow']],
    [
      'serve’s flags after flags with no command',
      ['--port', '9000', '--tls-c'],
      ['--tls-cert-file'],
    ],
    ['the cluster’s node names for forecast --node', ['forecast', '--node', ''], NODES],
    [
      'the next node of a comma list, those given left out',
      ['forecast', '--node', 'worker-1,'],
      ['worker-1,gpu-1', 'worker-1,worker-2'],
    ],
    [
      'pod names of the context’s namespace for explain POD',
      ['explain', 'web'],
      ['web-0', 'web-1'],
    ],
    ['pod names of the namespace -n names', ['explain', '-n', 'shop', ''], ['cart-0']],
    ['namespace names for -n', ['explain', '-n', 's'], ['shop']],
    ['context names for --context', ['forecast', '--context', ''], ['prod', 'staging']],
    ['nothing for a value with nothing to offer', ['forecast', '--taint', ''], []],
    // bash splits --flag=value at "=" (COMP_WORDBREAKS) into the flag, "=" and the value.
    ['the node names right after --node=', ['forecast', '--node', '='], NODES],
    ['a node name after --node=, by its start', ['forecast', '--node', '=', 'g'], ['gpu-1']],
    [
      'the next node of a comma list after --node=',
      ['forecast', '--node', '=', 'worker-1,'],
      ['worker-1,gpu-1', 'worker-1,worker-2'],
    ],
    ['an output format after --output=', ['explain', '--output', '=', 'j'], ['json']],
  ])('offers %s', async (_name, words, expected) => {
    expect(await bashOffers(env, script, words)).toEqual(expected)
  })

  it('completes kubectl-taint_extender, the plugin’s name, alike', async () => {
    expect(await bashOffers(env, script, ['ex'], 'kubectl-taint_extender')).toEqual(['explain'])
    expect(
      await bashOffers(env, script, ['forecast', '--node', 'g'], 'kubectl-taint_extender')
    ).toEqual(['gpu-1'])
  })
})

describe.skipIf(!hasZsh)('completion zsh (skipped where zsh is not installed)', () => {
  let script: string
  beforeAll(() => {
    script = scriptFile('zsh')
  })

  it('parses (zsh -n)', () => {
    execFileSync('zsh', ['-n', script])
  })

  it('sourced after compinit, registers _taint_extender for both executable names', () => {
    const program = [
      'autoload -U compinit && compinit -u -d "$TMPDIR/zcompdump"',
      `source ${JSON.stringify(script)}`,
      'print -r -- "$_comps[taint-extender] $_comps[kubectl-taint_extender]"',
    ].join('\n')
    const out = execFileSync('zsh', ['-f', '-c', program], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', TMPDIR: tmpdir(), HOME: tmpdir() },
    })
    expect(out.trim()).toBe('_taint_extender _taint_extender')
  })

  it('holds an _arguments spec for every flag of explain and forecast, with its value completion', () => {
    const text = cli(['completion', 'zsh']).stdout
    for (const spec of [
      "'--pod=:file:_files'",
      "'-n:namespace:__taint_extender_cluster_names'",
      "'--context=:context:__taint_extender_cluster_names'",
      "'-o:value:(table wide json yaml)'",
      "'--pending'",
      "'*--node=:node:__taint_extender_cluster_names'",
      "'1:pod:__taint_extender_cluster_names'",
    ]) {
      expect(text).toContain(spec)
    }
  })

  it.each([
    ['the cluster’s node names for forecast --node', 'taint-extender forecast --node ', NODES],
    [
      'node names after --node= in the same word',
      'taint-extender forecast --node=w',
      ['worker-1', 'worker-2'],
    ],
    [
      'the next node of a comma list, those given left out',
      'taint-extender forecast --node gpu-1,',
      ['gpu-1,worker-1', 'gpu-1,worker-2'],
    ],
    [
      'node names for kubectl-taint_extender alike',
      'kubectl-taint_extender forecast --node g',
      ['gpu-1'],
    ],
    [
      'pod names of the context’s namespace',
      'taint-extender explain ',
      ['web-0', 'web-1', 'batch-7'],
    ],
    ['pod names of the namespace -n names', 'taint-extender explain -n shop ', ['cart-0']],
    ['namespace names for -n', 'taint-extender explain -n ', ['kube-system', 'shop']],
    ['context names for --context', 'taint-extender explain --context p', ['prod']],
  ])('offers %s', async (_name, line, expected) => {
    expect(await zshOffers(env, script, line)).toEqual(expected)
  })
})

describe('one engine for the shells and kubectl', () => {
  it('bash, zsh and kubectl_complete-taint_extender offer the same nodes for forecast --node', async () => {
    const words = ['forecast', '--node', '']
    const hook = await run('kubectl_complete-taint_extender', words, env)
    const offers = [
      parseAnswer(hook.stdout)?.candidates,
      await bashOffers(env, scriptFile('bash'), words),
      ...(hasZsh
        ? [await zshOffers(env, scriptFile('zsh'), 'taint-extender forecast --node ')]
        : []),
    ]
    for (const offered of offers) expect(offered).toEqual(NODES)
  })
})

describe('completion refuses', () => {
  it.each([
    [[], 'name a shell: bash or zsh'],
    [['fish'], 'no completion for the shell "fish" (choose bash or zsh)'],
    [['bash', 'zsh'], 'one shell at a time, not bash, zsh'],
  ])('%j with exit 2', (args, message) => {
    const result = cli(['completion', ...args])
    expect(result.code).toBe(2)
    expect(result.stderr.split('\n')[0]).toBe(`taint-extender completion: ${message}`)
  })
})
