import type { ForecastOptions } from '../config/index.js'
import { ProtocolError, type ManifestNode } from '../protocol/index.js'
import { parseSelector } from './label-selector.js'
import { readNodes, readPlacedPods, type PlacedPod } from './manifests.js'
import type { SpokenRelease } from './output.js'
import { nodesSource, podsSource, speakingRelease } from './tool-io.js'
import type { WorkloadCollector } from './workload-kinds.js'

/**
 * The nodes --selector picks, or those --node names, every one of which must exist. `inCluster`:
 * the nodes were listed from the cluster, so messages say so rather than name a file.
 */
function selectNodes(
  nodes: ManifestNode[],
  nodeNames: readonly string[],
  selector: string | null,
  origin: string,
  inCluster: boolean
): ManifestNode[] {
  if (selector !== null) {
    const matches = parseSelector(selector)
    const chosen = nodes.filter((n) => matches(n.labels))
    if (chosen.length === 0)
      throw new ProtocolError(
        `no node ${inCluster ? 'in the cluster' : `of ${origin}`} matches "${selector}"`
      )
    return chosen
  }
  const byName = new Map(nodes.map((n) => [n.name, n]))
  const missing = nodeNames.filter((name) => !byName.has(name)).map((name) => `"${name}"`)
  if (missing.length > 0)
    throw new ProtocolError(
      inCluster
        ? `no node named ${missing.join(', ')} in the cluster`
        : `${origin} has no node named ${missing.join(', ')}`
    )
  return nodeNames.map((name) => byName.get(name) as ManifestNode)
}

/**
 * What a forecast reads: the nodes chosen, the pods of the cluster, and the release spoken for;
 * the workload objects of the pods source into `workloads` when given.
 */
export async function readChosenNodes(
  options: Pick<ForecastOptions, 'nodes' | 'pods' | 'nodeNames' | 'selector' | 'kubeVersion'>,
  workloads: WorkloadCollector | null = null
): Promise<{ nodes: ManifestNode[]; pods: PlacedPod[]; release: SpokenRelease }> {
  const nodeSource = await nodesSource(options.nodes)
  const nodes = selectNodes(
    await readNodes(nodeSource),
    options.nodeNames,
    options.selector,
    nodeSource.origin,
    options.nodes.kind === 'cluster'
  )
  const podSource = await podsSource(
    options.pods,
    nodes.map((n) => n.name)
  )
  // A pods file may hold the workload objects beside its pods (kubectl get pods,ds,... -o json).
  const side = workloads?.side(podSource.origin)
  const pods = await readPlacedPods(podSource, ...(side === undefined ? [] : [side]))
  const cluster = [options.nodes, options.pods].find((s) => s.kind === 'cluster')?.cluster ?? null
  return { nodes, pods, release: await speakingRelease(options.kubeVersion, cluster) }
}
