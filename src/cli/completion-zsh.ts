import type { CompletedCommand, CompletedFlag } from './completion-types.js'

/**
 * The zsh completion script: `_arguments` specs per command, written from the flag tables, and
 * cluster names (nodes, pods, namespaces, contexts) from `__complete`, the engine kubectl's
 * plugin completion runs. Loaded by sourcing (it then calls compdef itself) or from a file
 * named _taint-extender on $fpath.
 */

/** What completes a flag's value, as an `_arguments` action. */
function action(flag: CompletedFlag): string {
  switch (flag.values.kind) {
    case 'file':
      return ':file:_files'
    case 'words':
      return `:value:(${flag.values.words.join(' ')})`
    case 'node':
    case 'namespace':
    case 'context':
      return `:${flag.values.kind}:__taint_extender_cluster_names`
    case 'none':
      return ':value: '
  }
}

/** One flag's specs: `--name`, and `-x` beside it when it has a short form. */
function specs(flag: CompletedFlag): string[] {
  const value = flag.type === 'boolean' ? '' : action(flag)
  const repeat = flag.multiple === true ? '*' : ''
  const long = `'${repeat}--${flag.name}${flag.type === 'boolean' ? '' : '='}${value}'`
  if (flag.short === undefined) return [long]
  return [long, `'${repeat}-${flag.short}${value}'`]
}

function positional(command: CompletedCommand, names: string): string[] {
  switch (command.positional) {
    case 'pods':
      return ["'1:pod:__taint_extender_cluster_names'"]
    case 'shells':
      return ["'1:shell:(bash zsh)'"]
    case 'commands':
      return [`'1:command:(${names})'`]
    case null:
      return []
  }
}

function commandArm(command: CompletedCommand, names: string): string {
  const lines = [...command.flags.flatMap(specs), ...positional(command, names)]
  return [
    `    ${command.name})`,
    `      _arguments -s \\`,
    ...lines.map((l) => `        ${l} \\`),
    '      ;;',
  ]
    .join('\n')
    .replace(/ \\\n {6};;$/, '\n      ;;')
}

export function zshScript(commands: readonly CompletedCommand[]): string {
  const names = commands.map((c) => c.name).join(' ')
  const described = commands.map((c) => `    '${c.name}:${c.about}'`).join('\n')
  return `#compdef taint-extender kubectl-taint_extender
# zsh completion for taint-extender (and kubectl-taint_extender, its kubectl plugin name).
# Load it in this shell:   source <(taint-extender completion zsh)
# or for every shell:      taint-extender completion zsh > "\${fpath[1]}/_taint-extender"

# Names from the cluster as \`__complete\` answers for the words typed (its --kubeconfig,
# --context and -n read), the last the word under completion: one a line, then the directive
# (left out). The part of the word before the value (--node=) is zsh's IPREFIX, not the name's.
__taint_extender_cluster_names() {
  local -a answer
  answer=(\${(f)"$($__taint_extender_program __complete "\${(@)words[1,CURRENT-1]}" "$IPREFIX$PREFIX" 2>/dev/null)"})
  compadd -- \${\${answer:#:*}#$IPREFIX}
}

_taint_extender() {
  local curcontext="$curcontext" state line
  # The executable as typed, for __complete: _arguments below narrows words to the command's.
  local __taint_extender_program=\${words[1]}
  local -a commands
  commands=(
${described}
  )
  _arguments -C '1:command:->command' '*::argument:->argument'
  case $state in
  command)
    _describe command commands
    ;;
  argument)
    case \${words[1]} in
${commands.map((c) => commandArm(c, names)).join('\n')}
    esac
    ;;
  esac
}

if [[ \${funcstack[1]} == _taint_extender ]]; then
  _taint_extender "$@"
else
  compdef _taint_extender taint-extender kubectl-taint_extender
fi
`
}
