export { ConfigError, InputError } from './config-error.js'
export { didYouMean, suggestionsFor } from './suggestions.js'
export { clusterConnection, type ClusterConnection, type ClusterSource } from './cluster-source.js'
export {
  environmentVariables,
  processEnvironment,
  processMissingNodeFlags,
} from './process-environment.js'
export { loadConfig, type Config, type LoadResult } from './load-config.js'
export type { TlsFiles } from './tls-flags.js'
export { helpText } from './flags.js'
export { EVICTING_NODES_MODES, type EvictingNodesMode, type LogLevel } from './parse-values.js'
export { missingNodeFlags, NODE_FLAGS } from './node-flags.js'
export { RUNTIME_V8_FLAGS, runtimeV8Flags } from './v8-runtime-flags.js'
export { readTlsMaterial, type CertificateSummary, type TlsMaterial } from './tls-material.js'
export { watchTlsMaterial, type TlsWatchOptions } from './tls-watch.js'
export {
  parseExplainOptions,
  parseForecastOptions,
  type ExplainOptions,
  type ExplainTarget,
  type ForecastOptions,
  type NamespaceChoice,
} from './tool-options.js'
export {
  parseDrainForecastOptions,
  type DrainFlagValues,
  type DrainForecastOptions,
} from './drain-options.js'
export {
  outputOf,
  type InputFile,
  type InputText,
  type ObjectSource,
  type OutputFormat,
  type SourceProgress,
} from './tool-inputs.js'
export { parseStrict } from './strict-args.js'
export {
  COMPLETION_FLAGS,
  EXPLAIN_FLAGS,
  FORECAST_FLAGS,
  OUTPUT_FORMATS,
  SERVE_FLAGS,
  VERSION_FLAGS,
  type ToolFlag,
  type ValueCompletion,
} from './tool-flags.js'
export {
  flagNamed,
  lastValue,
  readTypedLine,
  takesValue,
  typedLineCluster,
  type TypedLine,
} from './typed-line.js'
export { buildInfo, versionText, type BuildInfo } from './build-info.js'
