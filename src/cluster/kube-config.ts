import { accessSync, constants } from 'node:fs'
import { KubeConfig } from '@kubernetes/client-node'
import { redactUrlCredentials } from './api-errors.js'

/**
 * Where the API server and credentials come from: a kubeconfig file (`--kubeconfig` or
 * `KUBECONFIG`), or the service account mounted into the pod the extender runs in.
 */
export type ClusterSource =
  | { readonly kind: 'kubeconfig'; readonly path: string }
  | {
      readonly kind: 'in-cluster'
      /** Prefix for the service-account files (tests only); defaults to "". */
      readonly pathPrefix?: string
    }

const SERVICE_ACCOUNT_TOKEN = '/var/run/secrets/kubernetes.io/serviceaccount/token'

/**
 * Loads a KubeConfig and checks what client-node would otherwise only discover at the first
 * request (or never: `loadFromCluster` happily builds `https://undefined:undefined`), so a
 * misconfigured extender fails at startup with a message that says what to fix.
 */
export function loadKubeConfig(source: ClusterSource): KubeConfig {
  const kubeConfig = new KubeConfig()
  if (source.kind === 'kubeconfig') {
    try {
      kubeConfig.loadFromFile(source.path)
    } catch (err) {
      throw new Error(`cannot load kubeconfig ${source.path}: ${messageOf(err)}`, { cause: err })
    }
    const context = kubeConfig.getCurrentContext()
    if (kubeConfig.getCurrentCluster() === null) {
      throw new Error(
        `kubeconfig ${source.path} has no usable current context` +
          ` (current-context: ${context ? JSON.stringify(context) : 'unset'})`
      )
    }
    return kubeConfig
  }

  const host = process.env.KUBERNETES_SERVICE_HOST
  const port = process.env.KUBERNETES_SERVICE_PORT
  if (!host || !port) {
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
    throw new Error(`cannot read the service-account token ${tokenPath}: ${messageOf(err)}`, {
      cause: err,
    })
  }
  // The token is re-read by client-node every minute, so bound-token rotation needs no restart.
  kubeConfig.loadFromCluster(prefix)
  return kubeConfig
}

/** The API server URL of the current context, for logs, without any user:password in it. */
export function apiServerUrl(kubeConfig: KubeConfig): string {
  const server = kubeConfig.getCurrentCluster()?.server
  return server === undefined ? '(none)' : redactUrlCredentials(server)
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err)
}
