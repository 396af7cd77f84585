import type { RuleOptions } from '../core/index.js'
import type { ForecastOptions } from '../config/index.js'
import { readForecastPods, type ForecastPod } from './forecast-pods.js'
import { namespaceLabels, type FollowReading } from './forecast-follow.js'
import { storageForPods } from './storage-manifests.js'
import { nodesSource, pdbsSource, podsSource, speakingRelease } from './tool-io.js'
import type { SpokenRelease } from './output.js'
import { readDisruptionBudgets, readNodes } from './manifests.js'
import { selectNodes } from './forecast-nodes.js'
import type { ManifestNode } from '../protocol/index.js'
import { readWorkloads } from './workload-manifests.js'
import { WorkloadCollector } from './workload-kinds.js'

/**
 * What a forecast that follows pods to their new places reads beyond the nodes and the pods
 * (forecast-command.ts for a taint added, forecast-relief.ts for one removed or a cordon lifted).
 */

/**
 * What following the evictions reads beyond the nodes, the pods and the storage objects:
 * budgets, workloads and namespaces.
 */
export async function readFollowed(
  options: ForecastOptions,
  reading: Pick<FollowReading, 'nodes' | 'pods' | 'storage'>,
  collector: WorkloadCollector
): Promise<FollowReading> {
  const budgets =
    options.pdbs === null ? [] : await readDisruptionBudgets(await pdbsSource(options.pdbs))
  if (options.workloads !== null) await readWorkloads(options.workloads, collector)
  const namespaces = await namespaceLabels(
    options,
    reading.pods.map((p) => p.placement)
  )
  return { ...reading, budgets, namespaces, workloads: collector.index() }
}

/**
 * The claims and the rest, when a pod judged names one: following the evictions, any pod's
 * (its replacement is judged), else a pending pod's (whether the taint turns it away is judged).
 */
export function storageFor(
  options: ForecastOptions,
  pods: readonly ForecastPod[],
  follows: boolean
) {
  const judged = follows ? pods : pods.filter((p) => p.placement.nodeName === '')
  return storageForPods(
    options.storage,
    judged.map((p) => p.placement)
  )
}

/** The rules the forecast judges by, for the release it speaks for. */
export function rulesOf(
  options: ForecastOptions,
  version: RuleOptions['kubeVersion']
): RuleOptions {
  return {
    comparisonOperators: options.gates.TaintTolerationComparisonOperators,
    evictingNodes: options.evictingNodes,
    kubeVersion: version,
  }
}

/** Every node read, and those `--node` names or `--selector` picks. */
export async function readSelectedNodes(
  options: ForecastOptions
): Promise<{ allNodes: ManifestNode[]; nodes: ManifestNode[] }> {
  const nodeSource = await nodesSource(options.nodes)
  const allNodes = await readNodes(nodeSource)
  const { nodeNames, selector } = options
  const inCluster = options.nodes.kind === 'cluster'
  const nodes = selectNodes(allNodes, nodeNames, selector, nodeSource.origin, inCluster)
  return { allNodes, nodes }
}

/**
 * The pods of the chosen nodes and those still pending (every bound pod too when `follows`), the
 * controllers and Services a pods List holds beside them collected, as kubectl prints them; and
 * the release spoken for, with its rules, once the inputs are read.
 */
export async function readForecastPodsAndRules(
  options: ForecastOptions,
  names: readonly string[],
  follows: boolean
): Promise<{
  pods: ForecastPod[]
  collector: WorkloadCollector
  release: SpokenRelease
  rules: RuleOptions
}> {
  const podSource = await podsSource(options.pods, names, follows)
  const collector = new WorkloadCollector()
  const pods = await readForecastPods(podSource, collector.side(podSource.origin))
  const cluster = [options.nodes, options.pods].find((s) => s.kind === 'cluster')?.cluster ?? null
  const release = await speakingRelease(options.kubeVersion, cluster)
  return { pods, collector, release, rules: rulesOf(options, release.version) }
}
