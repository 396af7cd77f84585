export { ConfigError } from './config-error.js'
export {
  loadConfig,
  type ClusterSource,
  type Config,
  type LoadResult,
  type LogLevel,
  type TlsFiles,
} from './load-config.js'
export { helpText } from './flags.js'
