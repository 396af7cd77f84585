import type { CompletedCommand, CompletedFlag } from './completion-types.js'

/**
 * The bash completion script: one function, registered for `taint-extender` and for the kubectl
 * plugin's executable, that completes the command, then its flags and their values. Cluster
 * names come from `__complete`, the engine kubectl's plugin completion runs, so the two offer
 * the same names, read with the `--kubeconfig`, `--context` and `-n` typed on the line.
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
    case 'node':
    case 'namespace':
    case 'context':
      return `    ${pattern}) __taint_extender_cluster_names; return ;;`
    case 'none':
      return `    ${pattern}) COMPREPLY=(); return ;;`
  }
}

/** What completes a word that is not a flag: cluster names, or a fixed list. */
function positionalArm(command: CompletedCommand, names: string): string {
  const words = (list: string): string => `COMPREPLY=( $(compgen -W "${list}" -- "$cur") )`
  switch (command.positional) {
    case 'pods':
      return '__taint_extender_cluster_names'
    case 'shells':
      return words('bash zsh')
    case 'commands':
      return words(names)
    case null:
      return 'COMPREPLY=()'
  }
}

function commandArm(command: CompletedCommand, names: string): string {
  const arms = command.flags.map(valueArm).filter((arm) => arm !== null)
  const flags = command.flags.flatMap(spellings).join(' ')
  // Flags with no command before them are serve's, as the executable reads them.
  const label = command.name === 'serve' ? 'serve|-*' : command.name
  return [
    `  ${label})`,
    ...(arms.length === 0 ? [] : ['    case "$prev" in', ...arms.map((a) => `  ${a}`), '    esac']),
    `    if [[ $cur == -* ]]; then COMPREPLY=( $(compgen -W "${flags}" -- "$cur") )`,
    `    else ${positionalArm(command, names)}; fi`,
    '    ;;',
  ].join('\n')
}

export function bashScript(commands: readonly CompletedCommand[]): string {
  const names = commands.map((c) => c.name).join(' ')
  return `# bash completion for taint-extender (and kubectl-taint_extender, its kubectl plugin name).
# Load it in this shell:   source <(taint-extender completion bash)
# or for every shell:      taint-extender completion bash > /etc/bash_completion.d/taint-extender

# Names from the cluster (nodes, pods, namespaces, contexts) as \`__complete\` answers for this
# line: one candidate a line, its last line the directive (left out). Nothing when the cluster
# cannot be read.
__taint_extender_cluster_names() {
  local name i
  local -a words=()
  # bash splits --flag=value at "=" (COMP_WORDBREAKS): give __complete the flag and its value
  # as two words, the value "" when nothing follows the "=" yet.
  for (( i = 1; i <= COMP_CWORD; i++ )); do
    if [[ \${COMP_WORDS[i]} == "=" ]]; then
      (( i == COMP_CWORD )) && words+=( "" )
    else
      words+=( "\${COMP_WORDS[i]}" )
    fi
  done
  COMPREPLY=()
  while IFS= read -r name; do
    [[ $name == :* ]] || COMPREPLY+=( "$name" )
  done < <("\${COMP_WORDS[0]}" __complete "\${words[@]}" 2>/dev/null)
}

_taint_extender() {
  local cur="\${COMP_WORDS[COMP_CWORD]}"
  local prev="\${COMP_WORDS[COMP_CWORD-1]}"
  # --flag=value, which bash splits at "=": complete the value, after the flag.
  if [[ $cur == "=" ]]; then
    cur=""
  elif [[ $prev == "=" ]] && (( COMP_CWORD >= 3 )); then
    prev="\${COMP_WORDS[COMP_CWORD-2]}"
  fi
  local command="\${COMP_WORDS[1]}"
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
