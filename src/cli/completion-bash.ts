import type { CompletedCommand, CompletedFlag } from './completion-types.js'

/**
 * The bash completion script: one function, registered for `taint-extender` and for the kubectl
 * plugin's executable, that completes the command, then its flags and their values.
 */

const spellings = (flag: CompletedFlag): string[] =>
  flag.short === undefined ? [`--${flag.name}`] : [`--${flag.name}`, `-${flag.short}`]

/** The `case "$prev"` arm that completes one flag's value, or none for a flag without one. */
function valueArm(flag: CompletedFlag): string | null {
  if (flag.type === 'boolean') return null
  const pattern = spellings(flag).join('|')
  switch (flag.values.kind) {
    case 'file':
      return `    ${pattern}) compopt -o filenames 2>/dev/null; COMPREPLY=( $(compgen -f -- "$cur") ); return ;;`
    case 'words':
      return `    ${pattern}) COMPREPLY=( $(compgen -W "${flag.values.words.join(' ')}" -- "$cur") ); return ;;`
    case 'namespace':
      return `    ${pattern}) COMPREPLY=( $(compgen -W "$(__taint_extender_kubectl get namespaces -o 'jsonpath={.items[*].metadata.name}')" -- "$cur") ); return ;;`
    case 'context':
      return `    ${pattern}) COMPREPLY=( $(compgen -W "$(__taint_extender_kubectl config get-contexts -o name)" -- "$cur") ); return ;;`
    case 'none':
      return `    ${pattern}) COMPREPLY=(); return ;;`
  }
}

function positionalWords(command: CompletedCommand, names: string): string {
  switch (command.positional) {
    case 'pods':
      return '$(__taint_extender_kubectl get pods ${namespace:+-n "$namespace"} -o \'jsonpath={.items[*].metadata.name}\')'
    case 'shells':
      return 'bash zsh'
    case 'commands':
      return names
    case null:
      return ''
  }
}

function commandArm(command: CompletedCommand, names: string): string {
  const arms = command.flags.map(valueArm).filter((arm) => arm !== null)
  const flags = command.flags.flatMap(spellings).join(' ')
  return [
    `  ${command.name})`,
    ...(arms.length === 0 ? [] : ['    case "$prev" in', ...arms.map((a) => `  ${a}`), '    esac']),
    `    if [[ $cur == -* ]]; then COMPREPLY=( $(compgen -W "${flags}" -- "$cur") )`,
    `    else COMPREPLY=( $(compgen -W "${positionalWords(command, names)}" -- "$cur") ); fi`,
    '    ;;',
  ].join('\n')
}

export function bashScript(commands: readonly CompletedCommand[]): string {
  const names = commands.map((c) => c.name).join(' ')
  return `# bash completion for taint-extender (and kubectl-taint_extender, its kubectl plugin name).
# Load it in this shell:   source <(taint-extender completion bash)
# or for every shell:      taint-extender completion bash > /etc/bash_completion.d/taint-extender

# kubectl's answer, or nothing when kubectl is not installed or the cluster cannot be read.
__taint_extender_kubectl() {
  command -v kubectl >/dev/null 2>&1 || return 0
  kubectl "$@" 2>/dev/null
}

_taint_extender() {
  local cur="\${COMP_WORDS[COMP_CWORD]}"
  local prev="\${COMP_WORDS[COMP_CWORD-1]}"
  local command="\${COMP_WORDS[1]}" namespace="" i
  for (( i = 2; i < COMP_CWORD; i++ )); do
    case "\${COMP_WORDS[i]}" in
      -n|--namespace) namespace="\${COMP_WORDS[i+1]}" ;;
    esac
  done
  if (( COMP_CWORD == 1 )); then
    COMPREPLY=( $(compgen -W "${names} --help --version" -- "$cur") )
    return
  fi
  case "$command" in
${commands.map((c) => commandArm(c, names)).join('\n')}
  *) COMPREPLY=() ;;
  esac
}

complete -F _taint_extender taint-extender kubectl-taint_extender
`
}
