import { DIRECTIVE, planCompletion, type CompletionPlan } from './complete-engine.js'
import { escapeTerminal } from './terminal-text.js'
import type { ToolIo } from './tool-exit.js'

/**
 * `taint-extender __complete WORD...` and `kubectl_complete-taint_extender WORD...`: the words
 * typed after the command's name, the last one being completed, answered as cobra programs
 * answer `__complete`: one candidate a line, then `:DIRECTIVE`. kubectl runs the second for
 * `kubectl taint-extender <TAB>` (`pluginCompletion` in kubectl's `plugin_completion.go` looks it
 * up on the PATH as `kubectl_complete-<plugin>`); the bash and zsh scripts run the first for
 * cluster names. Hidden from help: people type TAB, not this.
 */
export async function runComplete(
  args: readonly string[],
  io: ToolIo,
  env: Readonly<Record<string, string | undefined>>
): Promise<number> {
  let result: Answer
  try {
    result = await answer(planCompletion(args), env)
  } catch {
    // A shell is waiting: no stack on its screen, only cobra's "completion failed".
    result = { candidates: [], directive: DIRECTIVE.error }
  }
  io.stdout([...result.candidates, `:${result.directive}`].join('\n') + '\n')
  return 0
}

interface Answer {
  readonly candidates: readonly string[]
  readonly directive: number
}

async function answer(
  plan: CompletionPlan,
  env: Readonly<Record<string, string | undefined>>
): Promise<Answer> {
  if (plan.kind === 'words') return { candidates: plan.words, directive: plan.directive }
  // The cluster client is loaded only when a cluster's names are asked for: a TAB on a flag or
  // on --context (names read from the kubeconfig files) stays quick.
  const names =
    plan.names === 'context'
      ? (await import('./complete-contexts.js')).contextNamesFor(plan.line, env)
      : await (await import('./complete-names.js')).clusterNamesFor(plan.names, plan.line, env)
  // One candidate a line: a name with a line feed or an escape sequence (a hostile API server's)
  // is escaped, so it can neither forge candidates nor act on the terminal.
  const candidates = names
    .filter((name) => name.startsWith(plan.partial) && !plan.given.includes(name))
    .map((name) => plan.kept + escapeTerminal(name))
  return { candidates, directive: DIRECTIVE.noFileCompletion }
}
