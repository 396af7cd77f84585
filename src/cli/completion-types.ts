import type { ToolFlag } from '../config/index.js'

/** A command as the completion scripts (bash, zsh) see it. */
export interface CompletedCommand {
  readonly name: string
  readonly about: string
  readonly flags: readonly CompletedFlag[]
  /** What completes a word that is not a flag: pod names for `explain POD`, or a shell. */
  readonly positional: 'pods' | 'shells' | 'commands' | null
}

export interface CompletedFlag extends ToolFlag {
  readonly name: string
}
