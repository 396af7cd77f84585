import type { DrainForecastOptions } from '../config/index.js'
import type { RuleOptions } from '../core/index.js'
import {
  planDrain,
  replacementFor,
  type DrainFlags,
  type DrainInput,
  type DrainPlan,
  type EvictionFollowUp,
  type Labels,
  type Landing,
  type ReplacementOf,
  type Workloads,
} from '../placement/index.js'
import { ProtocolError, type ManifestNode } from '../protocol/index.js'
import { drainFollower, namespaceLabels } from './forecast-follow.js'
import { selectNodes } from './forecast-nodes.js'
import { parseSelector } from './label-selector.js'
import { readDisruptionBudgets, readNodes } from './manifests.js'
import { readForecastPods } from './forecast-pods.js'
import type { SpokenRelease } from './output.js'
import { nodesSource, pdbsSource, podsSource, speakingRelease } from './tool-io.js'
import { WorkloadCollector } from './workload-kinds.js'
import { storageForPods } from './storage-manifests.js'
import { readWorkloads } from './workload-manifests.js'

/**
 * What `forecast --drain` reads and plans: the chosen nodes and every pod (a drain's evictions
 * are followed on the whole cluster), the workload objects, the budgets; the drain planned
 * (src/placement/drain-plan.ts) and its evictions followed (forecast-follow.ts).
 */

export interface DrainForecast {
  readonly plan: DrainPlan
  readonly followUp: EvictionFollowUp
  readonly release: SpokenRelease
  readonly budgetsRead: boolean
  /** Why some workload kinds are unknown (a list the user may not read). */
  readonly notes: readonly string[]
}

/** kubectl's words for a selector it cannot parse (`Complete`), with the parser's reason. */
function podSelectorOf(given: string | null): ((labels: Labels) => boolean) | null {
  if (given === null) return null
  try {
    return parseSelector(given)
  } catch (err) {
    if (!(err instanceof ProtocolError)) throw err
    const reason = err.message.replace(/^--selector "[^]*?": /, '')
    throw new ProtocolError(
      `--pod-selector=<pod_selector> must be a valid label selector: "${given}": ${reason}`
    )
  }
}

/** Who replaces each evicted pod: replacementFor over the workloads read (a controller not read: unknown). */
function replacementsOf(
  workloads: Workloads,
  nodes: readonly ManifestNode[],
  rules: RuleOptions
): ReplacementOf {
  const byName = new Map(nodes.map((n) => [n.name, n]))
  return (pod) => {
    const node = byName.get(pod.nodeName)
    return replacementFor(
      pod,
      workloads,
      node === undefined ? null : { taints: node.taints, options: rules }
    )
  }
}

export async function readDrainForecast(options: DrainForecastOptions): Promise<DrainForecast> {
  const podSelector = podSelectorOf(options.drain.podSelector)
  const flags: DrainFlags = { ...options.drain, podSelector }
  const nodeSource = await nodesSource(options.nodes)
  const allNodes = await readNodes(nodeSource)
  const inCluster = options.nodes.kind === 'cluster'
  const nodes = selectNodes(
    allNodes,
    options.nodeNames,
    options.selector,
    nodeSource.origin,
    inCluster
  )
  const names = nodes.map((n) => n.name)
  const collector = new WorkloadCollector()
  const podSource = await podsSource(options.pods, names, true)
  const pods = await readForecastPods(podSource, collector.side(podSource.origin))
  if (options.workloads !== null) await readWorkloads(options.workloads, collector)
  const index = collector.index()
  // Not read at all: a DaemonSet's pods are taken to have theirs (drain-filters.ts).
  const workloads = options.workloads === null && index.size === 0 ? null : index
  const budgets =
    options.pdbs === null ? [] : await readDisruptionBudgets(await pdbsSource(options.pdbs))
  const cluster = [options.nodes, options.pods].find((s) => s.kind === 'cluster')?.cluster ?? null
  const release = await speakingRelease(options.kubeVersion, cluster)
  const rules: RuleOptions = {
    comparisonOperators: options.gates.TaintTolerationComparisonOperators,
    evictingNodes: options.evictingNodes,
    kubeVersion: release.version,
  }
  const input: DrainInput = {
    nodes: nodes.map((n) => ({ name: n.name, unschedulable: n.unschedulable })),
    pods: pods.map((p) => p.placement),
    budgets,
    workloads,
    flags,
    release: release.version,
  }
  const namespaces = await namespaceLabels(
    options,
    pods.map((p) => p.placement)
  )
  const { storage, notes } = await storageForPods(
    options.storage,
    pods.map((p) => p.placement)
  )
  collector.notes.push(...notes)
  const reading = { nodes: allNodes, pods, budgets, namespaces, workloads: index, storage }
  const replacementOf = replacementsOf(index, allNodes, rules)
  const follow = drainFollower(names, reading, replacementOf, rules)
  const settled = settle(input, replacementOf, (plan) => follow(plan.evictions))
  return { ...settled, release, budgetsRead: options.pdbs !== null, notes: collector.notes }
}

/** The replacements that land, Ready (as drain-timeline.ts assumes) when they are made. */
function landingsOf(followUp: EvictionFollowUp, replacementOf: ReplacementOf): Landing[] {
  return followUp.evictions.flatMap((e) => {
    if (e.replacement === null || e.replacement.node === null) return []
    const labels = replacementOf(e.pod).pod?.labels ?? e.pod.labels
    return [{ namespace: e.pod.namespace, labels, at: e.replacement.createdAfterSeconds }]
  })
}

/**
 * The drain and what follows it, each waiting on the other: a refused eviction goes through
 * once a replacement is Ready, and replacements follow the evictions. Planned again with the
 * landings the last follow-up found until they no longer change: a landing moves only
 * evictions later than itself, so each round settles at least one more of them.
 */
function settle(
  input: DrainInput,
  replacementOf: ReplacementOf,
  follow: (plan: DrainPlan) => EvictionFollowUp
): { plan: DrainPlan; followUp: EvictionFollowUp } {
  let landings: Landing[] = []
  for (let round = 0; ; round++) {
    const plan = planDrain({ ...input, landings })
    const followUp = follow(plan)
    const next = landingsOf(followUp, replacementOf)
    const same = JSON.stringify(next) === JSON.stringify(landings)
    if (same || round > input.pods.length) return { plan, followUp }
    landings = next
  }
}
