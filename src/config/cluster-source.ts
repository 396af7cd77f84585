import { delimiter, join } from 'node:path'
import { ConfigError, InputError } from './config-error.js'

/** Where a cluster's API server and credentials come from (loaded by src/cluster). */
export type ClusterSource =
  | { readonly kind: 'kubeconfig'; readonly paths: readonly string[] }
  | { readonly kind: 'in-cluster' }

/**
 * A cluster source as the cluster connection takes it: in a pod, with the API server's service
 * host and port, which the kubelet sets as KUBERNETES_SERVICE_HOST and KUBERNETES_SERVICE_PORT
 * and client-go's rest.InClusterConfig reads. Either is undefined when unset.
 */
export type ClusterConnection =
  | {
      readonly kind: 'kubeconfig'
      readonly paths: readonly string[]
      /** `--context`: the context to use instead of the files' current-context. */
      readonly context?: string | null
    }
  | {
      readonly kind: 'in-cluster'
      readonly host: string | undefined
      readonly port: string | undefined
    }

export function clusterConnection(
  source: ClusterSource,
  env: Readonly<Record<string, string | undefined>>,
  context: string | null = null
): ClusterConnection {
  if (source.kind === 'kubeconfig') return { ...source, context }
  if (context !== null) {
    throw new ConfigError(
      `--context ${context}: no kubeconfig is found (--kubeconfig, KUBECONFIG or ~/.kube/config) to hold it`
    )
  }
  return {
    kind: 'in-cluster',
    host: env.KUBERNETES_SERVICE_HOST,
    port: env.KUBERNETES_SERVICE_PORT,
  }
}

export interface ClusterLookup {
  /** `--kubeconfig` as given, or undefined when it was not. */
  readonly flag: string | undefined
  readonly env: Readonly<Record<string, string | undefined>>
  readonly fileExists: (path: string) => boolean
  /**
   * Whether `~/.kube/config` counts when neither the flag nor `KUBECONFIG` is set: yes for the
   * tools, which find a cluster as kubectl does; no for the server, which, like kube-scheduler
   * and every other cluster component, only ever uses what it is told or its pod's service
   * account.
   */
  readonly homeKubeconfig: boolean
}

const SERVICE_ACCOUNT_TOKEN = '/var/run/secrets/kubernetes.io/serviceaccount/token'

/**
 * client-go's loading rules, in its order: the `--kubeconfig` file, which must exist; else the
 * files listed in `KUBECONFIG` (`:`-separated, `;` on Windows), of which those missing are
 * skipped, as client-go skips them; else `~/.kube/config` where it counts; else the pod's
 * service account. Null when none applies.
 */
export function findCluster(lookup: ClusterLookup): ClusterSource | null {
  const { flag, env, fileExists } = lookup
  if (flag !== undefined && flag !== '') {
    if (!fileExists(flag)) throw new InputError(`--kubeconfig: no file at ${flag}`)
    return { kind: 'kubeconfig', paths: [flag] }
  }
  const listed = (env.KUBECONFIG ?? '').split(delimiter).filter((path) => path !== '')
  if (listed.length > 0) {
    const paths = listed.filter((path) => fileExists(path))
    if (paths.length === 0) {
      throw new InputError(`KUBECONFIG: none of its files exists (${listed.join(', ')})`)
    }
    return { kind: 'kubeconfig', paths }
  }
  if (lookup.homeKubeconfig && env.HOME) {
    const home = join(env.HOME, '.kube', 'config')
    if (fileExists(home)) return { kind: 'kubeconfig', paths: [home] }
  }
  if (
    env.KUBERNETES_SERVICE_HOST &&
    env.KUBERNETES_SERVICE_PORT &&
    fileExists(SERVICE_ACCOUNT_TOKEN)
  ) {
    return { kind: 'in-cluster' }
  }
  return null
}
