import { readFileSync } from 'node:fs'
import type { Cluster, KubeConfig, User } from '@kubernetes/client-node'
import { readFailureText } from '../core/index.js'

/**
 * The files a kubeconfig's current context names, checked before the first request as kubectl
 * checks them (client-go clientcmd `validateClusterInfo` and `validateAuthInfo`, run by
 * `ConfirmUsable` on the context in use): a missing certificate is the file's mistake, said
 * naming the field and the file, not a cluster that failed. client-node would otherwise find it
 * only at the first request, with Node's raw `ENOENT: ... open '...'`.
 */

/** Where each cluster and user of merged kubeconfigs came from: the file that named it first. */
export interface KubeconfigOrigins {
  readonly clusters: ReadonlyMap<string, string>
  readonly users: ReadonlyMap<string, string>
}

/** The file fields as a kubeconfig spells them, and where client-node keeps each. */
const CLUSTER_FILES: ReadonlyArray<readonly [keyof Cluster, string]> = [
  ['caFile', 'certificate-authority'],
]
const USER_FILES: ReadonlyArray<readonly [keyof User, string]> = [
  ['certFile', 'client-certificate'],
  ['keyFile', 'client-key'],
]

/** Throws naming the kubeconfig, the field and the file when a named file cannot be read. */
export function checkCurrentContextFiles(kubeConfig: KubeConfig, origins: KubeconfigOrigins): void {
  const cluster = kubeConfig.getCurrentCluster()
  if (cluster !== null) {
    const from = origins.clusters.get(cluster.name) ?? ''
    for (const [key, field] of CLUSTER_FILES)
      checkFile(from, `cluster "${cluster.name}"`, field, cluster[key])
  }
  const user = kubeConfig.getCurrentUser()
  if (user !== null) {
    const from = origins.users.get(user.name) ?? ''
    for (const [key, field] of USER_FILES) checkFile(from, `user "${user.name}"`, field, user[key])
  }
}

function checkFile(kubeconfig: string, owner: string, field: string, path: unknown): void {
  if (typeof path !== 'string' || path === '') return
  try {
    // Certificates and keys are small, and client-node reads them whole at each request anyway.
    readFileSync(path)
  } catch (err) {
    throw new Error(
      `kubeconfig ${kubeconfig}: ${field} ${path} of ${owner}: ${readFailureText(err)}`,
      { cause: err }
    )
  }
}
