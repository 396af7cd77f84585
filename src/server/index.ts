export {
  createOperationsHandler,
  createRequestHandler,
  createVerbsHandler,
  type AppDependencies,
} from './app.js'
export {
  listen,
  type ListenOptions,
  type RunningServer,
  HEADERS_TIMEOUT_MS,
  KEEP_ALIVE_TIMEOUT_MS,
  REQUEST_TIMEOUT_MS,
} from './http-server.js'
export { BodyBudget } from './body-budget.js'
export { JsonLogger } from './json-logger.js'
export { Metrics } from './metrics.js'
export { TlsSeries, type ServedCertificate } from './tls-series.js'
export type { ReadinessCheck } from './health.js'
export type { ServerTlsMaterial, Transport } from './tls-options.js'
export { TLS_HANDSHAKE_TIMEOUT_MS } from './tls-options.js'
export { FIRST_REQUEST_GRACE_MS } from './queued-connections.js'
export { TLS12_CIPHERS } from './tls-options.js'
export { admitClientNames, certificateNames } from './client-names.js'
