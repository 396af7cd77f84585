import { COMPLETION_FLAGS, ConfigError, parseStrict } from '../config/index.js'
import { completionScript, SHELLS, type Shell } from './completion.js'
import type { ToolIo } from './tool-exit.js'

/** `taint-extender completion bash|zsh`: prints the script for that shell. */
export function runCompletion(argv: readonly string[], io: ToolIo): number {
  const { positionals } = parseStrict(argv, COMPLETION_FLAGS, true)
  const [shell, ...extra] = positionals
  if (shell === undefined) throw new ConfigError(`name a shell: ${SHELLS.join(' or ')}`)
  if (extra.length > 0) throw new ConfigError(`one shell at a time, not ${positionals.join(', ')}`)
  if (!(SHELLS as readonly string[]).includes(shell))
    throw new ConfigError(`no completion for the shell "${shell}" (choose ${SHELLS.join(' or ')})`)
  io.stdout(completionScript(shell as Shell))
  return 0
}
