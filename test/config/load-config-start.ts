import { loadConfig, type Config } from '../../src/config/index.js'

/** One start of the process, as loadConfig sees it. */
export interface Start {
  readonly argv?: readonly string[]
  readonly env?: Readonly<Record<string, string>>
  /** Files that exist; none otherwise. */
  readonly files?: readonly string[]
}

/** The config loadConfig makes of `start`; throws its ConfigError, or if it answers --help. */
export function load({ argv = [], env = {}, files = [] }: Start): Config {
  const result = loadConfig({ argv, env, fileExists: (path) => files.includes(path) })
  if (result.kind !== 'config') throw new Error('expected a config')
  return result.config
}
