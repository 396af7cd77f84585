/** A flag, variable or file that makes no sense; the process refuses to start. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError'
}
