import { loadConfig, type Config } from '../../src/config/index.js'

/** What a pod's environment holds: the API server's service host and port. */
export const IN_POD_ENV = { KUBERNETES_SERVICE_HOST: '10.0.0.1', KUBERNETES_SERVICE_PORT: '443' }
/** Where a pod's service account token is mounted. */
export const TOKEN = '/var/run/secrets/kubernetes.io/serviceaccount/token'

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
