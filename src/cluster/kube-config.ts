import { accessSync, constants, readFileSync } from 'node:fs'
import { delimiter } from 'node:path'
import { KubeConfig, type Cluster, type Context, type User } from '@kubernetes/client-node'
import { readFailureText } from '../core/index.js'
import { redactUrlCredentials } from './api-errors.js'
import { checkCurrentContextFiles, type KubeconfigOrigins } from './kubeconfig-files.js'

/**
 * Where the API server and credentials come from: kubeconfig files (`--kubeconfig`, or the list
 * in `KUBECONFIG`), or the service account mounted into the pod the extender runs in.
 */
export type ClusterSource =
  | {
      readonly kind: 'kubeconfig'
      readonly paths: readonly string[]
      /** kubectl's `--context`: used instead of the files' current-context. */
      readonly context?: string | null
    }
  | {
      readonly kind: 'in-cluster'
      /** The API server's service address in a pod (KUBERNETES_SERVICE_HOST and _PORT). */
      readonly host?: string | undefined
      readonly port?: string | undefined
      /** Prefix for the service-account files (tests only); defaults to "". */
      readonly pathPrefix?: string
    }

const SERVICE_ACCOUNT_TOKEN = '/var/run/secrets/kubernetes.io/serviceaccount/token'
const SERVICE_ACCOUNT_NAMESPACE = '/var/run/secrets/kubernetes.io/serviceaccount/namespace'

/**
 * Loads a KubeConfig and checks what client-node would otherwise only discover at the first
 * request (or never: `loadFromCluster` happily builds `https://undefined:undefined`), so a
 * misconfigured extender fails at startup with a message that says what to fix.
 */
export function loadKubeConfig(source: ClusterSource): KubeConfig {
  if (source.kind === 'kubeconfig') {
    const { kubeConfig, origins } = mergedKubeconfigs(source.paths)
    if (source.context != null) useContext(kubeConfig, source.context, source.paths)
    const context = kubeConfig.getCurrentContext()
    if (kubeConfig.getCurrentCluster() === null) {
      throw new Error(
        `kubeconfig ${source.paths.join(delimiter)} has no usable current context` +
          ` (current-context: ${context ? JSON.stringify(context) : 'unset'})`
      )
    }
    checkCurrentContextFiles(kubeConfig, origins)
    return kubeConfig
  }

  if (!source.host || !source.port) {
    throw new Error(
      'in-cluster configuration needs KUBERNETES_SERVICE_HOST and KUBERNETES_SERVICE_PORT' +
        ' (is the extender running in a pod? otherwise pass --kubeconfig)'
    )
  }
  const prefix = source.pathPrefix ?? ''
  const tokenPath = `${prefix}${SERVICE_ACCOUNT_TOKEN}`
  try {
    accessSync(tokenPath, constants.R_OK)
  } catch (err) {
    throw new Error(`cannot read the service-account token ${tokenPath}: ${readFailureText(err)}`, {
      cause: err,
    })
  }
  // The token is re-read by client-node every minute, so bound-token rotation needs no restart.
  // loadFromCluster takes the service host and port from the same environment src/config read.
  const kubeConfig = new KubeConfig()
  kubeConfig.loadFromCluster(prefix)
  return kubeConfig
}

/**
 * Several kubeconfig files merged as kubectl (client-go's loading rules) merges `KUBECONFIG`:
 * the first file to name a cluster, user or context wins, and so does the first to set
 * current-context. client-node's own merge does neither: it throws on a repeated name and lets
 * the last current-context win. Each file is loaded on its own, so relative certificate paths
 * resolve against that file's directory, as kubectl resolves them. A file that cannot be read is
 * said in words (`it is a directory`), not as Node's errno text.
 */
function mergedKubeconfigs(paths: readonly string[]): {
  kubeConfig: KubeConfig
  origins: KubeconfigOrigins
} {
  const clusters = new Map<string, Cluster>()
  const users = new Map<string, User>()
  const origins = { clusters: new Map<string, string>(), users: new Map<string, string>() }
  const contexts = new Map<string, Context>()
  let currentContext = ''
  for (const path of paths) {
    const file = new KubeConfig()
    try {
      file.loadFromFile(path)
    } catch (err) {
      const verb = isFileError(err) ? 'read' : 'load'
      throw new Error(`cannot ${verb} kubeconfig ${path}: ${readFailureText(err)}`, { cause: err })
    }
    for (const cluster of file.clusters) {
      if (clusters.has(cluster.name)) continue
      clusters.set(cluster.name, plainHttpAllowed(cluster))
      origins.clusters.set(cluster.name, path)
    }
    for (const user of file.users) {
      if (users.has(user.name)) continue
      users.set(user.name, user)
      origins.users.set(user.name, path)
    }
    for (const context of file.contexts)
      if (!contexts.has(context.name)) contexts.set(context.name, context)
    if (currentContext === '') currentContext = file.currentContext ?? ''
  }
  const merged = new KubeConfig()
  merged.loadFromOptions({
    clusters: [...clusters.values()],
    users: [...users.values()],
    contexts: [...contexts.values()],
    currentContext,
  })
  return { kubeConfig: merged, origins }
}

/** An error of the file system (it has an errno), as opposed to a file that is not a kubeconfig. */
function isFileError(err: unknown): boolean {
  return (
    typeof err === 'object' &&
    err !== null &&
    typeof (err as { errno?: unknown }).errno === 'number'
  )
}

/** kubectl's `--context NAME`: an error naming the files when none of them has it. */
function useContext(kubeConfig: KubeConfig, name: string, paths: readonly string[]): void {
  if (kubeConfig.getContextObject(name) === null) {
    const known = kubeConfig.contexts.map((c) => c.name).join(', ') || 'none'
    throw new Error(
      `context "${name}" is not in kubeconfig ${paths.join(delimiter)} (its contexts: ${known})`
    )
  }
  kubeConfig.setCurrentContext(name)
}

/**
 * An `http://` server (kubectl proxy, a local API server) as kubectl uses it: plainly, with no TLS
 * to verify. client-node 1.4 refuses one unless `insecure-skip-tls-verify` is set, a flag that
 * means nothing without TLS; setting it on the plain-HTTP cluster alone makes client-node build
 * a plain agent, and leaves every https:// cluster's verification as its file says.
 */
function plainHttpAllowed(cluster: Cluster): Cluster {
  return cluster.server.startsWith('http://') ? { ...cluster, skipTLSVerify: true } : cluster
}

/**
 * The namespace kubectl works in when -n is not given: the current context's (after
 * `--context`), else "default"; in a pod, the service account's namespace, as client-go's
 * in-cluster loader reads it.
 */
export function defaultNamespace(source: ClusterSource): string {
  if (source.kind === 'in-cluster') {
    try {
      const path = `${source.pathPrefix ?? ''}${SERVICE_ACCOUNT_NAMESPACE}`
      return readFileSync(path, 'utf8').trim() || 'default'
    } catch {
      return 'default'
    }
  }
  const kubeConfig = loadKubeConfig(source)
  return kubeConfig.getContextObject(kubeConfig.getCurrentContext())?.namespace || 'default'
}

/** The API server URL of the current context, for logs, without any user:password in it. */
export function apiServerUrl(kubeConfig: KubeConfig): string {
  const server = kubeConfig.getCurrentCluster()?.server
  return server === undefined ? '(none)' : redactUrlCredentials(server)
}
