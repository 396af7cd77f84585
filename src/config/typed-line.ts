import type { ClusterConnection } from './cluster-source.js'
import type { ToolFlag } from './tool-flags.js'
import { clusterFor } from './tool-inputs.js'

/**
 * A command line as far as it is typed, read for completion: the words before the one under
 * completion, against a command's flag table. Unlike parseStrict it never refuses: a line being
 * typed is unfinished by nature, and completion answers what it can.
 */

export interface TypedLine {
  /** The values typed for each flag (`--node a --node b`: both; a switch: "true"), by long name. */
  readonly values: ReadonlyMap<string, readonly string[]>
  readonly positionals: readonly string[]
  /** The flag the word under completion is the value of (the last word was `--node`), or null. */
  readonly awaiting: string | null
  /** `--` was typed: every word after it is positional. */
  readonly flagsEnded: boolean
}

type FlagTable = Readonly<Record<string, ToolFlag>>

/** The long name of the flag `word` spells (`--node`, `-n`), or undefined when none does. */
export function flagNamed(table: FlagTable, word: string): string | undefined {
  if (word.startsWith('--')) return word.slice(2) in table ? word.slice(2) : undefined
  if (word.length !== 2 || !word.startsWith('-')) return undefined
  return Object.keys(table).find((name) => table[name]?.short === word[1])
}

export const takesValue = (table: FlagTable, name: string | undefined): name is string =>
  name !== undefined && table[name]?.type === 'string'

export function readTypedLine(words: readonly string[], table: FlagTable): TypedLine {
  const values = new Map<string, string[]>()
  const positionals: string[] = []
  const record = (name: string, value: string): void => {
    values.set(name, [...(values.get(name) ?? []), value])
  }
  let awaiting: string | null = null
  let flagsEnded = false
  for (const word of words) {
    if (awaiting !== null) {
      record(awaiting, word)
      awaiting = null
    } else if (flagsEnded || !word.startsWith('-') || word === '-') {
      positionals.push(word)
    } else if (word === '--') {
      flagsEnded = true
    } else if (!word.startsWith('--') && word.length > 2) {
      // `-nshop` and `-n=shop`: a short flag with its value in the same word, as parseStrict
      // reads it.
      const name = flagNamed(table, word.slice(0, 2))
      if (takesValue(table, name)) record(name, word.slice(word[2] === '=' ? 3 : 2))
    } else {
      const equals = word.indexOf('=')
      const name = flagNamed(table, equals < 0 ? word : word.slice(0, equals))
      if (takesValue(table, name)) {
        if (equals < 0) awaiting = name
        else record(name, word.slice(equals + 1))
      } else if (name !== undefined) {
        record(name, 'true')
      }
    }
  }
  return { values, positionals, awaiting, flagsEnded }
}

/** The last value typed for `name`, as the tools take a single-value flag, or undefined. */
export function lastValue(line: TypedLine, name: string): string | undefined {
  return line.values.get(name)?.at(-1)
}

/**
 * The cluster the typed line's `--kubeconfig` and `--context` name, found as the tools find it
 * (else KUBECONFIG, ~/.kube/config, the pod's service account), as kubectl's own completion
 * honours the flags already typed. Null when none is found; throws ConfigError as they do.
 */
export function typedLineCluster(
  line: TypedLine,
  env: Readonly<Record<string, string | undefined>>
): ClusterConnection | null {
  const values = { kubeconfig: lastValue(line, 'kubeconfig'), context: lastValue(line, 'context') }
  return clusterFor(values, env, true)
}
