import { readFileSync } from 'node:fs'
import { load } from 'js-yaml'
// client-node's own checks of a kubeconfig's lists, the ones KubeConfig.loadFromString runs,
// from the one small module that holds them: the package's entry point loads the whole client,
// and a shell waits on this at every TAB.
import { newClusters, newContexts, newUsers } from '@kubernetes/client-node/dist/config_types.js'
import type { ClusterSource } from './kube-config.js'

/**
 * The context names of the kubeconfig files, merged as kubectl merges them: what kubectl's
 * completion of `--context` offers (`ListContextsInConfig`), sorted as
 * `kubectl config get-contexts -o name` prints them (`RunGetContexts` sorts). Each file is read
 * as the tools read it (kube-config.ts `mergedKubeconfigs`, through client-node), so a file they
 * refuse gives no names here either. None in a pod's service account, which has no contexts.
 */
export function contextNames(source: ClusterSource): string[] {
  if (source.kind === 'in-cluster') return []
  const names = new Set<string>()
  for (const path of source.paths) {
    const config = load(readFileSync(path, 'utf8')) as Record<string, unknown>
    newClusters(config.clusters)
    newUsers(config.users)
    for (const context of newContexts(config.contexts)) names.add(context.name)
  }
  return [...names].sort()
}
