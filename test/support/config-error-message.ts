import { expect } from 'vitest'
import { ConfigError } from '../../src/config/index.js'

/** The message of the ConfigError `load` throws; fails the test when it throws none or another. */
export function configErrorMessage(load: () => unknown): string {
  try {
    load()
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError)
    return (err as Error).message
  }
  throw new Error('expected a ConfigError')
}
