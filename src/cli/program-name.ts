import { basename } from 'node:path'

/**
 * The name the executable was called by, for its help and its pointers to help. kubectl runs a
 * plugin by its file name, `kubectl-taint_extender` for `kubectl taint-extender` (kubectl's
 * plugin handler maps each `-` of the file name after `kubectl-` to a space between words and
 * each `_` to a `-`), so a plugin's usage names `kubectl taint-extender`, the form typed.
 */
export function programName(script: string | undefined): string {
  const file = basename(script ?? '').replace(/\.[cm]?js$/, '')
  if (!file.startsWith('kubectl-')) return 'taint-extender'
  const words = file.slice('kubectl-'.length).split('-')
  return ['kubectl', ...words.map((word) => word.replaceAll('_', '-'))].join(' ')
}

/**
 * Help text as called: each command line of it (`Usage: taint-extender …` and the examples,
 * which start a line) begins with `program`. Words elsewhere (a script to write, a file name)
 * keep the executable's own name.
 */
export function asCalled(text: string, program: string): string {
  if (program === 'taint-extender') return text
  return text.replace(/^(\s*(?:Usage:\s+)?)taint-extender /gm, `$1${program} `)
}
