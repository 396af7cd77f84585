import {
  flagNamed,
  readTypedLine,
  takesValue,
  type ToolFlag,
  type TypedLine,
  type ValueCompletion,
} from '../config/index.js'
import { COMMANDS, SHELLS } from './completion.js'
import type { CompletedCommand } from './completion-types.js'

/**
 * What completes a command line, decided from the flag tables alone: the words to offer, or the
 * kind of cluster name to read (complete-names.ts reads them). The answer follows cobra's
 * `__complete` protocol, which kubectl's plugin completion speaks (kubectl's
 * `plugin_completion.go`, `getPluginCompletions`): candidates, then a ShellCompDirective.
 */

/** cobra's ShellCompDirective bits. */
export const DIRECTIVE = {
  /** Nothing special: the shell falls back on file names when there is no candidate. */
  default: 0,
  error: 1,
  noFileCompletion: 4,
} as const

export type NameKind = 'node' | 'namespace' | 'context' | 'pod'

export type CompletionPlan =
  | { readonly kind: 'words'; readonly words: readonly string[]; readonly directive: number }
  | {
      readonly kind: 'names'
      readonly names: NameKind
      /** The line typed, read against its command's flags: --kubeconfig, --context, -n. */
      readonly line: TypedLine
      /** Kept before each name: `--node=`, or the names of a list before its last comma. */
      readonly kept: string
      /** The start of the name typed so far. */
      readonly partial: string
      /** Names already on the line, which are not offered again. */
      readonly given: readonly string[]
    }

/** The words that start with `prefix`, each after `kept` (`--output=` of `--output=j`). */
const byPrefix = (words: readonly string[], prefix: string, kept = ''): CompletionPlan => ({
  kind: 'words',
  words: words.filter((w) => w.startsWith(prefix)).map((w) => kept + w),
  directive: DIRECTIVE.noFileCompletion,
})

const NOTHING = byPrefix([], '')
const SERVE = COMMANDS.find((c) => c.name === 'serve') as CompletedCommand
const ROOT_FLAGS = ['--help', '--version']

const tableOf = (command: CompletedCommand): Readonly<Record<string, ToolFlag>> =>
  Object.fromEntries(command.flags.map((flag) => [flag.name, flag]))

const spellingsOf = (command: CompletedCommand): string[] =>
  command.flags.flatMap((f) =>
    f.short === undefined ? [`--${f.name}`] : [`--${f.name}`, `-${f.short}`]
  )

/**
 * The plan for `args`, the words after the executable's name, the last one being the word under
 * completion ("" when a new word is started), as kubectl hands them to its plugin's completer.
 */
export function planCompletion(args: readonly string[]): CompletionPlan {
  const typed = args.slice(0, -1)
  const current = args.at(-1) ?? ''
  const first = typed[0]
  if (first === undefined) {
    return current.startsWith('-')
      ? byPrefix(ROOT_FLAGS, current)
      : byPrefix(
          COMMANDS.map((c) => c.name),
          current
        )
  }
  // Flags with no command before them are serve's, as the executable reads them.
  const serving = first.startsWith('-')
  const command = serving ? SERVE : COMMANDS.find((c) => c.name === first)
  if (command === undefined) return NOTHING
  const table = tableOf(command)
  const line = readTypedLine(serving ? typed : typed.slice(1), table)
  if (line.awaiting !== null) return valuePlan(table, line, line.awaiting, '', current)
  if (!line.flagsEnded && current.startsWith('-')) {
    const equals = current.indexOf('=')
    if (equals < 0) return byPrefix(spellingsOf(command), current)
    const name = flagNamed(table, current.slice(0, equals))
    if (!takesValue(table, name)) return NOTHING
    return valuePlan(table, line, name, current.slice(0, equals + 1), current.slice(equals + 1))
  }
  return positionalPlan(command, line, current)
}

function positionalPlan(
  command: CompletedCommand,
  line: TypedLine,
  current: string
): CompletionPlan {
  // Each command that takes a positional takes one: nothing follows it.
  if (line.positionals.length > 0) return NOTHING
  switch (command.positional) {
    case 'pods':
      // explain takes POD, --pod FILE or --pending, one of them (tool-options.ts explainTarget);
      // -A goes with --pending only, as a pod is named in one namespace.
      if (['pod', 'pending', 'all-namespaces'].some((flag) => line.values.has(flag))) return NOTHING
      return names('pod', line, '', current, [])
    case 'shells':
      return byPrefix(SHELLS, current)
    case 'commands':
      return byPrefix(
        COMMANDS.map((c) => c.name),
        current
      )
    case null:
      return NOTHING
  }
}

function valuePlan(
  table: Readonly<Record<string, ToolFlag>>,
  line: TypedLine,
  flag: string,
  kept: string,
  value: string
): CompletionPlan {
  const values: ValueCompletion = table[flag]?.values ?? { kind: 'none' }
  switch (values.kind) {
    case 'file':
      // No candidates and the default directive: the shell completes file names.
      return { kind: 'words', words: [], directive: DIRECTIVE.default }
    case 'words':
      return byPrefix(values.words, value, kept)
    case 'none':
      return NOTHING
    case 'namespace':
    case 'context':
      return names(values.kind, line, kept, value, [])
    case 'node':
      return nodeListPlan(line, flag, kept, value)
  }
}

/**
 * `--node a,b,<TAB>`: the name after the last comma, the list before it kept, as kubectl
 * completes `kubectl get pods,secre` (`compGetResourceList`); names already on the line, in
 * this list or another `--node`, are left out, as `cmdutil.Difference` leaves them out.
 */
function nodeListPlan(line: TypedLine, flag: string, kept: string, value: string): CompletionPlan {
  const comma = value.lastIndexOf(',')
  const listed = value.slice(0, comma + 1)
  const given = [...(line.values.get(flag) ?? []), listed].flatMap((v) => v.split(','))
  return names('node', line, kept + listed, value.slice(comma + 1), given)
}

function names(
  kind: NameKind,
  line: TypedLine,
  kept: string,
  partial: string,
  given: readonly string[]
): CompletionPlan {
  return { kind: 'names', names: kind, line, kept, partial, given }
}
