import {
  COMPLETION_FLAGS,
  EXPLAIN_FLAGS,
  FORECAST_FLAGS,
  SERVE_FLAGS,
  VERSION_FLAGS,
  type ToolFlag,
} from '../config/index.js'
import { bashScript } from './completion-bash.js'
import type { CompletedCommand, CompletedFlag } from './completion-types.js'
import { zshScript } from './completion-zsh.js'

/**
 * `taint-extender completion bash|zsh`: a script the shell sources, as `kubectl completion`
 * prints one. It is written from the same flag tables the commands parse, so what it offers is
 * what they take. Cluster names (nodes for `--node`, pods, namespaces, contexts) come from
 * `__complete` (complete-engine.ts), which kubectl's plugin completion runs as
 * `kubectl_complete-taint_extender`: one engine for the three.
 */

const flagsOf = (table: Readonly<Record<string, ToolFlag>>): CompletedFlag[] =>
  Object.entries(table).map(([name, flag]) => ({ name, ...flag }))

export const COMMANDS: readonly CompletedCommand[] = [
  { name: 'serve', about: 'run the extender', flags: flagsOf(SERVE_FLAGS), positional: null },
  {
    name: 'explain',
    about: 'why a pod fits on some nodes and not others',
    flags: flagsOf(EXPLAIN_FLAGS),
    positional: 'pods',
  },
  {
    name: 'forecast',
    about: 'what a new taint would do to the pods of some nodes',
    flags: flagsOf(FORECAST_FLAGS),
    positional: null,
  },
  {
    name: 'version',
    about: 'the version, commit and Node.js version',
    flags: flagsOf(VERSION_FLAGS),
    positional: null,
  },
  {
    name: 'completion',
    about: 'a shell completion script (bash or zsh)',
    flags: flagsOf(COMPLETION_FLAGS),
    positional: 'shells',
  },
  { name: 'help', about: 'the help of a command', flags: [], positional: 'commands' },
]

export const SHELLS = ['bash', 'zsh'] as const
export type Shell = (typeof SHELLS)[number]

export function completionScript(shell: Shell): string {
  return shell === 'bash' ? bashScript(COMMANDS) : zshScript(COMMANDS)
}
