/**
 * The cluster connection: the only part of taint-extender that speaks to the Kubernetes API
 * (through @kubernetes/client-node). It fills a core TaintIndex and offers it as a NodeCache.
 */
export {
  apiServerUrl,
  defaultNamespace,
  loadKubeConfig,
  type ClusterSource,
} from './kube-config.js'
export { contextNames } from './kubeconfig-contexts.js'
export {
  InformerNodeCache,
  DEFAULT_BACKOFF,
  DEFAULT_PAGE_SIZE,
  DEFAULT_REQUEST_TIMEOUT_MS,
  DEFAULT_WATCHDOG_MS,
  type IndexedList,
  type InformerNodeCacheOptions,
} from './informer-node-cache.js'
export { collectGarbageAfterList } from './node-list-garbage.js'
export { projectNode } from './node-projection.js'
export {
  ClusterSnapshot,
  NODE_LIST,
  podList,
  type ListFrom,
  type ListQuery,
} from './cluster-snapshot.js'
export { describeError, notLoggedIn, statusCodeOf } from './api-errors.js'
export { connectionFailure } from './connection-failure.js'
export { isProtobuf } from './list-request.js'
