import { execFileSync, spawnSync } from 'node:child_process'
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { cli } from './run-cli.js'

/**
 * `taint-extender completion bash|zsh`: the scripts parse in their shell, and, sourced, complete
 * what the commands take. Completion is driven as bash drives it (COMP_WORDS, COMP_CWORD, then
 * the function), with a stand-in kubectl on the PATH that answers pod and namespace names.
 */

const hasZsh = spawnSync('zsh', ['-c', 'true']).status === 0

/** A folder with a `kubectl` that prints what `get pods`/`get namespaces` would, and logs its args. */
function fakeKubectlDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'taint-extender-kubectl-'))
  const script = [
    '#!/bin/sh',
    'echo "$@" >> "$(dirname "$0")/calls"',
    'case "$*" in',
    '  *"get pods"*) echo "web-0 web-1 batch-7" ;;',
    '  *"get namespaces"*) echo "shop kube-system" ;;',
    '  *"get-contexts"*) printf "prod\\nstaging\\n" ;;',
    'esac',
  ].join('\n')
  writeFileSync(join(dir, 'kubectl'), script + '\n')
  chmodSync(join(dir, 'kubectl'), 0o755)
  return dir
}

describe('completion bash', () => {
  let script: string
  let kubectlDir: string
  beforeAll(() => {
    const result = cli(['completion', 'bash'])
    expect(result).toMatchObject({ code: 0, stderr: '' })
    script = join(mkdtempSync(join(tmpdir(), 'taint-extender-completion-')), 'bash')
    writeFileSync(script, result.stdout)
    kubectlDir = fakeKubectlDir()
  })

  /** What bash offers after `words` (the last one being completed), one word per line. */
  function complete(words: string[], command = 'taint-extender'): string[] {
    const line = [command, ...words]
    const program = [
      `source ${JSON.stringify(script)}`,
      `COMP_WORDS=(${line.map((w) => `'${w}'`).join(' ')})`,
      `COMP_CWORD=${line.length - 1}`,
      '_taint_extender',
      'printf "%s\\n" "${COMPREPLY[@]}"',
    ].join('\n')
    const out = execFileSync('bash', ['--norc', '-c', program], {
      encoding: 'utf8',
      env: { PATH: `${kubectlDir}:${process.env.PATH ?? ''}` },
    })
    return out.split('\n').filter((w) => w !== '')
  }

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
    ['pod names from kubectl for explain POD', ['explain', 'web'], ['web-0', 'web-1']],
    ['namespace names from kubectl for -n', ['explain', '-n', 's'], ['shop']],
    ['context names from kubectl for --context', ['forecast', '--context', 'p'], ['prod']],
    ['nothing for a value with nothing to offer', ['forecast', '--taint', ''], []],
  ])('offers %s', (_name, words, expected) => {
    expect(complete(words)).toEqual(expected)
  })

  it('asks kubectl for the pods of the namespace -n names', () => {
    complete(['explain', '-n', 'shop', 'w'])
    const calls = execFileSync('cat', [join(kubectlDir, 'calls')], { encoding: 'utf8' })
    expect(calls).toContain('get pods -n shop -o jsonpath={.items[*].metadata.name}')
  })

  it('completes kubectl-taint_extender, the plugin’s name, alike', () => {
    expect(complete(['ex'], 'kubectl-taint_extender')).toEqual(['explain'])
  })
})

describe.skipIf(!hasZsh)('completion zsh (skipped where zsh is not installed)', () => {
  let script: string
  beforeAll(() => {
    const result = cli(['completion', 'zsh'])
    expect(result).toMatchObject({ code: 0, stderr: '' })
    script = join(mkdtempSync(join(tmpdir(), 'taint-extender-completion-')), '_taint-extender')
    writeFileSync(script, result.stdout)
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

  it('holds an _arguments spec for every flag of explain, with its value completion', () => {
    const text = cli(['completion', 'zsh']).stdout
    for (const spec of [
      "'--pod=:file:_files'",
      "'-n:namespace:__taint_extender_namespaces'",
      "'-o:value:(table wide json yaml)'",
      "'--pending'",
      "'*--node=:value: '",
      "'1:pod:__taint_extender_pods'",
    ]) {
      expect(text).toContain(spec)
    }
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
