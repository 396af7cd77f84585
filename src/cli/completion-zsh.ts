import type { CompletedCommand, CompletedFlag } from './completion-types.js'

/**
 * The zsh completion script: `_arguments` specs per command, written from the flag tables, and
 * kubectl's answers for pod, namespace and context names. Loaded by sourcing (it then calls
 * compdef itself) or from a file named _taint-extender on $fpath.
 */

/** What completes a flag's value, as an `_arguments` action. */
function action(flag: CompletedFlag): string {
  switch (flag.values.kind) {
    case 'file':
      return ':file:_files'
    case 'words':
      return `:value:(${flag.values.words.join(' ')})`
    case 'namespace':
      return ':namespace:__taint_extender_namespaces'
    case 'context':
      return ':context:__taint_extender_contexts'
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
      return ["'1:pod:__taint_extender_pods'"]
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

__taint_extender_kubectl() {
  (( $+commands[kubectl] )) || return 0
  kubectl "$@" 2>/dev/null
}

__taint_extender_namespaces() {
  local -a names
  names=(\${=$(__taint_extender_kubectl get namespaces -o 'jsonpath={.items[*].metadata.name}')})
  _describe namespace names
}

__taint_extender_contexts() {
  local -a names
  names=(\${(f)$(__taint_extender_kubectl config get-contexts -o name)})
  _describe context names
}

__taint_extender_pods() {
  local -a names ns
  local i
  for (( i = 1; i < \${#words}; i++ )); do
    [[ \${words[i]} == (-n|--namespace) ]] && ns=(-n "\${words[i+1]}")
  done
  names=(\${=$(__taint_extender_kubectl get pods $ns -o 'jsonpath={.items[*].metadata.name}')})
  _describe pod names
}

_taint_extender() {
  local curcontext="$curcontext" state line
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
