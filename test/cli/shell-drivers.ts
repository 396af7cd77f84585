import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect } from 'vitest'
import { run } from '../support/completion-path.js'
import { cli } from './run-cli.js'

/**
 * The completion scripts driven as their shells drive them, for test/cli/completion.test.ts:
 * bash through COMP_WORDS, COMP_CWORD and the function; zsh by pressing TAB in an interactive
 * zsh. `env` is the whole environment the shell runs in (its PATH holding the executables).
 */

type Env = Readonly<Record<string, string>>

/** `taint-extender completion SHELL`, written to a file of its own. */
export function scriptFile(shell: 'bash' | 'zsh'): string {
  const result = cli(['completion', shell])
  expect(result).toMatchObject({ code: 0, stderr: '' })
  const path = join(mkdtempSync(join(tmpdir(), 'taint-extender-completion-')), shell)
  writeFileSync(path, result.stdout)
  return path
}

/** What bash offers after `words` (the last one being completed), one word per line. */
export async function bashOffers(
  env: Env,
  script: string,
  words: string[],
  command = 'taint-extender'
): Promise<string[]> {
  const line = [command, ...words]
  const program = [
    `source ${JSON.stringify(script)}`,
    `COMP_WORDS=(${line.map((w) => `'${w}'`).join(' ')})`,
    `COMP_CWORD=${line.length - 1}`,
    '_taint_extender',
    'printf "%s\\n" "${COMPREPLY[@]}"',
  ].join('\n')
  const result = await run('bash', ['--norc', '-c', program], env)
  expect(result).toMatchObject({ code: 0, stderr: '' })
  return result.stdout.split('\n').filter((w) => w !== '')
}

/**
 * What zsh offers when TAB is pressed after `line` (the executable's name first), in an
 * interactive zsh on a pseudo-terminal (zpty) with the script sourced after compinit: compadd,
 * wrapped, writes down the words it is given; a completer that runs first and declines marks,
 * through comppostfuncs, when completion has ended, offers or not.
 */
export async function zshOffers(env: Env, script: string, line: string): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'taint-extender-zpty-'))
  const [offered, done] = [join(dir, 'offered'), join(dir, 'done')]
  const setup = join(dir, 'setup.zsh')
  writeFileSync(
    setup,
    [
      `autoload -U compinit && compinit -u -d ${dir}/zcompdump && source ${script}`,
      `compadd() { local -a a=("$@"); print -rl -- "\${(@)a[\${a[(i)--]}+1,-1]}" >> ${offered}; builtin compadd "$@" }`,
      `_mark() { comppostfuncs+=(_done); return 1 }; _done() { : > ${done} }`,
      "zstyle ':completion:*' completer _mark _complete",
    ].join('\n')
  )
  const program = [
    'zmodload zsh/zpty',
    "zpty shell 'zsh -f -i'",
    `zpty -w shell 'source ${setup}'`,
    `zpty -w -n shell '${line}'$'\\t'`,
    `for i in {1..150}; do [[ -e ${done} ]] && break; sleep 0.1; done`,
    'zpty -d shell',
    `[[ -e ${done} ]] || print -u2 'completion did not end'`,
    `if [[ -e ${offered} ]]; then cat ${offered}; fi`,
  ].join('\n')
  const result = await run('zsh', ['-f', '-c', program], env)
  expect(result).toMatchObject({ code: 0, stderr: '' })
  return result.stdout.split('\n').filter((w) => w !== '')
}
