/** A flag, variable or file that makes no sense; the process refuses to start. */
export class ConfigError extends Error {
  override readonly name: string = 'ConfigError'
}

/**
 * A file or kubeconfig the command line names that cannot be used (missing, unreadable): the
 * input's fault, not the command line's, so the tools do not point at --help for it.
 */
export class InputError extends ConfigError {
  override readonly name: string = 'InputError'
}
