import { parseArgs } from 'node:util'
import { ConfigError } from './config-error.js'
import { didYouMean, suggestionsFor } from './suggestions.js'

/**
 * parseArgs as every command reads its flags: strict, each message worded for a person, and a
 * flag that takes one value refused when given twice. parseArgs keeps the last of repeated
 * values silently, so `--node a --node b` would mean b alone; kubectl (pflag) lets the last win
 * too, which is how a typo goes unseen. Only flags declared `multiple` may repeat.
 */

export interface FlagSpec {
  readonly type: 'string' | 'boolean'
  readonly short?: string
  readonly multiple?: boolean
}

export interface ParsedArgs {
  readonly values: Record<string, string | boolean | (string | boolean)[] | undefined>
  readonly positionals: string[]
}

export function parseStrict(
  argv: readonly string[],
  options: Readonly<Record<string, FlagSpec>>,
  allowPositionals = false
): ParsedArgs {
  const end = argv.indexOf('--')
  const args = argv.map((arg, i) =>
    end >= 0 && i > end ? arg : longFormOfShortWithEquals(arg, options)
  )
  let parsed
  try {
    parsed = parseArgs({ args, options, strict: true, allowPositionals, tokens: true })
  } catch (err) {
    throw new ConfigError(readableParseError(err, Object.keys(options)))
  }
  const seen = new Set<string>()
  for (const token of parsed.tokens) {
    if (token.kind !== 'option' || options[token.name]?.multiple === true) continue
    if (seen.has(token.name)) throw new ConfigError(`--${token.name} is given more than once`)
    seen.add(token.name)
  }
  return { values: parsed.values, positionals: parsed.positionals }
}

/**
 * `-n=lab` as `--namespace=lab`: pflag reads a short flag's `=` as the start of its value
 * (`parseSingleShortArg`), so kubectl users type `-o=json`; parseArgs would take `=json` as
 * the value. Only for a flag that takes a value, and only before `--` ends the flags.
 */
function longFormOfShortWithEquals(
  arg: string,
  options: Readonly<Record<string, FlagSpec>>
): string {
  if (arg.length < 3 || arg[0] !== '-' || arg[2] !== '=') return arg
  const long = Object.keys(options).find((name) => options[name]?.short === arg[1])
  return long !== undefined && options[long]?.type === 'string' ? `--${long}${arg.slice(2)}` : arg
}

/** The flags close to an unknown one, `--name` each, in cobra's words ("" when none is). */
function flagSuggestions(typed: string, names: readonly string[]): string {
  const close = suggestionsFor(typed.replace(/^-+/, '').split('=', 1)[0] ?? '', names)
  return didYouMean(close.map((name) => `--${name}`))
}

/**
 * parseArgs' messages, shortened to what a person needs (the flag and what is wrong); an unknown
 * flag with the command's flags close to it (`names`), as cobra suggests commands.
 */
function readableParseError(err: unknown, names: readonly string[]): string {
  const message = err instanceof Error ? err.message : String(err)
  const code = (err as { code?: string }).code
  const quoted = /'([^']+)'/.exec(message)?.[1] ?? ''
  switch (code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown flag ${quoted}${flagSuggestions(quoted, names)}`
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return message.includes('argument missing')
        ? `${quoted.replace(/ <value>$/, '')} needs a value`
        : `${quoted.replace(/ <value>$/, '')} takes no value`
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `unexpected argument ${JSON.stringify(quoted)}`
    default:
      return message
  }
}
