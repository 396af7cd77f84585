export { ConfigError } from './config-error.js'
export { clusterConnection, type ClusterConnection, type ClusterSource } from './cluster-source.js'
export { environmentVariables, processEnvironment } from './process-environment.js'
export {
  loadConfig,
  type Config,
  type LoadResult,
  type LogLevel,
  type TlsFiles,
} from './load-config.js'
export { helpText } from './flags.js'
export { EVICTING_NODES_MODES, type EvictingNodesMode } from './parse-values.js'
export { missingNodeFlags, NODE_FLAGS } from './node-flags.js'
export { RUNTIME_V8_FLAGS, runtimeV8Flags } from './v8-runtime-flags.js'
export { readTlsMaterial, type CertificateSummary, type TlsMaterial } from './tls-material.js'
export { watchTlsMaterial, type TlsWatchOptions } from './tls-watch.js'
export {
  parseExplainOptions,
  parseForecastOptions,
  type ExplainOptions,
  type ForecastOptions,
  type ObjectSource,
  type OutputFormat,
} from './tool-options.js'
