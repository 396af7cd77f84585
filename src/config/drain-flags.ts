import { ConfigError } from './config-error.js'

/** The flags of `forecast --drain`, kubectl drain's, which a forecast of a taint does not take. */
export const DRAIN_ONLY_FLAGS = [
  'pdbs',
  'ignore-daemonsets',
  'delete-emptydir-data',
  'force',
  'disable-eviction',
  'pod-selector',
] as const

/** A forecast of a taint refuses kubectl drain's flags, which would otherwise be ignored. */
export function refuseDrainFlags(values: Record<string, unknown>): void {
  if (values.drain === true) return
  const given = DRAIN_ONLY_FLAGS.filter((flag) => values[flag] !== undefined)
  if (given.length > 0)
    throw new ConfigError(
      `--${given.join(', --')} go${given.length === 1 ? 'es' : ''} with --drain`
    )
}
