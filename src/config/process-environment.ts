import type { Environment } from './load-config.js'
import { missingNodeFlags } from './node-flags.js'

/**
 * The one place that reads this process's environment. Everything else receives the values it
 * needs, so a test hands each part what it wants without changing the process.
 */

/** This process's environment variables. */
export function environmentVariables(): Readonly<Record<string, string | undefined>> {
  return process.env
}

/** What loadConfig reads for the server started with `argv` in this process. */
export function processEnvironment(argv: readonly string[]): Environment {
  return {
    argv,
    env: process.env,
    execArgv: process.execArgv,
    v8Version: process.versions.v8,
  }
}

/** The NODE_FLAGS this process runs without, from its command line and NODE_OPTIONS. */
export function processMissingNodeFlags(): string[] {
  return missingNodeFlags(process.execArgv, process.env.NODE_OPTIONS)
}
